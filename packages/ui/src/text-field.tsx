import type { HTMLInputTypeAttribute, ReactNode } from 'react';
import { Input } from '@chakra-ui/react';
import type { FieldValues } from 'react-hook-form';
import { DEFAULT_MAX_INPUT_LENGTH } from '@baridesk/domain';
import { useBoundField, type FieldBinding } from './field-binding';
import { FormField } from './form-field';

export type TextFieldProps<T extends FieldValues> = FieldBinding<T> & {
  label: ReactNode;
  type?: HTMLInputTypeAttribute;
  placeholder?: string;
  autoComplete?: string;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Defaults to the product's limit of 254 characters. */
  maxLength?: number;
};

/** A labelled text input bound to a react-hook-form field; the schema's or server's message shows under it. */
export function TextField<T extends FieldValues>(props: TextFieldProps<T>) {
  const { label, type = 'text', placeholder, autoComplete, helperText, required, disabled } = props;
  const { field, error } = useBoundField(props);
  return (
    <FormField label={label} error={error} helperText={helperText} required={required}>
      {({ describedBy }) => (
        <Input
          {...field}
          value={(field.value as string | number | null | undefined) ?? ''}
          type={type}
          placeholder={placeholder}
          autoComplete={autoComplete}
          disabled={disabled}
          maxLength={props.maxLength ?? DEFAULT_MAX_INPUT_LENGTH}
          aria-required={required || undefined}
          aria-describedby={describedBy}
        />
      )}
    </FormField>
  );
}
