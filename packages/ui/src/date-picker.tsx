import { useRef, useState, type ReactNode } from 'react';
import { DateTime } from 'luxon';
import { MonthCalendar } from './month-calendar';
import { TypedPicker } from './typed-picker';
import { useTypedValue } from './use-typed-value';

/** The stored format and the shown one (spec section 5). */
export const DATE_VALUE_FORMAT = 'yyyy-MM-dd';
export const DATE_DISPLAY_FORMAT = 'MM/dd/yyyy';

/** '2024-03-07' → '03/07/2024'; '' (or anything unreadable) → ''. */
export function toDisplayDate(value: string): string {
  const date = DateTime.fromFormat(value, DATE_VALUE_FORMAT);
  return date.isValid ? date.toFormat(DATE_DISPLAY_FORMAT) : '';
}

/** '03/07/2024' (or '3/7/2024') → '2024-03-07'; null when it is no real date. */
export function fromDisplayDate(text: string): string | null {
  if (!/^\d{1,2}\/\d{1,2}\/\d{4}$/.test(text.trim())) return null;
  const date = DateTime.fromFormat(text.trim(), 'M/d/yyyy');
  return date.isValid ? date.toFormat(DATE_VALUE_FORMAT) : null;
}

export type DatePickerProps = {
  /** 'yyyy-MM-dd', or '' for no date. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  label: string;
  placeholder?: string;
  /** Earliest and latest allowed days, 'yyyy-MM-dd'. */
  min?: string;
  max?: string;
  name: string;
  invalid?: boolean;
  /** A message under the field (e.g. from the form's schema). */
  error?: string;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
};

/**
 * A date field shown as MM/dd/yyyy and stored as yyyy-MM-dd: type the date, or choose it in the
 * calendar. Text that is no date (or is out of range) stays as typed and marks the field invalid.
 */
export function DatePicker({
  value,
  onChange,
  placeholder = 'Select date',
  min,
  max,
  invalid = false,
  ...field
}: DatePickerProps) {
  const [open, setOpen] = useState(false);
  const contentRef = useRef<HTMLDivElement>(null);
  const parse = (text: string) => {
    const iso = fromDisplayDate(text);
    if (iso === null || (min && iso < min) || (max && iso > max)) return null;
    return iso;
  };
  const typed = useTypedValue({ value, onChange, parse, format: toDisplayDate });

  return (
    <TypedPicker
      {...field}
      placeholder={placeholder}
      invalid={invalid}
      glyph="calendar"
      typed={typed}
      open={open}
      onOpenChange={setOpen}
      initialFocusEl={() => contentRef.current?.querySelector<HTMLElement>('button[tabindex="0"]') ?? null}
      contentRef={contentRef}
    >
      <MonthCalendar
        value={value}
        min={min}
        max={max}
        onSelect={(iso) => {
          typed.pick(iso);
          setOpen(false);
        }}
      />
    </TypedPicker>
  );
}
