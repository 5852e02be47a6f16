import { useMutation } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { MfaEnrolmentResponse } from '@baridesk/contracts';

/** POST /api/mfa/setup: a new authenticator (key, QR code) for the signed-in user, waiting for its first code. */
export const startMfaSetup = () => postJson<MfaEnrolmentResponse>('mfa/setup', {});

export const useStartMfaSetup = () => useMutation({ mutationKey: ['auth', 'mfa', 'setup'] as const, mutationFn: startMfaSetup });
