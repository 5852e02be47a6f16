import { useMutation } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { RegisterBody } from '@baridesk/contracts';

type MessageResponse = { message: string };

/** POST /api/register: a new self-service practice and its owner's account (201; the address is confirmed by e-mail). */
export const register = (body: RegisterBody) => postJson<MessageResponse>('register', body);

export const registerMutationKey = ['auth', 'register'] as const;

export const useRegister = () => useMutation({ mutationKey: registerMutationKey, mutationFn: register });
