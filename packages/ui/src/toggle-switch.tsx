import type { ReactNode, Ref } from 'react';
import { Switch } from '@chakra-ui/react';

export type ToggleSwitchProps = {
  /** The switch's name for everyone, or only for screen readers with `hideLabel`. */
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  hideLabel?: boolean;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
};

/** An on/off switch announced as a switch (role "switch") and named by its label. */
export function ToggleSwitch({ label, checked, onChange, disabled, hideLabel = false, name, inputRef, onBlur }: ToggleSwitchProps) {
  return (
    <Switch.Root
      checked={checked}
      disabled={disabled}
      name={name}
      colorPalette="brand"
      onCheckedChange={(details) => onChange(details.checked)}
    >
      <Switch.HiddenInput role="switch" ref={inputRef} onBlur={onBlur} />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
      <Switch.Label srOnly={hideLabel}>{label}</Switch.Label>
    </Switch.Root>
  );
}
