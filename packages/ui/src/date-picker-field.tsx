import type { FieldValues } from 'react-hook-form';
import { bindPicker, type BoundPickerProps } from './bound-picker';
import { DatePicker, type DatePickerProps } from './date-picker';

export type DatePickerFieldProps<T extends FieldValues> = BoundPickerProps<DatePickerProps, T>;

/** A DatePicker bound to a react-hook-form field holding 'yyyy-MM-dd' (or ''). */
export const DatePickerField = bindPicker(DatePicker, 'DatePickerField');
