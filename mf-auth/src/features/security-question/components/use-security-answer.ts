import { useState } from 'react';
import { ApiRequestError, notifyError } from '@baridesk/api-client';
import { AUTH_FLOW_MESSAGES, type SecurityAnswerBody } from '@baridesk/contracts';
import { leaveLoginFlow } from '../../../lib/login-flow';
import { useAnswerSecurityQuestion } from '../api/answer-security-question';

export type SecurityAnswerHandlers = {
  /** Puts the call's field messages on the form; false when it had none for this form. */
  applyFieldErrors: (error: unknown) => boolean;
  /** A wrong answer: said under the Answer field, the user tries again. */
  onWrongAnswer: (message: string) => void;
};

/**
 * Sends a security answer; a right one completes the sign-in (the shell takes over). A step that can
 * no longer succeed (locked account, expired or spent challenge, throttled) ends with the notice and
 * a message on the screen; the way back is a new sign-in.
 */
export function useSecurityAnswer({ applyFieldErrors, onWrongAnswer }: SecurityAnswerHandlers) {
  const { mutateAsync } = useAnswerSecurityQuestion();
  const [ended, setEnded] = useState<string | null>(null);

  const submit = async (body: SecurityAnswerBody) => {
    try {
      await mutateAsync(body);
    } catch (error) {
      if (applyFieldErrors(error)) return;
      if (isWrongAnswer(error)) {
        onWrongAnswer((error as ApiRequestError).message);
        return;
      }
      notifyError(error, 'Error');
      if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
        leaveLoginFlow();
        setEnded(error.message);
      }
    }
  };

  return { submit, ended };
}

/** A wrong answer the user may correct; any other refusal ends the step. */
export function isWrongAnswer(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError && error.message === AUTH_FLOW_MESSAGES.wrongSecurityAnswer;
}
