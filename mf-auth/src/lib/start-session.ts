import type { SignedIn } from '@baridesk/contracts';
import { bus } from '@baridesk/event-bus';
import { appStore } from '@baridesk/store';
import { leaveLoginFlow } from './login-flow';

/**
 * Hands a new session over: the store keeps the token and user, and the shell, told by the bus,
 * decides where the user goes and whether the no-events notice shows. Sign-in screens never navigate.
 * Shared by the login form and the security-question steps (and SSO) so they cannot drift apart.
 */
export function startSession(session: SignedIn): void {
  leaveLoginFlow();
  appStore.getState().signIn({ token: session.token, user: session.user });
  bus.emit('auth:signed-in', { isEventExist: session.isEventExist });
}
