import type { ReactNode, RefObject } from 'react';
import { IconButton, Input, InputGroup, Popover, Portal } from '@chakra-ui/react';
import { invalidValue } from '@baridesk/contracts';
import { FormField } from './form-field';
import { Glyph, type GlyphName } from './icons';
import type { useTypedValue } from './use-typed-value';

export type TypedPickerProps = {
  label: string;
  name?: string;
  placeholder: string;
  /** The picker's button. */
  glyph: GlyphName;
  /** The typed text beside the stored value (useTypedValue). */
  typed: ReturnType<typeof useTypedValue>;
  onBlur?: () => void;
  invalid: boolean;
  error?: string;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialFocusEl?: () => HTMLElement | null;
  contentRef?: RefObject<HTMLDivElement | null>;
  /** What the popover offers to choose from (a month calendar, a clock). */
  children: ReactNode;
};

/**
 * The frame of the date and time pickers: a labelled text input to type the value in, and a button
 * opening a popover to choose it. Text that is no valid value marks the field invalid on blur.
 */
export function TypedPicker({
  label,
  name,
  placeholder,
  glyph,
  typed,
  onBlur,
  invalid,
  error,
  helperText,
  required,
  disabled,
  open,
  onOpenChange,
  initialFocusEl,
  contentRef,
  children,
}: TypedPickerProps) {
  const message = typed.textInvalid ? invalidValue(label) : error;
  const showInvalid = invalid || typed.textInvalid || Boolean(error);
  return (
    <FormField label={label} error={message} helperText={helperText} required={required}>
      {({ describedBy }) => (
        <Popover.Root
          open={open}
          onOpenChange={(details) => onOpenChange(details.open)}
          positioning={{ placement: 'bottom-end' }}
          initialFocusEl={initialFocusEl}
          lazyMount
          unmountOnExit
        >
          <InputGroup
            endElement={
              <Popover.Trigger asChild>
                <IconButton aria-label={`Choose ${label}`} size="xs" variant="ghost" me="-2" disabled={disabled}>
                  <Glyph name={glyph} />
                </IconButton>
              </Popover.Trigger>
            }
          >
            <Input
              name={name}
              value={typed.text}
              onChange={(event) => typed.changeText(event.currentTarget.value)}
              onBlur={() => {
                typed.blurText();
                onBlur?.();
              }}
              placeholder={placeholder}
              autoComplete="off"
              disabled={disabled}
              aria-invalid={showInvalid || undefined}
              data-invalid={showInvalid ? '' : undefined}
              aria-required={required || undefined}
              aria-describedby={describedBy}
            />
          </InputGroup>
          <Portal>
            <Popover.Positioner>
              <Popover.Content ref={contentRef} width="auto" aria-label={`Choose ${label}`}>
                <Popover.Body p="3">{children}</Popover.Body>
              </Popover.Content>
            </Popover.Positioner>
          </Portal>
        </Popover.Root>
      )}
    </FormField>
  );
}
