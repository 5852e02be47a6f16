import { mfaCodeBody } from '@baridesk/contracts';
import { Box, Button, Stack, useValibotForm } from '@baridesk/ui';
import { applyFormErrors } from '../../../lib/form-errors';
import { CodeField } from './code-field';

export type CodeFormProps = {
  submitLabel: string;
  loadingText: string;
  /** Sends the code; a failure with a field message for `code` is shown under the field, any other goes to `onFailure`. */
  onCode: (code: string) => Promise<unknown>;
  onFailure: (error: unknown) => void;
  disabled?: boolean;
  /** Stretch the button across the form (the narrow sign-in card) or leave it its own width. */
  fullWidth?: boolean;
};

/** One authenticator code and a button: confirming a new app, or proving the one set up. */
export function CodeForm({ submitLabel, loadingText, onCode, onFailure, disabled = false, fullWidth = false }: CodeFormProps) {
  const form = useValibotForm(mfaCodeBody, { defaultValues: { code: '' } });
  const submitting = form.formState.isSubmitting;
  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      await onCode(code);
    } catch (error) {
      if (applyFormErrors(form, error, ['code'])) {
        form.resetField('code', { keepError: true });
        form.setFocus('code');
        return;
      }
      onFailure(error);
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-busy={submitting || undefined}>
      <Stack gap="4">
        <CodeField registration={form.register('code')} error={form.formState.errors.code?.message} disabled={disabled} />
        <Box>
          <Button type="submit" colorPalette="brand" width={fullWidth ? 'full' : undefined} loading={submitting} loadingText={loadingText} disabled={disabled}>
            {submitLabel}
          </Button>
        </Box>
      </Stack>
    </form>
  );
}
