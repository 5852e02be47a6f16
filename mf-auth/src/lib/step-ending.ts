import { useState } from 'react';
import { ApiRequestError, notifyError } from '@baridesk/api-client';
import { leaveLoginFlow } from './login-flow';

/**
 * A sign-in step after the password (security question, second factor) that can no longer succeed — a
 * locked account, an expired or spent challenge, a throttled address, an account gone inactive — ends
 * with the notice and its message on the screen; the way back is a new sign-in. A server fault (5xx) or a
 * lost connection only shows the notice: the user may try again.
 */
export function useStepEnding() {
  const [ended, setEnded] = useState<string | null>(null);
  const endOn = (error: unknown) => {
    notifyError(error, 'Error');
    if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
      leaveLoginFlow();
      setEnded(error.message);
    }
  };
  return { ended, endOn };
}
