import { useId } from 'react';
import { Field, NativeSelect } from '@chakra-ui/react';

export type FilterOption = { value: string; label: string };

export type FilterSelectProps = {
  label: string;
  /** Shows the label to screen readers only (a filter beside a list's search box). */
  hideLabel?: boolean;
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
  /** The first choice, which filters nothing. */
  anyLabel?: string;
  disabled?: boolean;
  /** The select's width; by default it fills its place. */
  width?: string;
};

/** One filter of a list: a labelled native select whose first choice means "any". */
export function FilterSelect({ label, hideLabel = false, value, options, onChange, anyLabel = 'All', disabled, width }: FilterSelectProps) {
  const id = useId();
  // A restored value the choices no longer hold (a tag deleted since) stays visible, so it can be cleared.
  const choices = value && !options.some((option) => option.value === value) ? [...options, { value, label: value }] : options;
  return (
    <Field.Root ids={{ control: id }} disabled={disabled} width={width ? 'auto' : undefined}>
      <Field.Label srOnly={hideLabel}>{label}</Field.Label>
      <NativeSelect.Root width={width}>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.currentTarget.value)}>
          <option value="">{anyLabel}</option>
          {choices.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
