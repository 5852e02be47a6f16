import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useBoundField, type FieldBinding } from './field-binding';
import { ToggleSwitch } from './toggle-switch';

export type SwitchFieldProps<T extends FieldValues> = FieldBinding<T> & {
  label: ReactNode;
  disabled?: boolean;
};

/** A switch (role "switch") bound to a boolean react-hook-form field ("Active"). */
export function SwitchField<T extends FieldValues>(props: SwitchFieldProps<T>) {
  const { field } = useBoundField(props);
  return (
    <ToggleSwitch
      label={props.label}
      checked={field.value === true}
      onChange={field.onChange}
      disabled={props.disabled}
      name={field.name}
      inputRef={field.ref}
      onBlur={field.onBlur}
    />
  );
}
