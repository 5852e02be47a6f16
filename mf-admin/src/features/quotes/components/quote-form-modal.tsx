import { notifyError, notifySuccess } from '@baridesk/api-client';
import { QUOTE_MAX_LENGTH, quoteStoreBody, type Quote } from '@baridesk/contracts';
import { Stack, TextareaField, useFormSubmit, useValibotForm } from '@baridesk/ui';
import { FormModal } from '@baridesk/ui/overlays';
import { SwitchField } from '@baridesk/ui/controls';
import { DatePickerField } from '@baridesk/ui/dates';
import { useCreateQuote } from '../api/create-quote';
import { useUpdateQuote } from '../api/update-quote';

export type QuoteFormModalProps = {
  /** The quote to edit; none to create one. */
  quote?: Quote;
  onClose: () => void;
};

/** Create or edit a quote of the day: its text (with its length against the limit), its date and Active. */
export function QuoteFormModal({ quote, onClose }: QuoteFormModalProps) {
  const create = useCreateQuote();
  const update = useUpdateQuote();
  const form = useValibotForm(quoteStoreBody, {
    defaultValues: {
      description: quote?.description ?? '',
      date_quote: quote?.date_quote ?? '',
      status: quote ? quote.status === 1 : true,
    },
  });
  const { isSubmitting } = form.formState;

  const submit = useFormSubmit(
    form,
    (values) => (quote ? update.mutateAsync({ id: quote.id, ...values }) : create.mutateAsync(values)),
    { notifySuccess, notifyError, onSaved: onClose },
  );

  return (
    <FormModal
      title={quote ? 'Edit Quote' : 'Add Quote'}
      submitLabel={quote ? 'Save Changes' : 'Add Quote'}
      submitting={isSubmitting}
      onSubmit={submit}
      onClose={onClose}
      size="lg"
    >
      <Stack gap="4">
        <TextareaField form={form} name="description" label="Quote" required rows={4} maxLength={QUOTE_MAX_LENGTH} showCount />
        <DatePickerField form={form} name="date_quote" label="Date" required helperText="One quote per day." />
        <SwitchField form={form} name="status" label="Active" />
      </Stack>
    </FormModal>
  );
}
