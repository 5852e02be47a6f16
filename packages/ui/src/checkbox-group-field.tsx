import type { ReactNode } from 'react';
import { Checkbox, Fieldset, Stack } from '@chakra-ui/react';
import type { FieldValues } from 'react-hook-form';
import { useBoundField, type FieldBinding } from './field-binding';

export type CheckboxGroupFieldProps<T extends FieldValues, V extends string> = FieldBinding<T> & {
  /** The group's name, read as its legend ("Channels"). */
  legend: ReactNode;
  helperText?: ReactNode;
  /** The boxes, in the order they show and the order the chosen values are kept in. */
  options: readonly { value: V; label: ReactNode }[];
};

/**
 * A group of checkboxes bound to a react-hook-form list of values (`channels: ['inbox', 'email']`): each
 * box adds or removes its value, kept in the options' order; the field's error shows under the group.
 */
export function CheckboxGroupField<T extends FieldValues, V extends string>(props: CheckboxGroupFieldProps<T, V>) {
  const { legend, helperText, options } = props;
  const { field, error } = useBoundField(props);
  const chosen: readonly string[] = Array.isArray(field.value) ? field.value : [];
  const toggle = (value: V, on: boolean) =>
    field.onChange(options.map((option) => option.value).filter((v) => (v === value ? on : chosen.includes(v))));
  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend>{legend}</Fieldset.Legend>
      {helperText ? <Fieldset.HelperText>{helperText}</Fieldset.HelperText> : null}
      <Stack gap="2" direction={{ base: 'column', sm: 'row' }}>
        {options.map((option, index) => (
          <Checkbox.Root
            key={option.value}
            checked={chosen.includes(option.value)}
            onCheckedChange={(details) => toggle(option.value, details.checked === true)}
          >
            <Checkbox.HiddenInput ref={index === 0 ? field.ref : undefined} onBlur={field.onBlur} />
            <Checkbox.Control />
            <Checkbox.Label>{option.label}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
      {error ? <Fieldset.ErrorText>{error}</Fieldset.ErrorText> : null}
    </Fieldset.Root>
  );
}
