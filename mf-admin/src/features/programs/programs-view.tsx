import { PROGRAM_CHOICES, programResource } from '@baridesk/contracts';
import { Badge, SelectField } from '@baridesk/ui';
import { defineResourceView, type FieldRenderer } from '@baridesk/ui/resources';

export const PROGRAMS_PATH = '/admin/baritastic-program';
export const programPaths = {
  list: PROGRAMS_PATH,
  store: `${PROGRAMS_PATH}/store`,
  edit: (id: number) => `${PROGRAMS_PATH}/${id}/edit`,
  show: (id: number) => `${PROGRAMS_PATH}/${id}/show`,
  changePassword: (id: number) => `${PROGRAMS_PATH}/${id}/change-password`,
};

const toOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** A select of fixed choices, with a first choice for "none" (or a prompt when the field is required). */
const choice =
  (choices: readonly string[], empty: string): FieldRenderer =>
  ({ form, name, label, required, options }) => (
    <SelectField form={form} name={name} label={label} required={required} helperText={options.helperText} options={[{ value: '', label: empty }, ...toOptions(choices)]} />
  );

/**
 * The programs' screens (/admin/baritastic-program): the kit's list (search, status, program type and tier
 * filters), form and show page. The form's fields
 * stand in their groups (account, contact, address and map, practice, the patient app, the dashboard
 * popups, sign-in), two columns wide on wide screens.
 */
export const programsView = defineResourceView({
  resource: programResource,
  words: { many: 'programs' },
  texts: { addTitle: 'Add Program', editTitle: 'Edit Program' },
  form: { mode: 'page', path: (id) => (id ? programPaths.edit(id) : programPaths.store) },
  listPath: PROGRAMS_PATH,
  showPath: programPaths.show,
  formColumns: 2,
  listFilters: [
    { field: 'program_type', label: 'Program type', anyLabel: 'All program types', options: toOptions(PROGRAM_CHOICES.program_types) },
    { field: 'tier', label: 'Tier', anyLabel: 'All tiers', options: toOptions(PROGRAM_CHOICES.tiers) },
  ],
  columns: [
    'title',
    'owner_name',
    'email',
    'programmer_code',
    'program_type',
    'tier',
    { key: 'users_count', header: 'Staff', render: (program) => program.users_count },
    {
      key: 'password_set',
      header: 'Password',
      render: (program) => (program.password_set === 1 ? <Badge colorPalette="green">Set</Badge> : <Badge colorPalette="orange">Link sent</Badge>),
    },
    'status',
    'actions',
  ],
  fields: {
    email: { autoComplete: 'off', helperText: 'The link to choose the program’s password is sent here.' },
    programmer_code: { helperText: 'Patients type it in the app to join the program. Letters, numbers and dashes.' },
    program_type: { render: choice(PROGRAM_CHOICES.program_types, 'No program type') },
    tier: { render: choice(PROGRAM_CHOICES.tiers, 'No tier') },
    timezone: { render: choice(PROGRAM_CHOICES.time_zones, 'Choose a time zone') },
    latitude: { helperText: 'Where the program shows on the app’s map, with the longitude.' },
    retries: { helperText: 'For staff without their own setting. Empty: 5 attempts.' },
    time_out: { helperText: 'Empty: 15 minutes.' },
    mfa_required: { helperText: 'Every staff account asks for a code from an authenticator app after the password.' },
    third_checklist_name: { helperText: 'Empty: Weight Management.' },
  },
  deleteQuestion: (_program, name) => ({
    title: 'Delete program',
    message: `Delete ${name}? The program and its staff can no longer sign in and leave every list; their history is kept. This cannot be undone here.`,
  }),
});
