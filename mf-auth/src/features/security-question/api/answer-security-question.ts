import { useMutation } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import { isMfaStep, type SecurityAnswerBody, type SecurityAnswerResponse } from '@baridesk/contracts';
import { startSession } from '../../../lib/start-session';

/** POST /api/security-answer: the challenge of the login answer and the answer (with the chosen question when setting one up). */
export const answerSecurityQuestion = (body: SecurityAnswerBody) => postJson<SecurityAnswerResponse>('security-answer', body);

export const answerSecurityQuestionMutationKey = ['auth', 'security-answer'] as const;

/**
 * A right answer completes the sign-in exactly as the login form does (lib/start-session), unless the
 * second factor comes next: that step is left to the caller, which sends the user to it.
 */
export const useAnswerSecurityQuestion = () =>
  useMutation({
    mutationKey: answerSecurityQuestionMutationKey,
    mutationFn: answerSecurityQuestion,
    onSuccess: ({ data }) => {
      if (!isMfaStep(data)) startSession(data);
    },
  });
