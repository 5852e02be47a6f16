import { useNavigate } from 'react-router-dom';
import { ApiRequestError } from '@baridesk/api-client';
import { AUTH_FLOW_MESSAGES, isMfaStep, type SecurityAnswerBody } from '@baridesk/contracts';
import { mfaStepRoute } from '../../../lib/login-flow';
import { useStepEnding } from '../../../lib/step-ending';
import { useAnswerSecurityQuestion } from '../api/answer-security-question';

export type SecurityAnswerHandlers = {
  /** Puts the call's field messages on the form; false when it had none for this form. */
  applyFieldErrors: (error: unknown) => boolean;
  /** A wrong answer: said under the Answer field, the user tries again. */
  onWrongAnswer: (message: string) => void;
};

/**
 * Sends a security answer; a right one completes the sign-in (the shell takes over) or leads to the
 * second factor. A step that can no longer succeed ends (lib/step-ending).
 */
export function useSecurityAnswer({ applyFieldErrors, onWrongAnswer }: SecurityAnswerHandlers) {
  const { mutateAsync } = useAnswerSecurityQuestion();
  const navigate = useNavigate();
  const { ended, endOn } = useStepEnding();
  const submit = async (body: SecurityAnswerBody) => {
    try {
      const { data } = await mutateAsync(body);
      // The second factor comes after the question: the tab stays in the login flow.
      if (isMfaStep(data)) {
        const { to, state } = mfaStepRoute(data);
        void navigate(to, { state, replace: true });
      }
    } catch (error) {
      if (applyFieldErrors(error)) return;
      if (isWrongAnswer(error)) {
        onWrongAnswer((error as ApiRequestError).message);
        return;
      }
      endOn(error);
    }
  };
  return { submit, ended };
}

/** A wrong answer the user may correct; any other refusal ends the step. */
export function isWrongAnswer(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError && error.message === AUTH_FLOW_MESSAGES.wrongSecurityAnswer;
}
