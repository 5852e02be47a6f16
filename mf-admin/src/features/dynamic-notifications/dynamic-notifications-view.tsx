import { useEffect, useRef } from 'react';
import {
  DYNAMIC_DURATION_LABELS,
  DYNAMIC_PATIENT_TYPE_LABELS,
  DYNAMIC_REMINDER_ANCHOR_LABELS,
  DYNAMIC_RULE_FIELDS,
  DYNAMIC_RULE_LABELS,
  DYNAMIC_SURGERY_TIMING_LABELS,
  describeDynamicRule,
  dynamicNotificationResource,
  type AnyDynamicMetadata,
  type DynamicRuleType,
} from '@baridesk/contracts';
import { STAGES } from '@baridesk/domain';
import { SelectField, Stack, Text, TextField } from '@baridesk/ui';
import { CheckboxGroupField } from '@baridesk/ui/controls';
import { TruncatedText } from '@baridesk/ui/lists';
import { defineResourceView, type FieldRenderer, type ResourceFormReturn } from '@baridesk/ui/resources';

export const DYNAMIC_NOTIFICATIONS_PATH = '/admin/dynamic-notifications';
export const dynamicNotificationPaths = {
  list: DYNAMIC_NOTIFICATIONS_PATH,
  create: `${DYNAMIC_NOTIFICATIONS_PATH}/create`,
  edit: (id: number) => `${DYNAMIC_NOTIFICATIONS_PATH}/${id}/edit`,
};

const optionsOf = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
const isRule = (value: unknown): value is DynamicRuleType => typeof value === 'string' && value in DYNAMIC_RULE_LABELS;

const stagesText = (stages: readonly number[]) =>
  stages.length === 0 ? 'All stages' : STAGES.filter((stage) => stages.includes(stage.id)).map((stage) => stage.label).join(', ');

/** What each metadata key is called on the form, and how it is asked (`type` depends on the rule). */
function MetadataInput({ form, rule, name }: { form: ResourceFormReturn; rule: DynamicRuleType; name: keyof AnyDynamicMetadata }) {
  const path = `metadata.${name}`;
  switch (name) {
    case 'type':
      return rule === 'surgery_date' ? (
        <SelectField form={form} name={path} label="When" required placeholder="Before or after surgery" options={optionsOf(DYNAMIC_SURGERY_TIMING_LABELS)} />
      ) : (
        <SelectField form={form} name={path} label="Counted from" required options={optionsOf(DYNAMIC_REMINDER_ANCHOR_LABELS)} />
      );
    case 'days':
      return (
        <TextField
          form={form}
          name={path}
          label={rule === 'reminder' ? 'Every' : rule === 'signup' || rule === 'surgery_date' ? 'How long' : 'Not logged for'}
          type="number"
          required
          helperText={rule === 'signup' ? 'Days after sign-up (0: on the sign-up day).' : rule === 'surgery_date' ? '0: on the surgery day.' : undefined}
        />
      );
    case 'duration':
      return <SelectField form={form} name={path} label="Unit" required options={optionsOf(DYNAMIC_DURATION_LABELS)} />;
    case 'surgery_type':
      return <TextField form={form} name={path} label="Type of surgery" helperText="As written on the patient's record (e.g. Sleeve). Empty: any." />;
    case 'weight_lost':
      return <TextField form={form} name={path} label="Pounds lost" type="number" required helperText="Starting weight minus current weight." />;
    default:
      return null;
  }
}

/** The first values of a rule's fields, so its selects start on a choice the server takes. */
const FIRST_VALUES: Record<DynamicRuleType, AnyDynamicMetadata> = {
  surgery_date: { duration: 'day' },
  weight: { duration: 'day' },
  weight_lost: {},
  reminder: { type: 'signup', duration: 'day' },
  food: { duration: 'day' },
  signup: {},
};

/**
 * The rule's own fields (spec §3's metadata groups): only the chosen rule's, under a group named by it.
 * Changing the rule starts its fields afresh (another rule's values would mean something else); the
 * server's errors come back on `metadata.<key>` and show under each input.
 */
const metadataInput: FieldRenderer = ({ form }) => <RuleFields form={form} />;

function RuleFields({ form }: { form: ResourceFormReturn }) {
  const rule = form.watch('rule_type') as unknown;
  const shown = useRef(rule);
  useEffect(() => {
    if (shown.current === rule) return;
    shown.current = rule;
    form.setValue('metadata', isRule(rule) ? { ...FIRST_VALUES[rule] } : {});
  }, [rule, form]);
  if (!isRule(rule)) return <Text color="fg.muted">Choose a rule to set when the notification is sent.</Text>;
  return (
    <Stack gap="3" as="fieldset" role="group" aria-label={`${DYNAMIC_RULE_LABELS[rule]} settings`}>
      {DYNAMIC_RULE_FIELDS[rule].map((name) => (
        <MetadataInput key={`${rule}:${name}`} form={form} rule={rule} name={name} />
      ))}
    </Stack>
  );
}

const STAGE_OPTIONS = STAGES.map((stage) => ({ value: String(stage.id), label: stage.label }));

/** The stages as boxes: the form holds them as text ("1"), as the boxes do; the record's numbers are read once. */
const stagesInput: FieldRenderer = ({ form, name }) => <StagesInput form={form} name={name} />;

function StagesInput({ form, name }: { form: ResourceFormReturn; name: string }) {
  useEffect(() => {
    const value = form.getValues(name) as unknown;
    const list = Array.isArray(value) ? value.map(String) : [];
    form.resetField(name, { defaultValue: list });
  }, [form, name]);
  return <CheckboxGroupField form={form} name={name} legend="Stages" helperText="None chosen: every stage." options={STAGE_OPTIONS} />;
}

/**
 * The dynamic notifications' screens (/admin/dynamic-notifications): the kit's list (search in the
 * message, status and rule filters) and the form on its own page, which shows the chosen rule's fields.
 */
export const dynamicNotificationsView = defineResourceView({
  resource: dynamicNotificationResource,
  words: { many: 'notifications' },
  defaultDirection: 'desc',
  form: { mode: 'page', path: (id) => (id ? dynamicNotificationPaths.edit(id) : dynamicNotificationPaths.create) },
  listPath: DYNAMIC_NOTIFICATIONS_PATH,
  nameOf: (notification) => `the “${notification.message.length > 40 ? `${notification.message.slice(0, 40)}…` : notification.message}” notification`,
  listFilters: [{ field: 'rule_type', label: 'Rule', anyLabel: 'All rules', options: optionsOf(DYNAMIC_RULE_LABELS) }],
  columns: [
    // One line cut to the cell (the whole text in its tooltip and for screen readers).
    { key: 'message', header: 'Message', sortable: true, width: '18rem', render: (n) => <TruncatedText text={n.message} /> },
    { key: 'rule', header: 'Rule', render: (n) => describeDynamicRule(n.rule_type, n.metadata as AnyDynamicMetadata) },
    { key: 'who', header: 'For', render: (n) => `${DYNAMIC_PATIENT_TYPE_LABELS[n.patient_type as keyof typeof DYNAMIC_PATIENT_TYPE_LABELS] ?? n.patient_type}; ${stagesText(n.stages)}` },
    { key: 'sent_count', header: 'Sent to', render: (n) => `${n.sent_count} ${n.sent_count === 1 ? 'patient' : 'patients'}` },
    'status',
    'actions',
  ],
  fields: {
    rule_type: {
      render: ({ form, name, label, required }) => (
        <SelectField form={form} name={name} label={label} required={required} placeholder="Choose a rule" options={optionsOf(DYNAMIC_RULE_LABELS)} />
      ),
    },
    metadata: { render: metadataInput },
    patient_type: { render: ({ form, name, label }) => <SelectField form={form} name={name} label={label} options={optionsOf(DYNAMIC_PATIENT_TYPE_LABELS)} /> },
    stages: { render: stagesInput },
    message: { rows: 4, helperText: 'Its first line is the title of the notification.' },
    image: { helperText: 'Shown with the message in the app, at least 200 × 200 pixels.' },
    url: { label: 'Link', helperText: 'Opened from the message in the app.' },
  },
  deleteQuestion: (_n, name) => ({ title: 'Delete notification', message: `Delete ${name}? It will not be sent again. A notification already sent cannot be deleted: switch it off instead.` }),
});
