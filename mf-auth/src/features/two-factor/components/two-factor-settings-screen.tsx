import { type ReactNode, useId, useState } from 'react';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { mfaDisableBody, mfaSetupBody, type MfaEnrolment, type MfaStatus } from '@baridesk/contracts';
import { formatDate } from '@baridesk/domain';
import { Badge, Box, Button, Card, Heading, PageFrame, PasswordField, Skeleton, Stack, Text, useValibotForm } from '@baridesk/ui';
import { FormAlert } from '../../../components/form-alert';
import { applyFormErrors, messageOf } from '../../../lib/form-errors';
import { useConfirmMfaSetup } from '../api/confirm-mfa-setup';
import { useDisableMfa } from '../api/disable-mfa';
import { useMfaStatus } from '../api/get-mfa-status';
import { useRenewRecoveryCodes } from '../api/renew-recovery-codes';
import { useStartMfaSetup } from '../api/start-mfa-setup';
import { CodeField } from './code-field';
import { CodeForm } from './code-form';
import { EnrolmentPanel } from './enrolment-panel';
import { RecoveryCodesPanel } from './recovery-codes-panel';

/**
 * /two-factor-authentication (staff) and /admin/two-factor-authentication (super admins): the signed-in
 * user's own second factor — whether it is on, setting it up, new recovery codes, turning it off (not
 * offered while the account must have it).
 */
export default function TwoFactorSettingsScreen() {
  const status = useMfaStatus();
  return (
    <PageFrame title="Two-Factor Authentication">
      <Box maxW="2xl">
        {status.isPending ? (
          <Stack gap="3" role="status" aria-label="Loading two-factor authentication">
            <Skeleton height="6" width="50%" />
            <Skeleton height="24" />
          </Stack>
        ) : status.isError ? (
          <Stack gap="2" align="flex-start">
            <FormAlert status="error" title="Two-factor authentication could not be loaded.">
              {messageOf(status.error)}
            </FormAlert>
            <Button size="sm" variant="outline" onClick={() => void status.refetch()}>
              Try again
            </Button>
          </Stack>
        ) : (
          <Settings status={status.data} />
        )}
      </Box>
    </PageFrame>
  );
}

/** A card that screen readers list as a region named by its heading. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card.Root as="section" aria-labelledby={headingId}>
      <Card.Body>
        <Stack gap="4">
          <Heading as="h2" size="md" id={headingId}>
            {title}
          </Heading>
          {children}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** What the page shows below the status: nothing under way, a new app being added, or codes to save. */
type Task = { kind: 'none' } | { kind: 'enrol'; enrolment: MfaEnrolment } | { kind: 'codes'; codes: string[] };

function Settings({ status }: { status: MfaStatus }) {
  const [task, setTask] = useState<Task>({ kind: 'none' });
  const { mutateAsync: confirm } = useConfirmMfaSetup();
  const { mutateAsync: renew } = useRenewRecoveryCodes();

  if (task.kind === 'codes') {
    return (
      <Card.Root>
        <Card.Body>
          <RecoveryCodesPanel codes={task.codes} doneLabel="Done" onDone={() => setTask({ kind: 'none' })} />
        </Card.Body>
      </Card.Root>
    );
  }

  return (
    <Stack gap="6">
      <Stack gap="2">
        <Box>
          <Badge colorPalette={status.enabled ? 'green' : 'gray'} size="lg">
            {status.enabled ? 'On' : 'Off'}
          </Badge>
        </Box>
        <Text>
          {status.enabled
            ? `You sign in with your password and a code from your authenticator app${status.confirmedAt ? ` (since ${formatDate(status.confirmedAt)})` : ''}.`
            : 'You sign in with your password alone. Add an authenticator app so that a stolen password is not enough to get in.'}
        </Text>
        {status.required ? (
          <Text color="fg.muted">{status.enabled ? 'It is required for your account and cannot be turned off.' : 'It is required for your account.'}</Text>
        ) : null}
      </Stack>

      {!status.enabled ? (
        task.kind === 'enrol' ? (
          <Section title="Set up your authenticator app">
            <EnrolmentPanel enrolment={task.enrolment} />
            <CodeForm
              submitLabel="Verify and Turn On"
              loadingText="Checking…"
              onCode={async (code) => {
                const { data } = await confirm({ code });
                notifySuccess('Two-factor authentication is on.');
                setTask({ kind: 'codes', codes: data.recoveryCodes });
              }}
              onFailure={(error) => notifyError(error)}
            />
            <Box>
              <Button variant="outline" onClick={() => setTask({ kind: 'none' })}>
                Cancel
              </Button>
            </Box>
          </Section>
        ) : (
          <StartSetup onStarted={(enrolment) => setTask({ kind: 'enrol', enrolment })} />
        )
      ) : (
        <>
          <Section title="Recovery codes">
            <Text>
              {status.recoveryCodesLeft === 1 ? '1 recovery code is' : `${status.recoveryCodesLeft} recovery codes are`} left.
              New codes replace all the old ones; enter a code from your app to get them.
            </Text>
            <CodeForm
              submitLabel="Get New Recovery Codes"
              loadingText="Making codes…"
              onCode={async (code) => {
                const { data } = await renew({ code });
                setTask({ kind: 'codes', codes: data.recoveryCodes });
              }}
              onFailure={(error) => notifyError(error)}
            />
          </Section>
          {status.required ? null : <TurnOff />}
        </>
      )}
    </Stack>
  );
}

/** Setting it up starts with the password again (a session left open must not bind someone else's app). */
function StartSetup({ onStarted }: { onStarted: (enrolment: MfaEnrolment) => void }) {
  const form = useValibotForm(mfaSetupBody, { defaultValues: { password: '' } });
  const { mutateAsync: start } = useStartMfaSetup();
  const submitting = form.formState.isSubmitting;
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      onStarted((await start(body)).data);
    } catch (error) {
      if (applyFormErrors(form, error, ['password'])) return;
      notifyError(error);
    }
  });
  return (
    <Section title="Set up an authenticator app">
      <form noValidate onSubmit={onSubmit} aria-busy={submitting || undefined}>
        <Stack gap="4">
          <Text>Confirm your password to begin.</Text>
          <PasswordField form={form} name="password" label="Password" autoComplete="current-password" required />
          <Box>
            <Button type="submit" colorPalette="brand" loading={submitting} loadingText="Preparing…">
              Set Up Authenticator App
            </Button>
          </Box>
        </Stack>
      </form>
    </Section>
  );
}

/** Turning it off asks for both the password and a current code. */
function TurnOff() {
  const form = useValibotForm(mfaDisableBody, { defaultValues: { password: '', code: '' } });
  const { mutateAsync: disable } = useDisableMfa();
  const submitting = form.formState.isSubmitting;
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const { message } = await disable(body);
      notifySuccess(message);
    } catch (error) {
      if (applyFormErrors(form, error, ['password', 'code'])) return;
      notifyError(error);
    }
  });
  return (
    <Section title="Turn off two-factor authentication">
      <form noValidate onSubmit={onSubmit} aria-busy={submitting || undefined}>
        <Stack gap="4">
          <Text>Your password alone will sign you in again. Your authenticator app and recovery codes stop working.</Text>
          <PasswordField form={form} name="password" label="Password" autoComplete="current-password" required />
          <CodeField registration={form.register('code')} error={form.formState.errors.code?.message} />
          <Box>
            <Button type="submit" colorPalette="red" variant="outline" loading={submitting} loadingText="Turning off…">
              Turn Off
            </Button>
          </Box>
        </Stack>
      </form>
    </Section>
  );
}
