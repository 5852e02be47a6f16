import { useEffect } from 'react';
import {
  PROGRAM_TIERS,
  TROPHY_DAYS_CONDITION_LABELS,
  TROPHY_DEFAULTS,
  TROPHY_RULE_FIELDS,
  TROPHY_RULE_LABELS,
  TROPHY_SURGERY_DAY_TYPE_LABELS,
  describeTrophyRule,
  trophyCardResource,
  type TrophyCard,
  type TrophyRuleType,
} from '@baridesk/contracts';
import { SelectField, TextField } from '@baridesk/ui';
import { DatePickerField } from '@baridesk/ui/dates';
import { defineResourceView, type FieldRenderProps, type FieldRenderer } from '@baridesk/ui/resources';

export const CARDS_TROPHIES_PATH = '/admin/cards-trophies';
export const cardPaths = {
  list: CARDS_TROPHIES_PATH,
  store: `${CARDS_TROPHIES_PATH}/store`,
  edit: (id: number) => `${CARDS_TROPHIES_PATH}/${id}/edit`,
  show: (id: number) => `${CARDS_TROPHIES_PATH}/${id}/show`,
};

const optionsOf = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
const isRule = (value: unknown): value is TrophyRuleType => typeof value === 'string' && value in TROPHY_RULE_LABELS;
type RuleFieldName = (typeof TROPHY_RULE_FIELDS)[TrophyRuleType][number];

/** The spec's defaults as the form holds them (text), so a new card's inputs start on them. */
const FORM_DEFAULTS: Partial<Record<string, string>> = {
  rule_type: TROPHY_DEFAULTS.rule_type,
  days: String(TROPHY_DEFAULTS.days),
  days_condition: TROPHY_DEFAULTS.days_condition,
  surgery_day_type: TROPHY_DEFAULTS.surgery_day_type,
};

/**
 * Draws a field, first putting the spec's default into a blank one (a new card, or a rule's field shown
 * for the first time); the default is the field's starting value, so the form is not changed by it.
 */
function Defaulted({ props, draw }: { props: FieldRenderProps; draw: FieldRenderer }) {
  const { form, name } = props;
  useEffect(() => {
    const initial = FORM_DEFAULTS[name];
    if (initial !== undefined && (form.getValues(name) ?? '') === '') form.resetField(name, { defaultValue: initial });
  }, [form, name]);
  return <>{draw(props)}</>;
}

/** A rule's own field: drawn only while the chosen rule asks for it (the server clears the others on save). */
function RuleField({ props, draw }: { props: FieldRenderProps; draw: FieldRenderer }) {
  const rule: unknown = props.form.watch('rule_type');
  const asked = isRule(rule) && (TROPHY_RULE_FIELDS[rule] as readonly string[]).includes(props.name as RuleFieldName);
  return asked ? <Defaulted props={props} draw={draw} /> : null;
}
const ruleField =
  (draw: FieldRenderer): FieldRenderer =>
  (props) => <RuleField props={props} draw={draw} />;
const defaulted =
  (draw: FieldRenderer): FieldRenderer =>
  (props) => <Defaulted props={props} draw={draw} />;

const select =
  (options: readonly { value: string; label: string }[], placeholder?: string, helperText?: string): FieldRenderer =>
  ({ form, name, label, required }) => (
    <SelectField form={form} name={name} label={label} required={required} placeholder={placeholder} helperText={helperText} options={options} />
  );
const number =
  (helperText: string): FieldRenderer =>
  ({ form, name, label }) => <TextField form={form} name={name} label={label} type="number" required helperText={helperText} />;

const ruleOf = (card: TrophyCard) => describeTrophyRule(card);

/**
 * The cards and trophies (/admin/cards-trophies): the kit's list (search in the title, status and rule
 * filters, Change order: the app shows earned cards in this order), the form and show pages. The form
 * asks the chosen rule's own fields only: days and how they count for a log rule, the time after
 * surgery for an anniversary, the date for a date card.
 */
export const cardsTrophiesView = defineResourceView({
  resource: trophyCardResource,
  words: { many: 'cards' },
  texts: { addTitle: 'Add Card', editTitle: 'Edit Card' },
  form: { mode: 'page', path: (id) => (id ? cardPaths.edit(id) : cardPaths.store) },
  listPath: CARDS_TROPHIES_PATH,
  showPath: cardPaths.show,
  formColumns: 2,
  listFilters: [{ field: 'rule_type', label: 'Rule', anyLabel: 'All rules', options: optionsOf(TROPHY_RULE_LABELS) }],
  columns: [
    'title',
    { key: 'rule', header: 'Rule', render: (card) => ruleOf(card as unknown as TrophyCard) },
    { key: 'user_tier', header: 'Tier', render: (card) => card.user_tier ?? 'Every tier' },
    { key: 'awarded_count', header: 'Awarded', render: (card) => `${card.awarded_count} ${card.awarded_count === 1 ? 'patient' : 'patients'}` },
    'status',
    'actions',
  ],
  details: [
    'title',
    { term: 'Rule', render: (card) => ruleOf(card as unknown as TrophyCard) },
    { term: 'Program tier', render: (card) => card.user_tier ?? 'Every tier' },
    { term: 'Awarded to', render: (card) => `${card.awarded_count} ${card.awarded_count === 1 ? 'patient' : 'patients'}` },
    'notification_content',
    'link',
    'front_image',
    'back_image',
    'status',
    'created_at',
    'updated_at',
  ],
  fields: {
    user_tier: { render: select(PROGRAM_TIERS.map((tier) => ({ value: tier, label: tier })), 'Every tier', 'Only patients of programs of this tier earn the card.') },
    rule_type: { render: defaulted(select(optionsOf(TROPHY_RULE_LABELS), undefined, 'What a patient does to earn the card. The daily run awards it once per patient.')) },
    days: { render: ruleField(number('Days with at least one entry.')) },
    days_condition: { render: ruleField(select(optionsOf(TROPHY_DAYS_CONDITION_LABELS))) },
    surgery_days: { render: ruleField(number('Counted from the surgery date on the patient’s record.')) },
    surgery_day_type: { render: ruleField(select(optionsOf(TROPHY_SURGERY_DAY_TYPE_LABELS))) },
    date: {
      render: ruleField(({ form, name, label }) => (
        <DatePickerField form={form} name={name} label={label} required helperText="Every patient the card is for earns it on this day." />
      )),
    },
    front_image: { helperText: 'Shown in the app and with the message.' },
    back_image: { helperText: 'Shown when the patient turns the card over in the app.' },
    link: { helperText: 'Opened from the card and the message in the app.' },
    notification_content: { rows: 4, helperText: 'The message the patient gets in the app when they earn the card.' },
  },
  deleteQuestion: (_card, name) => ({
    title: 'Delete card',
    message: `Delete ${name}? A card patients have earned cannot be deleted: switch it off instead.`,
  }),
});
