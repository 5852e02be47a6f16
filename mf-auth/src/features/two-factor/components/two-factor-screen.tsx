import { useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { mfaChallengeBody } from '@baridesk/contracts';
import { Button, Stack, useValibotForm } from '@baridesk/ui';
import { FormAlert } from '../../../components/form-alert';
import { SignInStepFrame } from '../../../components/sign-in-step-frame';
import { applyFormErrors } from '../../../lib/form-errors';
import { readMfaStepState } from '../../../lib/login-flow';
import { useStepEnding } from '../../../lib/step-ending';
import { useAnswerMfaChallenge } from '../api/answer-mfa-challenge';
import { CodeField } from './code-field';

/**
 * /two-factor: the authenticator's code after the password (and the security question). Reached only from
 * the sign-in steps, which hand over the challenge. A recovery code may be given instead.
 */
export default function TwoFactorScreen() {
  const step = readMfaStepState(useLocation().state);
  if (!step) return <Navigate to="/login" replace />;
  return <TwoFactorForm challenge={step.challenge} />;
}

function TwoFactorForm({ challenge }: { challenge: string }) {
  const [recovery, setRecovery] = useState(false);
  const form = useValibotForm(mfaChallengeBody, { defaultValues: { challenge, code: '', recovery_code: '' } });
  const { mutateAsync } = useAnswerMfaChallenge();
  const { ended, endOn } = useStepEnding();
  const submitting = form.formState.isSubmitting;
  const field = recovery ? 'recovery_code' : 'code';

  const onSubmit = form.handleSubmit(async ({ code, recovery_code }) => {
    try {
      // Only the field on the screen is sent.
      await mutateAsync(recovery ? { challenge, code: '', recovery_code } : { challenge, code, recovery_code: '' });
    } catch (error) {
      if (applyFormErrors(form, error, ['code', 'recovery_code'])) {
        form.resetField(field, { keepError: true });
        form.setFocus(field);
        return;
      }
      endOn(error);
    }
  });

  const switchKind = () => {
    form.clearErrors();
    form.setValue(field, '');
    setRecovery(!recovery);
  };

  // The contract reports "neither was given" on `code`; in recovery mode that belongs under the recovery field.
  const errors = form.formState.errors;
  const error = recovery ? (errors.recovery_code?.message ?? errors.code?.message) : errors.code?.message;
  const closed = ended !== null;

  return (
    <SignInStepFrame
      title="Two-Factor Authentication"
      intro={
        recovery
          ? 'Enter one of the recovery codes you saved when you set up your authenticator app.'
          : 'Open your authenticator app and enter the code it shows for BariDesk to finish logging in.'
      }
    >
      <form noValidate onSubmit={onSubmit} aria-busy={submitting || undefined}>
        <Stack gap="5">
          {ended ? <FormAlert status="error">{ended}</FormAlert> : null}
          <CodeField
            key={field}
            registration={form.register(field)}
            kind={recovery ? 'recovery' : 'authenticator'}
            error={error}
            disabled={closed}
          />
          <Button type="submit" colorPalette="brand" width="full" loading={submitting} loadingText="Checking…" disabled={closed}>
            Verify
          </Button>
          <Button type="button" variant="plain" colorPalette="brand" size="sm" onClick={switchKind} disabled={closed}>
            {recovery ? 'Use the authenticator app instead' : 'Use a recovery code instead'}
          </Button>
        </Stack>
      </form>
    </SignInStepFrame>
  );
}
