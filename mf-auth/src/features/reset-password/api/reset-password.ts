import { useMutation } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { ResetPasswordBody } from '@baridesk/contracts';

type MessageResponse = { message: string };

/** POST /api/reset-password: a staff account's new password from a reset, set or invitation link. */
export const resetPassword = (body: ResetPasswordBody) => postJson<MessageResponse>('reset-password', body);

export const resetPasswordMutationKey = ['auth', 'reset-password'] as const;

export const useResetPassword = () => useMutation({ mutationKey: resetPasswordMutationKey, mutationFn: resetPassword });
