import type { ReactNode } from 'react';
import { NativeSelect } from '@chakra-ui/react';
import type { FieldValues } from 'react-hook-form';
import { useBoundField, type FieldBinding } from './field-binding';
import { FormField } from './form-field';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectFieldProps<T extends FieldValues> = FieldBinding<T> & {
  label: ReactNode;
  options: readonly SelectOption[];
  /** The empty first choice ("Select a stage"); none when omitted. */
  placeholder?: string;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
};

/** A native select bound to a react-hook-form field (values are strings). */
export function SelectField<T extends FieldValues>(props: SelectFieldProps<T>) {
  const { label, options, placeholder, helperText, required, disabled } = props;
  const { field, error } = useBoundField(props);
  return (
    <FormField label={label} error={error} helperText={helperText} required={required}>
      {({ describedBy }) => (
        <NativeSelect.Root disabled={disabled}>
          <NativeSelect.Field
            {...field}
            value={field.value === null || field.value === undefined ? '' : String(field.value)}
            placeholder={placeholder}
            aria-required={required || undefined}
            aria-describedby={describedBy}
          >
            {options.map((option) => (
              <option key={option.value} value={option.value} disabled={option.disabled}>
                {option.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
    </FormField>
  );
}
