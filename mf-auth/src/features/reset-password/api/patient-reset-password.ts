import { useMutation } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { PatientResetPasswordBody } from '@baridesk/contracts';

type MessageResponse = { message: string };

/** POST /api/patient/reset-password: a patient's new password for the app, from a link with the patient's id. */
export const patientResetPassword = (body: PatientResetPasswordBody) => postJson<MessageResponse>('patient/reset-password', body);

export const patientResetPasswordMutationKey = ['auth', 'patient', 'reset-password'] as const;

export const usePatientResetPassword = () =>
  useMutation({ mutationKey: patientResetPasswordMutationKey, mutationFn: patientResetPassword });
