import { useState, type ReactNode } from 'react';
import { IconButton, Input, InputGroup } from '@chakra-ui/react';
import type { FieldValues } from 'react-hook-form';
import { DEFAULT_MAX_INPUT_LENGTH } from '@baridesk/domain';
import { useBoundField, type FieldBinding } from './field-binding';
import { FormField } from './form-field';
import { Glyph } from './icons';

export type PasswordFieldProps<T extends FieldValues> = FieldBinding<T> & {
  label: ReactNode;
  placeholder?: string;
  /** "current-password" on login, "new-password" when choosing one. */
  autoComplete?: 'current-password' | 'new-password';
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
};

/** A password input with a show/hide button, bound to a react-hook-form field. */
export function PasswordField<T extends FieldValues>(props: PasswordFieldProps<T>) {
  const { label, placeholder, autoComplete = 'current-password', helperText, required, disabled } = props;
  const { field, error } = useBoundField(props);
  const [visible, setVisible] = useState(false);
  return (
    <FormField label={label} error={error} helperText={helperText} required={required}>
      {({ describedBy }) => (
        <InputGroup
          endElement={
            <IconButton
              aria-label={visible ? 'Hide password' : 'Show password'}
              aria-pressed={visible}
              size="xs"
              variant="ghost"
              me="-2"
              disabled={disabled}
              onClick={() => setVisible((shown) => !shown)}
            >
              <Glyph name={visible ? 'eyeOff' : 'eye'} />
            </IconButton>
          }
        >
          <Input
            {...field}
            value={(field.value as string | null | undefined) ?? ''}
            type={visible ? 'text' : 'password'}
            placeholder={placeholder}
            autoComplete={autoComplete}
            disabled={disabled}
            maxLength={DEFAULT_MAX_INPUT_LENGTH}
            aria-required={required || undefined}
            aria-describedby={describedBy}
          />
        </InputGroup>
      )}
    </FormField>
  );
}
