import type { ReactNode } from 'react';
import { Alert } from '@baridesk/ui';

export type FormAlertProps = {
  status: 'error' | 'success' | 'info' | 'warning';
  title?: string;
  children?: ReactNode;
  /** Errors are announced at once (alert), other outcomes politely (status), unless told. */
  role?: 'alert' | 'status';
};

/** A message that stays on the screen, where a notice would fade after 5 s. */
export function FormAlert({ status, title, children, role = status === 'error' ? 'alert' : 'status' }: FormAlertProps) {
  return (
    <Alert.Root status={status} role={role}>
      <Alert.Indicator />
      <Alert.Content>
        {title ? <Alert.Title>{title}</Alert.Title> : null}
        {children ? <Alert.Description>{children}</Alert.Description> : null}
      </Alert.Content>
    </Alert.Root>
  );
}
