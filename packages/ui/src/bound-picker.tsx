import type { ComponentType, ReactElement } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useBoundField, type FieldBinding } from './field-binding';

/** What a picker of a text value ('' for none) takes from the form field it is bound to. */
type PickerBinding = {
  name?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
};

/** The binding supplies these; `invalid` follows from the field's error, so it is not offered either. */
type SuppliedProps = keyof PickerBinding | 'invalid';

/** A bound picker's props: the picker's own, less what the field supplies, plus the binding (control or form, and name). */
export type BoundPickerProps<P extends PickerBinding, T extends FieldValues> = FieldBinding<T> & Omit<P, SuppliedProps>;

export type BoundPicker<P extends PickerBinding> = {
  <T extends FieldValues>(props: BoundPickerProps<P, T>): ReactElement;
  displayName?: string;
};

/**
 * Binds a picker of a text value (DatePicker, TimePicker) to a react-hook-form field: the picker gets
 * the field's name, its value (anything but a string shows as ''), its handlers and its first error
 * message; every other prop passes through as given.
 */
export function bindPicker<P extends PickerBinding>(Picker: ComponentType<P>, displayName: string): BoundPicker<P> {
  function BoundPickerField<T extends FieldValues>(props: BoundPickerProps<P, T>) {
    const { field, error } = useBoundField(props);
    const { name: _name, control: _control, form: _form, ...own } = props;
    // TypeScript cannot see that Omit<P, supplied> plus the supplied props make a P again.
    const pickerProps = {
      ...own,
      name: field.name,
      value: typeof field.value === 'string' ? field.value : '',
      onChange: field.onChange,
      onBlur: field.onBlur,
      error,
    } as unknown as P;
    return <Picker {...pickerProps} />;
  }
  BoundPickerField.displayName = displayName;
  return BoundPickerField;
}
