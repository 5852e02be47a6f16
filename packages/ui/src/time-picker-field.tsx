import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useBoundField, type FieldBinding } from './field-binding';
import { TimePicker } from './time-picker';

export type TimePickerFieldProps<T extends FieldValues> = FieldBinding<T> & {
  label: string;
  placeholder?: string;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  minuteStep?: number;
};

/** A TimePicker bound to a react-hook-form field holding 24-hour 'HH:mm' (or ''). */
export function TimePickerField<T extends FieldValues>(props: TimePickerFieldProps<T>) {
  const { field, error } = useBoundField(props);
  return (
    <TimePicker
      name={field.name}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      label={props.label}
      placeholder={props.placeholder}
      error={error}
      helperText={props.helperText}
      required={props.required}
      disabled={props.disabled}
      minuteStep={props.minuteStep}
    />
  );
}
