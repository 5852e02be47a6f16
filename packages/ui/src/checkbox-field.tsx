import type { ReactNode } from 'react';
import { Checkbox, Field } from '@chakra-ui/react';
import type { FieldValues } from 'react-hook-form';
import { useBoundField, type FieldBinding } from './field-binding';

export type CheckboxFieldProps<T extends FieldValues> = FieldBinding<T> & {
  /** The text beside the box ("I have read and accepted the terms and conditions"). */
  label: ReactNode;
  helperText?: ReactNode;
  disabled?: boolean;
};

/** A checkbox bound to a boolean react-hook-form field. */
export function CheckboxField<T extends FieldValues>(props: CheckboxFieldProps<T>) {
  const { label, helperText, disabled } = props;
  const { field, error } = useBoundField(props);
  return (
    <Field.Root invalid={Boolean(error)} disabled={disabled}>
      <Checkbox.Root
        checked={field.value === true}
        onCheckedChange={(details) => field.onChange(details.checked === true)}
        name={field.name}
        disabled={disabled}
      >
        <Checkbox.HiddenInput ref={field.ref} onBlur={field.onBlur} />
        <Checkbox.Control />
        <Checkbox.Label>{label}</Checkbox.Label>
      </Checkbox.Root>
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
