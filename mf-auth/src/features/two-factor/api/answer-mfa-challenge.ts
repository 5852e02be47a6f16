import { useMutation } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { MfaChallengeBody, MfaSignedInResponse } from '@baridesk/contracts';
import { startSession } from '../../../lib/start-session';

/** POST /api/mfa/challenge: the sign-in's challenge and the authenticator's code (or a recovery code). */
export const answerMfaChallenge = (body: MfaChallengeBody) => postJson<MfaSignedInResponse>('mfa/challenge', body);

export const answerMfaChallengeMutationKey = ['auth', 'mfa', 'challenge'] as const;

/** A right code completes the sign-in exactly as the login form does (lib/start-session). */
export const useAnswerMfaChallenge = () =>
  useMutation({
    mutationKey: answerMfaChallengeMutationKey,
    mutationFn: answerMfaChallenge,
    onSuccess: ({ data }) => startSession(data),
  });
