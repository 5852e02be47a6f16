import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getJson, queryOf } from '@baridesk/api-client';
import {
  MESSAGE_CHANNEL_OPTIONS,
  MESSAGE_TEMPLATE_MAX_LENGTH,
  type AudienceCountBody,
  type MessageTemplate,
  type Page,
  type PreLoadFilters,
  onDemandMessageBody,
} from '@baridesk/contracts';
import { STAGES, formatAmount } from '@baridesk/domain';
import {
  Box,
  Button,
  Fieldset,
  HStack,
  List,
  NativeSelect,
  SelectField,
  SimpleGrid,
  Stack,
  Text,
  TextField,
  TextareaField,
  VisuallyHidden,
  Field,
  type ValibotFormReturn,
} from '@baridesk/ui';
import { CheckboxGroupField, RadioGroup } from '@baridesk/ui/controls';
import { PatientSearchPicker, useDebouncedValue } from '@baridesk/ui/lists';
import { useAudienceCount } from '../api/on-demand-messages';

/** The form of a message's content and audience (an on-demand message; a scheduled one adds when). */
export type ComposeForm = ValibotFormReturn<typeof onDemandMessageBody>;
export type AudienceMode = 'patients' | 'filter';
export type ChosenPatient = { id: number; name: string };

/** The first form values of a new message: the app inbox, and chosen patients (none yet). */
export const NEW_MESSAGE_VALUES = {
  title: '',
  message: '',
  channels: ['inbox' as const],
  message_template_id: null,
  patient_ids: [] as number[],
  filter: null,
};

/** The audience the form names now, as the count call takes it (null while there is none to count). */
export function audienceOfForm(mode: AudienceMode, patientIds: readonly number[], filter: Record<string, unknown> | null | undefined): AudienceCountBody | null {
  if (mode === 'patients') return patientIds.length ? { patient_ids: [...patientIds] } : null;
  const set = Object.fromEntries(Object.entries(filter ?? {}).filter(([, value]) => value !== '' && value !== undefined && value !== null));
  return { filter: set as AudienceCountBody['filter'] };
}

/** The audience the form names now (debounced, as typing goes on) and how many patients it reaches. */
export function useComposeAudience(form: ComposeForm, mode: AudienceMode, chosen: ChosenPatient[]) {
  const filter = form.watch('filter') as Record<string, unknown> | null | undefined;
  const body = useDebouncedValue(audienceOfForm(mode, chosen.map((p) => p.id), filter));
  const count = useAudienceCount(body);
  return { body, count };
}

/** The filter fields, blank: a blank filter filters nothing (an untouched field would otherwise be null, which the filter refuses). */
export const BLANK_FILTER = { search: '', stage: '', tag: '', coordinator: '', surgery_from: '', surgery_to: '' };

/** Switches the form between chosen patients and a filter: the other one is left out of the call. */
export function switchAudience(form: ComposeForm, mode: AudienceMode, chosen: ChosenPatient[]) {
  form.setValue('patient_ids', mode === 'patients' ? chosen.map((p) => p.id) : null);
  form.setValue('filter', mode === 'filter' ? (BLANK_FILTER as never) : null);
  form.clearErrors(['patient_ids', 'filter']);
}

const useTemplates = () =>
  useQuery({
    queryKey: ['message-templates', 'active-all'],
    queryFn: ({ signal }) =>
      getJson<{ data: Page<MessageTemplate> }>('alerts/message-templates', { searchParams: queryOf({ perPage: 'All', status: 1, sort: 'title' }), signal }),
    staleTime: 60_000,
  });

const usePreLoadFilters = () =>
  useQuery({
    queryKey: ['pre-load-filters'],
    queryFn: ({ signal }) => getJson<{ data: PreLoadFilters }>('pre-load-filters', { signal }),
    staleTime: 5 * 60_000,
  });

/**
 * The content and audience of a message: from a template or new (title, text), the channels, and who
 * gets it — chosen patients (a searchable picker) or a filter of the patient list — with the number of
 * patients it reaches now, read as the choice changes.
 */
export function ComposeFields({
  form,
  mode,
  onModeChange,
  chosen,
  onChosenChange,
  audience,
}: {
  form: ComposeForm;
  mode: AudienceMode;
  onModeChange: (mode: AudienceMode) => void;
  chosen: ChosenPatient[];
  onChosenChange: (chosen: ChosenPatient[]) => void;
  /** The audience and its count (useComposeAudience). */
  audience: ReturnType<typeof useComposeAudience>;
}) {
  const templates = useTemplates();
  const templateSelectId = useId();
  const audienceError = form.formState.errors.patient_ids?.message ?? form.formState.errors.filter?.message;
  const { body: audienceBody, count } = audience;

  const applyTemplate = (id: string) => {
    const template = templates.data?.data.data.find((t) => String(t.id) === id);
    form.setValue('message_template_id', template ? template.id : null, { shouldDirty: true });
    if (template) {
      form.setValue('title', template.title, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
      form.setValue('message', template.message, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    }
  };

  const setChosen = (next: ChosenPatient[]) => {
    onChosenChange(next);
    form.setValue('patient_ids', next.map((p) => p.id), { shouldValidate: form.formState.isSubmitted, shouldDirty: true });
  };

  return (
    <Stack gap="4">
      <Field.Root>
        <Field.Label htmlFor={templateSelectId}>Start from a template</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            id={templateSelectId}
            value={String(form.watch('message_template_id') ?? '')}
            onChange={(event) => applyTemplate(event.currentTarget.value)}
          >
            <option value="">New message (no template)</option>
            {(templates.data?.data.data ?? []).map((template) => (
              <option key={template.id} value={template.id}>
                {template.title}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.HelperText>A template fills the title and the text; you can still change them.</Field.HelperText>
      </Field.Root>
      <TextField form={form} name="title" label="Title" required />
      <TextareaField form={form} name="message" label="Message" required rows={5} maxLength={MESSAGE_TEMPLATE_MAX_LENGTH} showCount />
      <CheckboxGroupField form={form} name="channels" legend="Channels" helperText="How the message reaches the patients." options={MESSAGE_CHANNEL_OPTIONS} />

      <Fieldset.Root invalid={Boolean(audienceError)}>
        <Fieldset.Legend>Recipients</Fieldset.Legend>
        <RadioGroup.Root value={mode} onValueChange={(details) => onModeChange(details.value as AudienceMode)}>
          <HStack gap="6" wrap="wrap">
            <RadioGroup.Item value="patients">
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>Chosen patients</RadioGroup.ItemText>
            </RadioGroup.Item>
            <RadioGroup.Item value="filter">
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>Patients matching filters</RadioGroup.ItemText>
            </RadioGroup.Item>
          </HStack>
        </RadioGroup.Root>
        {mode === 'patients' ? <PatientPicker chosen={chosen} onChange={setChosen} /> : <AudienceFilters form={form} />}
        {audienceError ? <Fieldset.ErrorText>{audienceError}</Fieldset.ErrorText> : null}
      </Fieldset.Root>

      <Text role="status" aria-live="polite" fontWeight="semibold" data-testid="audience-count">
        {audienceBody === null
          ? 'No recipients yet.'
          : count.data
            ? `${formatAmount(count.data.data.count)} ${count.data.data.count === 1 ? 'patient' : 'patients'} will receive this message.`
            : count.isError
              ? 'The number of recipients could not be counted.'
              : 'Counting the recipients…'}
      </Text>
    </Stack>
  );
}

/** The patient list's filters a message can go to (active patients only: the delivery sends to those). */
function AudienceFilters({ form }: { form: ComposeForm }) {
  const choices = usePreLoadFilters().data?.data;
  const named = (items: readonly { id: number; name: string }[] | undefined) => (items ?? []).map((item) => ({ value: String(item.id), label: item.name }));
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3" mt="2">
      <TextField form={form} name={'filter.search' as never} label="Name, e-mail or phone contains" />
      <SelectField form={form} name={'filter.stage' as never} label="Stage" placeholder="Any stage" options={STAGES.map((s) => ({ value: String(s.id), label: s.label }))} />
      <SelectField form={form} name={'filter.tag' as never} label="Tag" placeholder="Any tag" options={named(choices?.tags)} />
      <SelectField form={form} name={'filter.coordinator' as never} label="Insurance coordinator" placeholder="Any coordinator" options={named(choices?.coordinators)} />
      <TextField form={form} name={'filter.surgery_from' as never} label="Surgery date from" type="date" />
      <TextField form={form} name={'filter.surgery_to' as never} label="Surgery date to" type="date" />
    </SimpleGrid>
  );
}

/** Search the program's active patients and add them one by one; the chosen ones are listed with Remove. */
function PatientPicker({ chosen, onChange }: { chosen: ChosenPatient[]; onChange: (chosen: ChosenPatient[]) => void }) {
  const chosenId = useId();
  return (
    <Stack gap="3" mt="2">
      <PatientSearchPicker
        label="Find patients"
        excludeIds={chosen.map((p) => p.id)}
        onPick={(patient) => onChange([...chosen, { id: patient.id, name: patient.name }])}
      />
      <Box>
        <Text fontWeight="medium" id={chosenId}>
          Chosen ({chosen.length})
        </Text>
        {chosen.length === 0 ? (
          <Text color="fg.muted">No patient chosen yet.</Text>
        ) : (
          <List.Root variant="plain" aria-labelledby={chosenId} gap="1">
            {chosen.map((patient) => (
              <List.Item key={patient.id} display="flex" justifyContent="space-between" alignItems="center" gap="2">
                <Text>{patient.name}</Text>
                <Button size="xs" variant="ghost" colorPalette="gray" onClick={() => onChange(chosen.filter((p) => p.id !== patient.id))}>
                  Remove<VisuallyHidden>{` ${patient.name}`}</VisuallyHidden>
                </Button>
              </List.Item>
            ))}
          </List.Root>
        )}
      </Box>
    </Stack>
  );
}

/** The question before sending: how many patients get it. */
export const confirmQuestion = (count: number | undefined, when?: string) => ({
  title: when ? 'Schedule this message?' : 'Send this message?',
  message:
    count === undefined
      ? `The message goes to every patient of the audience${when ? ` ${when}` : ''}.`
      : `${formatAmount(count)} ${count === 1 ? 'patient gets' : 'patients get'} this message${when ? ` ${when}` : ' now'}.`,
  confirmLabel: when ? 'Schedule' : 'Send',
});
