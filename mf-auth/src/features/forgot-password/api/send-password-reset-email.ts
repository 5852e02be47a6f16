import { useMutation } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { SendPasswordResetEmailBody } from '@baridesk/contracts';

type MessageResponse = { message: string };

/** POST /api/send-password-reset-email: the same answer whether the address is known or not. */
export const sendPasswordResetEmail = (body: SendPasswordResetEmailBody) =>
  postJson<MessageResponse>('send-password-reset-email', body);

export const sendPasswordResetEmailMutationKey = ['auth', 'send-password-reset-email'] as const;

export const useSendPasswordResetEmail = () =>
  useMutation({ mutationKey: sendPasswordResetEmailMutationKey, mutationFn: sendPasswordResetEmail });
