import { Navigate, useLocation } from 'react-router-dom';
import { AUTH_FLOW_MESSAGES, securityAnswerBody } from '@baridesk/contracts';
import { Button, SelectField, Skeleton, Stack, TextField, useValibotForm } from '@baridesk/ui';
import { FormAlert } from '../../../components/form-alert';
import { applyFormErrors, messageOf } from '../../../lib/form-errors';
import { readSecurityStepState } from '../../../lib/login-flow';
import { useSecurityQuestions } from '../api/get-security-questions';
import { SignInStepFrame } from '../../../components/sign-in-step-frame';
import { useSecurityAnswer } from './use-security-answer';

/**
 * /setup-question: the account must have a security question and has none yet. Reached only from
 * the login form, which hands over the challenge; choosing one also completes the sign-in.
 */
export default function SetupQuestionScreen() {
  const step = readSecurityStepState(useLocation().state);
  if (!step) return <Navigate to="/login" replace />;
  return <SetupQuestionForm challenge={step.challenge} />;
}

function SetupQuestionForm({ challenge }: { challenge: string }) {
  const questions = useSecurityQuestions();
  // The whole body of the call is the form's value; the question (a select's string) and the answer are fields.
  const form = useValibotForm(securityAnswerBody, { defaultValues: { challenge, question_id: '', answer: '' } });
  const { submit, ended } = useSecurityAnswer({
    applyFieldErrors: (error) => applyFormErrors(form, error, ['question_id', 'answer']),
    onWrongAnswer: (message) => form.setError('answer', { type: 'server', message }, { shouldFocus: true }),
  });
  const submitting = form.formState.isSubmitting;
  const onSubmit = form.handleSubmit(async ({ question_id, answer }) => {
    // The contract leaves the question optional (the answer step has none); this step needs one.
    if (question_id === undefined) {
      form.setError('question_id', { type: 'required', message: AUTH_FLOW_MESSAGES.questionRequired }, { shouldFocus: true });
      return;
    }
    await submit({ challenge, question_id, answer });
  });
  const options = (questions.data ?? []).map((q) => ({ value: String(q.id), label: q.question }));
  const closed = ended !== null;

  return (
    <SignInStepFrame
      title="Set Up Security Question"
      intro="Choose a question and an answer only you know. We will ask it when you log in, to make sure it is you."
    >
      <form noValidate onSubmit={onSubmit} aria-busy={submitting || undefined}>
        <Stack gap="5">
          {ended ? <FormAlert status="error">{ended}</FormAlert> : null}
          {questions.isError ? (
            <Stack gap="2" align="flex-start">
              <FormAlert status="error" title="The security questions could not be loaded.">
                {messageOf(questions.error)}
              </FormAlert>
              <Button size="sm" variant="outline" onClick={() => void questions.refetch()}>
                Try again
              </Button>
            </Stack>
          ) : null}
          {questions.isPending ? (
            <Stack gap="2" role="status" aria-label="Loading the security questions">
              <Skeleton height="5" width="40%" />
              <Skeleton height="10" />
            </Stack>
          ) : (
            <SelectField
              form={form}
              name="question_id"
              label="Security question"
              placeholder="Select a question"
              options={options}
              required
              disabled={closed || questions.isError}
            />
          )}
          <TextField form={form} name="answer" label="Answer" autoComplete="off" required disabled={closed} />
          <Button
            type="submit"
            colorPalette="brand"
            width="full"
            loading={submitting}
            loadingText="Saving…"
            disabled={closed || !questions.isSuccess}
          >
            Save and Continue
          </Button>
        </Stack>
      </form>
    </SignInStepFrame>
  );
}
