import { useId, type ReactNode } from 'react';
import { Field, Text } from '@chakra-ui/react';

export type FormFieldControl = {
  /** The id the label points to: give it to a control that is not a Chakra input. */
  id: string;
  /** The label's id, for the aria-labelledby of a control a label cannot name (a contenteditable region). */
  labelId: string;
  /** The ids of the helper and error texts, for the control's aria-describedby. */
  describedBy: string | undefined;
  invalid: boolean;
};

export type FormFieldProps = {
  label: ReactNode;
  /** The message shown under the control; the field is invalid while there is one. */
  error?: string;
  helperText?: ReactNode;
  required?: boolean;
  children: (control: FormFieldControl) => ReactNode;
};

/**
 * Label, control, helper text and error text of one form field (Chakra Field). The control is given
 * aria-describedby with the helper and error texts: Ark links the error only by aria-errormessage,
 * which many screen readers ignore.
 *
 * `required` shows a mark and sets aria-required, but not the native `required` attribute, so the
 * browser's own validation never hides the schema's message.
 */
export function FormField({ label, error, helperText, required = false, children }: FormFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  const errorId = `${id}-error`;
  const labelId = `${id}-label`;
  const invalid = Boolean(error);
  const describedBy = [helperText ? helperId : null, invalid ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <Field.Root id={id} invalid={invalid} ids={{ label: labelId, helperText: helperId, errorText: errorId }}>
      <Field.Label>
        {label}
        {required ? (
          <Text as="span" color="fg.error" aria-hidden>
            *
          </Text>
        ) : null}
      </Field.Label>
      {children({ id, labelId, describedBy, invalid })}
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      {invalid ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
