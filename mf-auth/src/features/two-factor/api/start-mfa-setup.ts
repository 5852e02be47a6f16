import { useMutation } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { MfaEnrolmentResponse, MfaSetupBody } from '@baridesk/contracts';

/** POST /api/mfa/setup: with the password again, a new authenticator (key, QR code) waiting for its first code. */
export const startMfaSetup = (body: MfaSetupBody) => postJson<MfaEnrolmentResponse>('mfa/setup', body);

export const useStartMfaSetup = () => useMutation({ mutationKey: ['auth', 'mfa', 'setup'] as const, mutationFn: startMfaSetup });
