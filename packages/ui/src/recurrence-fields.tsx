import { useEffect, useId, useState } from 'react';
import { Checkbox, Field, Fieldset, HStack, Input, NativeSelect, RadioGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  MAX_RECURRENCE_COUNT,
  MAX_RECURRENCE_INTERVAL,
  RECURRENCE_FREQUENCIES,
  WEEKDAYS,
  WEEKDAY_NAMES,
  describeRecurrence,
  formatRecurrence,
  parseRecurrence,
  type RecurrenceFrequency,
  type Weekday,
} from '@baridesk/contracts';
import { DatePicker } from './date-picker';

const FREQUENCY_LABELS: Readonly<Record<RecurrenceFrequency | 'none', string>> = {
  none: 'Does not repeat',
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};
const UNITS: Readonly<Record<RecurrenceFrequency, string>> = { daily: 'day(s)', weekly: 'week(s)', monthly: 'month(s)' };

type Ends = 'never' | 'on' | 'after';

/** The editor's choices as typed: numbers stay text until they make a rule, so a half-typed field is not reset. */
type Draft = {
  frequency: RecurrenceFrequency | 'none';
  interval: string;
  weekdays: Weekday[];
  monthDay: number | null;
  ends: Ends;
  until: string;
  count: string;
};

const NONE: Draft = { frequency: 'none', interval: '1', weekdays: [], monthDay: null, ends: 'never', until: '', count: '' };

function draftOf(rrule: string | null | undefined): Draft {
  const parsed = rrule ? parseRecurrence(rrule) : null;
  if (!parsed?.ok) return NONE;
  const rule = parsed.value;
  return {
    frequency: rule.frequency,
    interval: String(rule.interval),
    weekdays: rule.weekdays,
    monthDay: rule.monthDay,
    ends: rule.count !== null ? 'after' : rule.until !== null ? 'on' : 'never',
    until: rule.until ?? '',
    count: rule.count === null ? '' : String(rule.count),
  };
}

const whole = (text: string, max: number): number | null => (/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= max ? Number(text) : null);

/**
 * The rule text of the choices, or null for "Does not repeat". A number that is not a whole number in
 * range is left out (interval 1, no count) rather than sent; the summary then says what will be saved.
 */
function rruleOf(draft: Draft): string | null {
  if (draft.frequency === 'none') return null;
  return formatRecurrence({
    frequency: draft.frequency,
    interval: whole(draft.interval, MAX_RECURRENCE_INTERVAL) ?? 1,
    weekdays: draft.frequency === 'weekly' ? draft.weekdays : [],
    monthDay: draft.frequency === 'monthly' ? draft.monthDay : null,
    count: draft.ends === 'after' ? whole(draft.count, MAX_RECURRENCE_COUNT) : null,
    until: draft.ends === 'on' && draft.until ? draft.until : null,
  });
}

export type RecurrenceFieldsProps = {
  /** The RRULE text (as parseRecurrence reads it), or null when it does not repeat. */
  value: string | null;
  onChange: (rrule: string | null) => void;
  /** The first day ('yyyy-MM-dd'): names the day a rule without days falls on, and the earliest end date. */
  firstDay?: string;
  /** The server's or the schema's message about the rule. */
  error?: string;
};

/**
 * How something repeats, as the product offers it (contracts/message-recurrence.ts): not at all, daily,
 * weekly on chosen days or monthly; every N of them; ending never, on a date or after N times. The rule is
 * said in words below it, announced as it changes. Used by every form that repeats (scheduled messages,
 * event series), so there is one way of writing a rule.
 */
export function RecurrenceFields({ value, onChange, firstDay, error }: RecurrenceFieldsProps) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(value));
  const ids = useId();
  // A value set from outside (a form reset with the loaded record) replaces the choices.
  useEffect(() => {
    if (value !== rruleOf(draft)) setDraft(draftOf(value));
  }, [value]); // eslint-disable-line react-hooks/exhaustive-deps

  const change = (next: Partial<Draft>) => {
    const updated = { ...draft, ...next };
    setDraft(updated);
    onChange(rruleOf(updated));
  };
  const rrule = rruleOf(draft);
  const parsed = rrule ? parseRecurrence(rrule) : null;
  const summary = describeRecurrence(parsed?.ok ? parsed.value : null, firstDay ? `${firstDay}T00:00` : undefined);
  const repeats = draft.frequency !== 'none';

  return (
    <Stack gap="3">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        <Field.Root invalid={Boolean(error)}>
          <Field.Label htmlFor={`${ids}-frequency`}>Repeat</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              id={`${ids}-frequency`}
              value={draft.frequency}
              aria-describedby={error ? `${ids}-error` : undefined}
              onChange={(event) => change({ frequency: event.currentTarget.value as Draft['frequency'] })}
            >
              {(['none', ...RECURRENCE_FREQUENCIES] as const).map((frequency) => (
                <option key={frequency} value={frequency}>
                  {FREQUENCY_LABELS[frequency]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {repeats ? (
          <Field.Root>
            <Field.Label htmlFor={`${ids}-interval`}>Every ({UNITS[draft.frequency as RecurrenceFrequency]})</Field.Label>
            <Input
              id={`${ids}-interval`}
              type="number"
              min={1}
              max={MAX_RECURRENCE_INTERVAL}
              value={draft.interval}
              onChange={(event) => change({ interval: event.currentTarget.value })}
            />
          </Field.Root>
        ) : null}
      </SimpleGrid>
      {draft.frequency === 'weekly' ? (
        <Fieldset.Root>
          <Fieldset.Legend>On</Fieldset.Legend>
          <HStack gap="3" wrap="wrap">
            {WEEKDAYS.map((day) => (
              <Checkbox.Root
                key={day}
                checked={draft.weekdays.includes(day)}
                onCheckedChange={(details) =>
                  change({ weekdays: WEEKDAYS.filter((d) => (d === day ? details.checked === true : draft.weekdays.includes(d))) })
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{WEEKDAY_NAMES[day]}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </HStack>
        </Fieldset.Root>
      ) : null}
      {repeats ? (
        <Fieldset.Root>
          <Fieldset.Legend>Ends</Fieldset.Legend>
          <RadioGroup.Root value={draft.ends} onValueChange={(details) => change({ ends: (details.value ?? 'never') as Ends })}>
            <Stack gap="2" direction={{ base: 'column', md: 'row' }} align={{ md: 'center' }}>
              {(
                [
                  ['never', 'Never'],
                  ['on', 'On a date'],
                  ['after', 'After a number of times'],
                ] as const
              ).map(([ends, label]) => (
                <RadioGroup.Item key={ends} value={ends}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{label}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Stack>
          </RadioGroup.Root>
          {draft.ends === 'on' ? (
            <DatePicker name={`${ids}-until`} label="End date" value={draft.until} min={firstDay || undefined} onChange={(until) => change({ until })} />
          ) : null}
          {draft.ends === 'after' ? (
            <Field.Root>
              <Field.Label htmlFor={`${ids}-count`}>Number of times</Field.Label>
              <Input
                id={`${ids}-count`}
                type="number"
                min={1}
                max={MAX_RECURRENCE_COUNT}
                value={draft.count}
                onChange={(event) => change({ count: event.currentTarget.value })}
              />
            </Field.Root>
          ) : null}
        </Fieldset.Root>
      ) : null}
      <Text role="status" aria-live="polite" data-testid="repeat-summary">
        Repeats: {summary}
      </Text>
      {error ? (
        <Text id={`${ids}-error`} color="fg.error" textStyle="sm">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
