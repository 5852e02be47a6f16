import type { ChangeEvent, FocusEvent } from 'react';
import { FormField, Input } from '@baridesk/ui';

/** What `form.register(name)` gives: the input is tied to the form without a controller. */
export type CodeFieldRegistration = {
  name: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => unknown;
  onBlur: (event: FocusEvent<HTMLInputElement>) => unknown;
  ref: (element: HTMLInputElement | null) => void;
};

export type CodeFieldProps = {
  registration: CodeFieldRegistration;
  error?: string;
  /** 'authenticator': the app's 6 digits (the phone offers digits, and a code received by the OS fills in); 'recovery': a recovery code. */
  kind?: 'authenticator' | 'recovery';
  label?: string;
  disabled?: boolean;
};

const KINDS = {
  authenticator: {
    label: 'Authentication code',
    helper: 'The 6-digit code your authenticator app shows now.',
    inputMode: 'numeric',
    autoComplete: 'one-time-code',
    maxLength: 7,
    placeholder: '123456',
  },
  recovery: {
    label: 'Recovery code',
    helper: 'One of the codes you saved when you set up the app (each works once).',
    inputMode: 'text',
    autoComplete: 'off',
    maxLength: 13,
    placeholder: 'abcde-23456',
  },
} as const;

/** The input of a one-time code, labelled and described for screen readers. */
export function CodeField({ registration, error, kind = 'authenticator', label, disabled }: CodeFieldProps) {
  const settings = KINDS[kind];
  return (
    <FormField label={label ?? settings.label} error={error} helperText={settings.helper} required>
      {({ describedBy }) => (
        <Input
          {...registration}
          type="text"
          inputMode={settings.inputMode}
          autoComplete={settings.autoComplete}
          autoCapitalize="off"
          spellCheck={false}
          maxLength={settings.maxLength}
          placeholder={settings.placeholder}
          fontFamily="mono"
          letterSpacing="widest"
          disabled={disabled}
          aria-required
          aria-describedby={describedBy}
        />
      )}
    </FormField>
  );
}
