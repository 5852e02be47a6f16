import type { ReactNode } from 'react';
import { Text, Textarea } from '@chakra-ui/react';
import type { FieldValues } from 'react-hook-form';
import { useBoundField, type FieldBinding } from './field-binding';
import { FormField } from './form-field';

export type TextareaFieldProps<T extends FieldValues> = FieldBinding<T> & {
  label: ReactNode;
  required?: boolean;
  rows?: number;
  maxLength?: number;
  /** Shows "n / maxLength characters" under the box as it is typed in, in red at the limit. */
  showCount?: boolean;
  helperText?: ReactNode;
};

/** A labelled multi-line text input bound to a react-hook-form field, with an optional live character count. */
export function TextareaField<T extends FieldValues>(props: TextareaFieldProps<T>) {
  const { label, required, rows, maxLength, showCount = false } = props;
  const { field, error } = useBoundField(props);
  const value = (field.value as string | null | undefined) ?? '';
  const count =
    showCount && maxLength !== undefined ? (
      <Text as="span" color={value.length >= maxLength ? 'fg.error' : undefined}>
        {`${value.length} / ${maxLength} characters`}
      </Text>
    ) : null;
  return (
    <FormField label={label} error={error} helperText={count ?? props.helperText} required={required}>
      {({ describedBy }) => (
        <Textarea
          {...field}
          value={value}
          rows={rows}
          maxLength={maxLength}
          aria-required={required || undefined}
          aria-describedby={describedBy}
        />
      )}
    </FormField>
  );
}
