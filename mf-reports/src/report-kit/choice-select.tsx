import { useId } from 'react';
import { Field, NativeSelect } from '@baridesk/ui';

export type ChoiceSelectProps = {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  width?: string;
};

/** A report's own choice that always has a value (a time gap, a number of days): a labelled native select without "All". */
export function ChoiceSelect({ label, value, options, onChange, width }: ChoiceSelectProps) {
  const id = useId();
  return (
    <Field.Root ids={{ control: id }} width={width ? 'auto' : undefined}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root width={width}>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.currentTarget.value)}>
          {options.map((option) => (
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
