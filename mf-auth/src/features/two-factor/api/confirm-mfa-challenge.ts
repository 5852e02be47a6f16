import { useMutation } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { MfaChallengeConfirmBody, MfaSignedInWithCodesResponse } from '@baridesk/contracts';

/**
 * POST /api/mfa/challenge/confirm: the new authenticator's first code turns it on and signs in. The
 * session is handed to the shell only after the user has saved the recovery codes (the screen does it).
 */
export const confirmMfaChallenge = (body: MfaChallengeConfirmBody) => postJson<MfaSignedInWithCodesResponse>('mfa/challenge/confirm', body);

export const useConfirmMfaChallenge = () =>
  useMutation({ mutationKey: ['auth', 'mfa', 'challenge', 'confirm'] as const, mutationFn: confirmMfaChallenge });
