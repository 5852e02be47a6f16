/** @baridesk/ui/controls: checkboxes (one, or a group bound to a list), switches and radio groups (see index.ts for the entries). */
export { CheckboxField, type CheckboxFieldProps } from './checkbox-field';
export { CheckboxGroupField, type CheckboxGroupFieldProps } from './checkbox-group-field';
export { ToggleSwitch, type ToggleSwitchProps } from './toggle-switch';
export { SwitchField, type SwitchFieldProps } from './switch-field';
export { Checkbox, Switch, RadioGroup } from '@chakra-ui/react';
