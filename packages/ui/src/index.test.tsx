import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ui from './index';

test('exports the shared components and the chosen Chakra pieces by name', () => {
  for (const name of [
    'UiProvider', 'system', 'notify', 'Toaster', 'PageFrame', 'DataTable', 'Pager', 'Modal', 'ConfirmDialog',
    'useConfirm', 'ErrorList', 'useValibotForm', 'applyServerErrors', 'TextField', 'PasswordField',
    'CheckboxField', 'SelectField', 'DatePicker', 'DatePickerField', 'TimePicker', 'TimePickerField',
    'ReportBanner', 'PageTransition', 'SearchBox', 'ToggleSwitch', 'SwitchField', 'TextareaField', 'useDebouncedValue',
    'useListParams', 'Box', 'Button', 'Dialog', 'Table', 'Field', 'NativeSelect', 'Tooltip',
  ]) {
    expect(ui).toHaveProperty(name);
  }
});

test('never re-exports the whole of Chakra', () => {
  const source = readFileSync(join(__dirname, 'index.ts'), 'utf8');
  expect(source).not.toMatch(/export \* from '@chakra-ui\/react'/);
  expect(ui).not.toHaveProperty('ColorPicker');
});
