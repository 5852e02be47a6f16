import { useMutation } from '@tanstack/react-query';
import { login } from '@baridesk/api-client';
import { bus } from '@baridesk/event-bus';
import { isMfaStep, isSecurityStep, type LoginResponse } from '@baridesk/contracts';
import { startSession } from '../../../lib/start-session';

export const loginMutationKey = ['auth', 'login'] as const;

/**
 * POST /api/login. A completed sign-in starts the session (lib/start-session) before the mutation
 * resolves; a security-question or second-factor step is left to the caller, which sends the user to it.
 */
export const useLogin = () =>
  useMutation({
    mutationKey: loginMutationKey,
    mutationFn: login,
    // While the server checks the password, the shell fetches the code of the page the user lands on.
    onMutate: () => bus.emit('auth:signing-in'),
    onSuccess: ({ data }: LoginResponse) => {
      if (!isSecurityStep(data) && !isMfaStep(data)) startSession(data);
    },
  });
