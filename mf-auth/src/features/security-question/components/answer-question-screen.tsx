import { Navigate, useLocation } from 'react-router-dom';
import { securityAnswerBody } from '@baridesk/contracts';
import { Box, Button, Stack, Text, TextField, useValibotForm } from '@baridesk/ui';
import { FormAlert } from '../../../components/form-alert';
import { applyFormErrors } from '../../../lib/form-errors';
import { readSecurityStepState } from '../../../lib/login-flow';
import { SignInStepFrame } from '../../../components/sign-in-step-frame';
import { useSecurityAnswer } from './use-security-answer';

/**
 * /answer-question: the second step of signing in for an account with a security question. Reached
 * only from the login form, which hands over the challenge and the question.
 */
export default function AnswerQuestionScreen() {
  const step = readSecurityStepState(useLocation().state);
  if (!step?.question) return <Navigate to="/login" replace />;
  return <AnswerQuestionForm challenge={step.challenge} question={step.question.question} />;
}

function AnswerQuestionForm({ challenge, question }: { challenge: string; question: string }) {
  // The whole body of the call is the form's value; only the answer is a field.
  const form = useValibotForm(securityAnswerBody, { defaultValues: { challenge, answer: '' } });
  const { submit, ended } = useSecurityAnswer({
    applyFieldErrors: (error) => applyFormErrors(form, error, ['answer']),
    onWrongAnswer: (message) => form.setError('answer', { type: 'server', message }, { shouldFocus: true }),
  });
  const submitting = form.formState.isSubmitting;
  const onSubmit = form.handleSubmit(({ answer }) => submit({ challenge, answer }));

  return (
    <SignInStepFrame title="Security Question" intro="Please answer your security question to finish logging in.">
      <form noValidate onSubmit={onSubmit} aria-busy={submitting || undefined}>
        <Stack gap="5">
          {ended ? <FormAlert status="error">{ended}</FormAlert> : null}
          <Box bg="bg.subtle" borderRadius="md" p="3">
            <Text fontSize="sm" color="fg.muted">
              Your question
            </Text>
            <Text fontWeight="semibold">
              {question}
            </Text>
          </Box>
          <TextField form={form} name="answer" label="Answer" autoComplete="off" required disabled={ended !== null} />
          <Button type="submit" colorPalette="brand" width="full" loading={submitting} loadingText="Checking…" disabled={ended !== null}>
            Continue
          </Button>
        </Stack>
      </form>
    </SignInStepFrame>
  );
}
