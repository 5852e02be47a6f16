import { useMutation } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { MfaChallengeSetupBody, MfaEnrolmentResponse } from '@baridesk/contracts';

/** POST /api/mfa/challenge/setup: a new authenticator (key, QR code) for the account signing in. */
export const startMfaChallengeSetup = (body: MfaChallengeSetupBody) => postJson<MfaEnrolmentResponse>('mfa/challenge/setup', body);

export const useStartMfaChallengeSetup = () =>
  useMutation({ mutationKey: ['auth', 'mfa', 'challenge', 'setup'] as const, mutationFn: startMfaChallengeSetup });
