import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as core from './index';
import * as overlays from './overlays';
import * as lists from './lists';
import * as controls from './controls';
import * as dates from './dates';
import * as uploads from './uploads';
import * as richText from './rich-text';
import * as resources from './resources';

const entries = { index: core, overlays, lists, controls, dates, uploads, 'rich-text': richText, resources };

test.each([
  ['index', ['UiProvider', 'system', 'notify', 'Toaster', 'PageFrame', 'Breadcrumbs', 'DetailRow', 'SummaryFact', 'PageTransition', 'ErrorList', 'useValibotForm',
    'applyServerErrors', 'TextField', 'PasswordField', 'SelectField', 'TextareaField', 'Box', 'Button', 'Field', 'NativeSelect']],
  ['overlays', ['Modal', 'FormModal', 'ConfirmDialog', 'useConfirm', 'ReportBanner', 'useLongTask', 'Dialog', 'Menu', 'Tooltip']],
  ['lists', ['DataTable', 'Pager', 'useListParams', 'SearchBox', 'FilterSelect', 'LoadError', 'RowActions', 'useDebouncedValue', 'Table']],
  ['controls', ['CheckboxField', 'Checkbox', 'ToggleSwitch', 'SwitchField', 'Switch', 'RadioGroup']],
  ['dates', ['DatePicker', 'DatePickerField', 'TimePicker', 'TimePickerField', 'MonthCalendar']],
  ['uploads', ['ImageUpload', 'ImageUploadField', 'FileUpload', 'FileUploadField', 'uploadTo']],
  ['rich-text', ['RichTextEditor', 'RichTextField', 'isAllowedLink']],
  ['resources', ['ResourceListScreen', 'ResourceFormScreen', 'ResourceShowScreen', 'ResourceList', 'ResourceForm', 'SortableList']],
] as const)('the %s entry exports its components by name', (entry, names) => {
  for (const name of names) expect(entries[entry]).toHaveProperty(name);
});

test('the sign-in entry leaves overlays, lists and pickers to their own entries', () => {
  for (const name of ['Modal', 'Dialog', 'Menu', 'Tooltip', 'DataTable', 'Table', 'DatePicker', 'Switch']) {
    expect(core).not.toHaveProperty(name);
  }
});

test('no entry re-exports the whole of Chakra, and each name lives in one entry only', () => {
  const seen = new Map<string, string>();
  for (const [entry, module] of Object.entries(entries)) {
    const source = readFileSync(join(__dirname, `${entry}.ts`), 'utf8');
    expect(source).not.toMatch(/export \* from/);
    expect(module).not.toHaveProperty('ColorPicker');
    for (const name of Object.keys(module)) {
      expect([name, seen.get(name)]).toEqual([name, undefined]);
      seen.set(name, entry);
    }
  }
});

/** Chakra components styled by another component's recipe, or by none. */
const RECIPE_OF: Record<string, string | null> = {
  IconButton: 'button', CloseButton: 'button', InputGroup: 'inputAddon', SkeletonText: 'skeleton',
  Box: null, Flex: null, Stack: null, HStack: null, VStack: null, Grid: null, GridItem: null, SimpleGrid: null,
  Center: null, Spacer: null, Wrap: null, Group: null, Text: null, Span: null, Image: null, VisuallyHidden: null,
  Portal: null,
};

test('the theme keeps the recipe of every Chakra component the entries export', () => {
  for (const entry of Object.keys(entries)) {
    const source = readFileSync(join(__dirname, `${entry}.ts`), 'utf8');
    const fromChakra = [...source.matchAll(/export \{([^}]*)\} from '@chakra-ui\/react'/g)].flatMap((m) =>
      (m[1] ?? '').split(',').map((name) => name.replace(/\/\/.*$/gm, '').trim()).filter((name) => /^[A-Z]/.test(name)),
    );
    for (const component of fromChakra) {
      const key = component in RECIPE_OF ? RECIPE_OF[component] : component[0]!.toLowerCase() + component.slice(1);
      if (key === null || key === undefined) continue;
      const styled = Boolean(core.system.getRecipe(key)) || Boolean(core.system.getSlotRecipe(key));
      expect([entry, component, styled]).toEqual([entry, component, true]);
    }
  }
});
