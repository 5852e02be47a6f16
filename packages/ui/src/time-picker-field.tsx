import type { FieldValues } from 'react-hook-form';
import { bindPicker, type BoundPickerProps } from './bound-picker';
import { TimePicker, type TimePickerProps } from './time-picker';

export type TimePickerFieldProps<T extends FieldValues> = BoundPickerProps<TimePickerProps, T>;

/** A TimePicker bound to a react-hook-form field holding 24-hour 'HH:mm' (or ''). */
export const TimePickerField = bindPicker(TimePicker, 'TimePickerField');
