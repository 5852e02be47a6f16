/** @baridesk/ui/controls: checkboxes, switches and radio groups (see index.ts for the entries). */
export { CheckboxField, type CheckboxFieldProps } from './checkbox-field';
export { ToggleSwitch, type ToggleSwitchProps } from './toggle-switch';
export { SwitchField, type SwitchFieldProps } from './switch-field';
export { Checkbox, Switch, RadioGroup } from '@chakra-ui/react';
