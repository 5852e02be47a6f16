import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { MfaEnrolment, SignedIn } from '@baridesk/contracts';
import { Button, Skeleton, Stack } from '@baridesk/ui';
import { FormAlert } from '../../../components/form-alert';
import { SignInStepFrame } from '../../../components/sign-in-step-frame';
import { messageOf } from '../../../lib/form-errors';
import { readMfaStepState } from '../../../lib/login-flow';
import { startSession } from '../../../lib/start-session';
import { useStepEnding } from '../../../lib/step-ending';
import { useConfirmMfaChallenge } from '../api/confirm-mfa-challenge';
import { useStartMfaChallengeSetup } from '../api/start-mfa-challenge-setup';
import { CodeForm } from './code-form';
import { EnrolmentPanel } from './enrolment-panel';
import { RecoveryCodesPanel } from './recovery-codes-panel';

/**
 * /two-factor-setup: the account must sign in with a second factor and has none yet (a super admin where
 * the deployment requires it, staff of a program that does). Reached only from the sign-in steps, which
 * hand over the challenge: the key and QR code, the first code, then the recovery codes; the session is
 * handed to the shell once the user says the codes are saved.
 */
export default function TwoFactorSetupScreen() {
  const step = readMfaStepState(useLocation().state);
  if (!step) return <Navigate to="/login" replace />;
  return <TwoFactorSetup challenge={step.challenge} />;
}

function TwoFactorSetup({ challenge }: { challenge: string }) {
  const start = useStartMfaChallengeSetup();
  const { mutateAsync: confirm } = useConfirmMfaChallenge();
  const { ended, endOn } = useStepEnding();
  const [enrolment, setEnrolment] = useState<MfaEnrolment | null>(null);
  const [done, setDone] = useState<{ session: SignedIn; recoveryCodes: string[] } | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);

  // Each call makes a new key: one per visit (React's development double effect included).
  const asked = useRef(false);
  const ask = () => {
    setLoadError(null);
    start.mutate(
      { challenge },
      {
        onSuccess: ({ data }) => setEnrolment(data),
        onError: (error) => {
          setLoadError(error);
          endOn(error);
        },
      },
    );
  };
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    ask();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);

  if (done) {
    const { session, recoveryCodes } = done;
    return (
      <SignInStepFrame title="Set Up Two-Factor Authentication" intro="Your authenticator app is set up.">
        <RecoveryCodesPanel codes={recoveryCodes} doneLabel="Continue" onDone={() => startSession(session)} />
      </SignInStepFrame>
    );
  }

  return (
    <SignInStepFrame
      title="Set Up Two-Factor Authentication"
      intro="Your account signs in with a code from an authenticator app as well as your password. Set it up now to finish logging in."
    >
      <Stack gap="5">
        {ended ? <FormAlert status="error">{ended}</FormAlert> : null}
        {loadError && !ended ? (
          <Stack gap="2" align="flex-start">
            <FormAlert status="error" title="The setup key could not be made.">
              {messageOf(loadError)}
            </FormAlert>
            <Button size="sm" variant="outline" onClick={ask}>
              Try again
            </Button>
          </Stack>
        ) : null}
        {enrolment ? (
          <>
            <EnrolmentPanel enrolment={enrolment} />
            <CodeForm
              submitLabel="Verify and Continue"
              loadingText="Checking…"
              fullWidth
              disabled={ended !== null}
              onCode={async (code) => {
                const { data } = await confirm({ challenge, code });
                const { recoveryCodes, ...session } = data;
                setDone({ session, recoveryCodes });
              }}
              onFailure={endOn}
            />
          </>
        ) : loadError ? null : (
          <Stack gap="3" role="status" aria-label="Making your setup key">
            <Skeleton height="44" width="44" />
            <Skeleton height="5" />
          </Stack>
        )}
      </Stack>
    </SignInStepFrame>
  );
}
