import { PROGRAM_USER_STAGE_OPTIONS, programUserResource } from '@baridesk/contracts';
import { Badge, SelectField } from '@baridesk/ui';
import { defineResourceView } from '@baridesk/ui/resources';
import { programChoices, programTagChoices } from './api/program-user-calls';

export const PROGRAM_USERS_PATH = '/admin/program-user';
export const programUserPaths = {
  list: PROGRAM_USERS_PATH,
  store: `${PROGRAM_USERS_PATH}/store`,
  edit: (id: number) => `${PROGRAM_USERS_PATH}/${id}/edit`,
  show: (id: number) => `${PROGRAM_USERS_PATH}/${id}/show`,
  changePassword: (id: number) => `${PROGRAM_USERS_PATH}/${id}/change-password`,
};

/**
 * The program users' screens (/admin/program-user): the kit's list, form and show page. The program is
 * asked first, since the default tag is one of its tags; the switches stand in their groups (staff areas,
 * content menus, rights, sign-in), two columns wide on wide screens.
 */
export const programUsersView = defineResourceView({
  resource: programUserResource,
  words: { many: 'program users' },
  texts: { addTitle: 'Add Program User', editTitle: 'Edit Program User' },
  form: { mode: 'page', path: (id) => (id ? programUserPaths.edit(id) : programUserPaths.store) },
  listPath: PROGRAM_USERS_PATH,
  showPath: programUserPaths.show,
  categorySources: { category: programChoices, subCategory: programTagChoices },
  categoriesFirst: true,
  formColumns: 2,
  columns: [
    'name',
    'email',
    'program_id',
    'username',
    {
      key: 'password_set',
      header: 'Invitation',
      render: (user) => (user.password_set === 1 ? <Badge colorPalette="green">Accepted</Badge> : <Badge colorPalette="orange">Pending</Badge>),
    },
    'status',
    'actions',
  ],
  fields: {
    email: { autoComplete: 'off', helperText: 'The invitation to choose a password is sent here.' },
    retries: { helperText: 'Empty: 5 attempts.' },
    time_out: { helperText: 'Empty: 15 minutes.' },
    deactivation_date: { helperText: 'From this day the user cannot sign in.' },
    default_stage: {
      render: ({ form, name, label }) => (
        <SelectField form={form} name={name} label={label} options={[{ value: '', label: 'No default stage' }, ...PROGRAM_USER_STAGE_OPTIONS]} />
      ),
    },
  },
  deleteQuestion: (_user, name) => ({
    title: 'Delete program user',
    message: `Delete ${name}? They can no longer sign in and leave every list; what they did stays in the history.`,
  }),
});
