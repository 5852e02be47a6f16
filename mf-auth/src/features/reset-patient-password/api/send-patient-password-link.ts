import { useMutation } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { ResetPatientPasswordBody } from '@baridesk/contracts';

type MessageResponse = { message: string };

/** POST /api/reset-patient-password: e-mails a patient of the program a link to set the app password. */
export const sendPatientPasswordLink = (body: ResetPatientPasswordBody) => postJson<MessageResponse>('reset-patient-password', body);

export const sendPatientPasswordLinkMutationKey = ['auth', 'reset-patient-password'] as const;

export const useSendPatientPasswordLink = () =>
  useMutation({ mutationKey: sendPatientPasswordLinkMutationKey, mutationFn: sendPatientPasswordLink });
