import { useMutation } from '@tanstack/react-query';
import { login } from '@baridesk/api-client';
import type { LoginResponse } from '@baridesk/contracts';
import { bus } from '@baridesk/event-bus';
import { appStore } from '@baridesk/store';

export const loginMutationKey = ['auth', 'login'] as const;

/**
 * Hands a new session over: the store keeps the token and user, and the shell, told by the bus,
 * decides where the user goes and whether the no-events notice shows. The login screen never navigates.
 */
export function startSession({ data }: LoginResponse): void {
  appStore.getState().signIn({ token: data.token, user: data.user });
  bus.emit('auth:signed-in', { isEventExist: data.isEventExist });
}

/** POST /api/login; a success starts the session before the mutation resolves. */
export const useLogin = () => useMutation({ mutationKey: loginMutationKey, mutationFn: login, onSuccess: startSession });
