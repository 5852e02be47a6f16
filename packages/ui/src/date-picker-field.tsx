import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useBoundField, type FieldBinding } from './field-binding';
import { DatePicker } from './date-picker';

export type DatePickerFieldProps<T extends FieldValues> = FieldBinding<T> & {
  label: string;
  placeholder?: string;
  min?: string;
  max?: string;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
};

/** A DatePicker bound to a react-hook-form field holding 'yyyy-MM-dd' (or ''). */
export function DatePickerField<T extends FieldValues>(props: DatePickerFieldProps<T>) {
  const { field, error } = useBoundField(props);
  return (
    <DatePicker
      name={field.name}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      label={props.label}
      placeholder={props.placeholder}
      min={props.min}
      max={props.max}
      error={error}
      helperText={props.helperText}
      required={props.required}
      disabled={props.disabled}
    />
  );
}
