import { useId, useState, type ReactNode } from 'react';
import { Button, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { TypedPicker } from './typed-picker';
import { useTypedValue } from './use-typed-value';

type Period = 'AM' | 'PM';
type TimeParts = { hour: string; minute: string; period: Period | '' };

const pad = (value: number) => String(value).padStart(2, '0');

function partsOf(value: string): TimeParts {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return { hour: '', minute: '', period: '' };
  const hours = Number(match[1]);
  return { hour: pad(hours % 12 === 0 ? 12 : hours % 12), minute: match[2]!, period: hours < 12 ? 'AM' : 'PM' };
}

function valueOf({ hour, minute, period }: TimeParts): string | null {
  if (!hour || !minute || !period) return null;
  const hours = (Number(hour) % 12) + (period === 'PM' ? 12 : 0);
  return `${pad(hours)}:${minute}`;
}

/** '14:05' → '02:05 PM'; '' (or anything unreadable) → ''. */
export function toDisplayTime(value: string): string {
  const parts = partsOf(value);
  return parts.hour ? `${parts.hour}:${parts.minute} ${parts.period}` : '';
}

/**
 * '2:05 pm', '02:05PM' → '14:05'; a time without AM/PM is read as 24-hour ('14:05', '9:30').
 * Null when it is no time of day.
 */
export function fromDisplayTime(text: string): string | null {
  const twelve = /^(\d{1,2}):(\d{2})\s*([ap])\.?\s*m?\.?$/i.exec(text.trim());
  if (twelve) {
    const hour = Number(twelve[1]);
    const minute = Number(twelve[2]);
    if (hour < 1 || hour > 12 || minute > 59) return null;
    return valueOf({ hour: pad(hour), minute: pad(minute), period: twelve[3]!.toUpperCase() === 'A' ? 'AM' : 'PM' });
  }
  const twentyFour = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (twentyFour) {
    const hour = Number(twentyFour[1]);
    const minute = Number(twentyFour[2]);
    if (hour > 23 || minute > 59) return null;
    return `${pad(hour)}:${pad(minute)}`;
  }
  return null;
}

export type TimePickerProps = {
  /** 24-hour 'HH:mm', or '' for no time. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  label: string;
  placeholder?: string;
  name?: string;
  invalid?: boolean;
  error?: string;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Minutes offered in the chooser (typing accepts any minute). */
  minuteStep?: number;
};

function PartSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <Stack gap="1">
      <Text asChild textStyle="xs" color="fg.muted">
        <label htmlFor={id}>{label}</label>
      </Text>
      <NativeSelect.Root size="sm" width="20">
        <NativeSelect.Field id={id} value={value} placeholder="--" onChange={(event) => onChange(event.currentTarget.value)}>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Stack>
  );
}

const HOURS = Array.from({ length: 12 }, (_, index) => pad(index + 1));

/**
 * A time field shown on the 12-hour clock (hh:mm AM/PM) and stored as 24-hour 'HH:mm': type it, or
 * choose hour, minute and AM/PM in the clock popover.
 */
export function TimePicker({
  value,
  onChange,
  placeholder = 'Select time',
  invalid = false,
  minuteStep = 1,
  ...field
}: TimePickerProps) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<TimeParts>(() => partsOf(value));
  const typed = useTypedValue({ value, onChange, parse: fromDisplayTime, format: toDisplayTime });
  const minutes = Array.from({ length: Math.ceil(60 / minuteStep) }, (_, index) => pad(index * minuteStep));
  if (draft.minute && !minutes.includes(draft.minute)) minutes.push(draft.minute);

  const change = (part: Partial<TimeParts>) => {
    const next = { ...draft, ...part };
    setDraft(next);
    const composed = valueOf(next);
    if (composed !== null) typed.pick(composed);
  };

  return (
    <TypedPicker
      {...field}
      placeholder={placeholder}
      invalid={invalid}
      glyph="clock"
      typed={typed}
      open={open}
      onOpenChange={(next) => {
        if (next) setDraft(partsOf(value));
        setOpen(next);
      }}
    >
      <HStack gap="2" align="end">
        <PartSelect label="Hour" value={draft.hour} options={HOURS} onChange={(hour) => change({ hour })} />
        <PartSelect label="Minute" value={draft.minute} options={minutes} onChange={(minute) => change({ minute })} />
        <PartSelect label="AM/PM" value={draft.period} options={['AM', 'PM']} onChange={(period) => change({ period: period as Period })} />
      </HStack>
      <HStack justify="end" mt="3">
        <Button size="xs" onClick={() => setOpen(false)}>
          Done
        </Button>
      </HStack>
    </TypedPicker>
  );
}
