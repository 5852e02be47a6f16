import { notifyError, notifySuccess } from '@baridesk/api-client';
import {
  MAX_RULE_DAYS,
  pipelineRuleFormSchema,
  type PipelineRuleRecord,
  type PipelineRuleSettingsResponse,
  type PipelineStage,
} from '@baridesk/contracts';
import { FormField, NativeSelect, SelectField, Stack, TextField, useFormSubmit, useValibotForm, type ValibotFormReturn } from '@baridesk/ui';
import { FormModal } from '@baridesk/ui/overlays';
import { useCreatePipelineRule } from '../api/create-pipeline-rule';
import { useUpdatePipelineRule } from '../api/update-pipeline-rule';
import { ruleBody, settingOf } from '../utils/rule-settings';

type RuleForm = ValibotFormReturn<typeof pipelineRuleFormSchema>;
type Settings = PipelineRuleSettingsResponse['data'];

export type RuleFormModalProps = {
  stage: PipelineStage;
  settings: Settings;
  /** The rule to change; a new one without it. */
  rule?: PipelineRuleRecord;
  onClose: () => void;
};

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

const DAYS_HELP = {
  1: 'How many days after the surgery date the patient moves.',
  5: 'How many days after entering the stage the patient moves.',
} as const;

/**
 * The rule form: its type, the status it moves patients from (or any) and to, and the one setting the
 * type needs: days (types 1 and 5), a checklist item (2) or a percentage (4). The settings of other
 * types are not shown, and not sent (`shouldUnregister`).
 */
export function RuleFormModal({ stage, settings, rule, onClose }: RuleFormModalProps) {
  const create = useCreatePipelineRule();
  const update = useUpdatePipelineRule();
  const form = useValibotForm(pipelineRuleFormSchema, {
    shouldUnregister: true,
    defaultValues: {
      type: text(rule?.type),
      from_status_id: text(rule?.from_status_id),
      to_status_id: text(rule?.to_status_id),
      days: text(rule?.days),
      checklist_item_id: text(rule?.checklist_item_id),
      percent: text(rule?.percent),
    },
  });
  const setting = settingOf(Number(form.watch('type')));
  const submit = useFormSubmit(
    form,
    (values) => {
      const body = ruleBody(values);
      return rule ? update.mutateAsync({ id: rule.id, ...body }) : create.mutateAsync({ stage, ...body });
    },
    { notifySuccess, notifyError, onSaved: onClose },
  );
  const statuses = settings.statuses.map((status) => ({ value: String(status.id), label: status.name }));

  return (
    <FormModal
      title={rule ? 'Edit automation rule' : 'Add automation rule'}
      submitLabel={rule ? 'Save Changes' : 'Add rule'}
      submitting={form.formState.isSubmitting}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack gap="4">
        <SelectField
          form={form}
          name="type"
          label="Type"
          placeholder="Choose what moves the patient"
          required
          options={settings.rule_types.map((type) => ({ value: String(type.id), label: type.label }))}
        />
        <SelectField form={form} name="from_status_id" label="From status" options={[{ value: '', label: 'Any status' }, ...statuses]} />
        <SelectField form={form} name="to_status_id" label="To status" placeholder="Choose a status" required options={statuses} />
        {setting === 'days' ? (
          <TextField
            form={form}
            name="days"
            label="Days"
            type="number"
            required
            helperText={DAYS_HELP[Number(form.watch('type')) as 1 | 5]}
            maxLength={String(MAX_RULE_DAYS).length}
          />
        ) : null}
        {setting === 'checklist_item' ? <ChecklistItemField form={form} settings={settings} rule={rule} /> : null}
        {setting === 'percent' ? (
          <TextField form={form} name="percent" label="Percentage" type="number" required helperText="The checklist percentage, 1 to 100, that moves the patient." maxLength={3} />
        ) : null}
      </Stack>
    </FormModal>
  );
}

/** The checklist items of the stage's templates, grouped by template. */
function ChecklistItemField({ form, settings, rule }: { form: RuleForm; settings: Settings; rule?: PipelineRuleRecord }) {
  const groups = new Map<number, { name: string; items: { id: number; title: string }[] }>();
  for (const item of settings.checklist_items) {
    const group = groups.get(item.template_id) ?? { name: item.template_name, items: [] };
    group.items.push(item);
    groups.set(item.template_id, group);
  }
  // The rule's item may have left its template since: still show it, so the form says what the rule is.
  const gone =
    rule?.checklist_item_id != null && !settings.checklist_items.some((item) => item.id === rule.checklist_item_id)
      ? { id: rule.checklist_item_id, title: rule.checklist_item_title ?? 'Removed item' }
      : null;
  return (
    <FormField label="Checklist item" error={form.formState.errors.checklist_item_id?.message} required>
      {({ describedBy }) => (
        <NativeSelect.Root>
          <NativeSelect.Field {...form.register('checklist_item_id')} aria-required aria-describedby={describedBy}>
            <option value="">Choose a checklist item</option>
            {gone ? <option value={String(gone.id)}>{gone.title}</option> : null}
            {[...groups].map(([templateId, group]) => (
              <optgroup key={templateId} label={group.name}>
                {group.items.map((item) => (
                  <option key={item.id} value={String(item.id)}>
                    {item.title}
                  </option>
                ))}
              </optgroup>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
    </FormField>
  );
}
