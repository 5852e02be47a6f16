import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import {
  PATIENT_LIMITS,
  PATIENT_SEXES,
  PATIENT_STAGE_OPTIONS,
  SURGERY_TYPE_OPTIONS,
  US_STATES,
  patientStoreBody,
  type PatientRecord,
  type PatientSavedResponse,
  type PatientStoreBody,
} from '@baridesk/contracts';
import {
  Button,
  Card,
  chakra,
  Heading,
  HStack,
  SelectField,
  SimpleGrid,
  Stack,
  TextareaField,
  TextField,
  useFormSubmit,
  useValibotForm,
  type SelectOption,
} from '@baridesk/ui';
import { CheckboxField, SwitchField } from '@baridesk/ui/controls';
import { DatePickerField } from '@baridesk/ui/dates';
import { usePatientTagOptions } from '../api/get-patient-tag-options';
import { useCoordinatorOptions } from '../api/get-coordinator-options';
import { useLocationOptions } from '../api/get-location-options';
import { PATIENT_FIELD_LABELS as LABELS, type PatientFormValues } from '../utils/patient-form-values';

export type PatientFormProps = {
  /** The patient being edited (its current tag, coordinator and location stay choosable even if switched off). */
  patient?: PatientRecord;
  defaultValues: PatientFormValues;
  save: (values: PatientStoreBody) => Promise<PatientSavedResponse>;
  /** After the server saved it (its notice is already shown). */
  onSaved: (saved: PatientSavedResponse) => void;
  /** A failure without field errors; answer true when handled here (no notice is shown then). */
  onError?: (error: unknown) => boolean;
  submitLabel: string;
  cancelTo: string;
  /** Shown above the fields (e.g. the edit conflict). */
  banner?: ReactNode;
};

type Named = { id: number; name: string };

/** The choices of a picker: the active ones, plus the patient's own when it is no longer active. */
function choices(active: readonly Named[] | undefined, own: { id: number | null; name: string | null }): SelectOption[] {
  const options = (active ?? []).map((item) => ({ value: String(item.id), label: item.name }));
  if (own.id !== null && !options.some((option) => option.value === String(own.id))) {
    options.push({ value: String(own.id), label: `${own.name ?? `#${own.id}`} (inactive)` });
  }
  return options;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root as="fieldset" variant="outline">
      <Card.Header>
        <Heading as="legend" size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

const STAGES: SelectOption[] = PATIENT_STAGE_OPTIONS.map((stage) => ({ value: String(stage.id), label: stage.label }));
const SEXES: SelectOption[] = PATIENT_SEXES.map((sex) => ({ value: sex, label: sex }));
const STATES: SelectOption[] = US_STATES.map((state) => ({ value: String(state.id), label: state.name }));
const { weight, height } = PATIENT_LIMITS;

/** The patient form of /add-patient and /patient-detail/:id/edit. */
export function PatientForm({ patient, defaultValues, save, onSaved, onError, submitLabel, cancelTo, banner }: PatientFormProps) {
  const form = useValibotForm(patientStoreBody, { defaultValues });
  const tags = usePatientTagOptions();
  const coordinators = useCoordinatorOptions();
  const locations = useLocationOptions();
  const submit = useFormSubmit(form, save, {
    notifySuccess,
    notifyError: (error) => {
      if (!onError?.(error)) notifyError(error);
    },
    onSaved,
  });
  const snoozed = form.watch('snooze_status') === true;
  const deactivated = form.watch('checklist_deactivate') === true;
  const alreadyInvited = patient?.is_invited === 1;

  const surgeryTypes: SelectOption[] = SURGERY_TYPE_OPTIONS.map((type) => ({ value: type, label: type }));
  if (patient?.type_of_surgery && !surgeryTypes.some((option) => option.value === patient.type_of_surgery)) {
    surgeryTypes.push({ value: patient.type_of_surgery, label: patient.type_of_surgery });
  }
  const tagOptions = choices(tags.data, { id: patient?.user_cat_id ?? null, name: patient?.user_cat_name ?? null });
  const secondTagOptions = choices(tagOptions.map((o) => ({ id: Number(o.value), name: o.label })), {
    id: patient?.user_cat_id2 ?? null,
    name: patient?.user_cat_name2 ?? null,
  });
  const coordinatorOptions = choices(coordinators.data, {
    id: patient?.insurance_coordinator_id ?? null,
    name: patient?.insurance_coordinator_name ?? null,
  });
  const locationOptions = choices(locations.data, { id: patient?.location_id ?? null, name: patient?.location_name ?? null });
  const choicesFailed = tags.isError || coordinators.isError || locations.isError;

  return (
    <chakra.form onSubmit={submit} noValidate aria-label={submitLabel}>
      <Stack gap="5">
        {banner}
        <Section title="Identity and contact">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <TextField form={form} name="first_name" label={LABELS.first_name} required autoComplete="off" />
            <TextField form={form} name="last_name" label={LABELS.last_name} required autoComplete="off" />
            <TextField form={form} name="nick_name" label={LABELS.nick_name} autoComplete="off" />
            <TextField form={form} name="email" label={LABELS.email} type="email" autoComplete="off" />
            <TextField form={form} name="phone" label={LABELS.phone} type="tel" autoComplete="off" placeholder="555-123-4567" maxLength={32} />
            <TextField form={form} name="mrn_number" label={LABELS.mrn_number} autoComplete="off" maxLength={64} />
            <DatePickerField form={form} name="dob" label={LABELS.dob} />
            <SelectField form={form} name="sex" label={LABELS.sex} options={SEXES} placeholder="Not given" />
            <TextField form={form} name="city" label={LABELS.city} autoComplete="off" />
            <SelectField form={form} name="state_id" label={LABELS.state_id} options={STATES} placeholder="Not given" />
          </SimpleGrid>
        </Section>

        <Section title="Surgery and stage">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <SelectField form={form} name="current_stage" label={LABELS.current_stage} options={STAGES} required />
            <SelectField form={form} name="type_of_surgery" label={LABELS.type_of_surgery} options={surgeryTypes} placeholder="Not decided" />
            <DatePickerField form={form} name="surgery_date" label={LABELS.surgery_date} />
            <DatePickerField form={form} name="consult_date" label={LABELS.consult_date} />
            <DatePickerField form={form} name="non_surgery_date" label={LABELS.non_surgery_date} />
          </SimpleGrid>
        </Section>

        <Section title="Weights and daily goals">
          <SimpleGrid columns={{ base: 1, md: 4 }} gap="4">
            <TextField form={form} name="hight" label={LABELS.hight} helperText={`${height.min}–${height.max} inches`} />
            <TextField form={form} name="starting_weight" label={LABELS.starting_weight} helperText={`${weight.min}–${weight.max} lb`} />
            <TextField form={form} name="current_weight" label={LABELS.current_weight} helperText={`${weight.min}–${weight.max} lb`} />
            <TextField form={form} name="target_weight" label={LABELS.target_weight} helperText={`${weight.min}–${weight.max} lb`} />
            <TextField form={form} name="protien" label={LABELS.protien} />
            <TextField form={form} name="fiber" label={LABELS.fiber} />
            <TextField form={form} name="water" label={LABELS.water} />
            <TextField form={form} name="calories" label={LABELS.calories} />
          </SimpleGrid>
        </Section>

        <Section title="Tags, coordinator and location">
          {choicesFailed ? (
            <chakra.p role="alert" color="fg.error" mb="3">
              Some choices could not be loaded; reload the page to try again.
            </chakra.p>
          ) : null}
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <SelectField form={form} name="user_cat_id" label={LABELS.user_cat_id} options={tagOptions} placeholder="No tag" />
            <SelectField form={form} name="user_cat_id2" label={LABELS.user_cat_id2} options={secondTagOptions} placeholder="No second tag" />
            <SelectField
              form={form}
              name="insurance_coordinator_id"
              label={LABELS.insurance_coordinator_id}
              options={coordinatorOptions}
              placeholder="No coordinator"
            />
            <SelectField form={form} name="location_id" label={LABELS.location_id} options={locationOptions} placeholder="No location" />
          </SimpleGrid>
        </Section>

        <Section title="Snooze and checklist">
          <Stack gap="4">
            <SwitchField form={form} name="snooze_status" label={LABELS.snooze_status} />
            {snoozed ? <DatePickerField form={form} name="snooze_date" label={LABELS.snooze_date} required /> : null}
            <SwitchField form={form} name="due_date_auto_cal" label={LABELS.due_date_auto_cal} />
            <SwitchField form={form} name="checklist_deactivate" label={LABELS.checklist_deactivate} />
            {deactivated ? (
              <TextareaField
                form={form}
                name="checklist_deactivate_reason"
                label={LABELS.checklist_deactivate_reason}
                required
                rows={3}
                maxLength={PATIENT_LIMITS.reason}
                showCount
              />
            ) : null}
          </Stack>
        </Section>

        <Section title="App and status">
          <Stack gap="4">
            <CheckboxField
              form={form}
              name="is_invited"
              label="Invite to the app"
              disabled={alreadyInvited}
              helperText={
                alreadyInvited
                  ? 'The patient has been invited to the app.'
                  : 'Saving e-mails the patient a link to set the app password (an e-mail address is needed).'
              }
            />
            <SwitchField form={form} name="status" label={LABELS.status} />
          </Stack>
        </Section>

        <HStack gap="2">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
          <Button asChild variant="outline" colorPalette="gray">
            <RouterLink to={cancelTo}>Cancel</RouterLink>
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
}
