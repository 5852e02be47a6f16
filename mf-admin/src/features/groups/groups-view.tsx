import { groupResource } from '@baridesk/contracts';
import { defineResourceView } from '@baridesk/ui/resources';

export const GROUPS_PATH = '/admin/groups';
export const groupPaths = {
  list: GROUPS_PATH,
  create: `${GROUPS_PATH}/create`,
  edit: (id: number) => `${GROUPS_PATH}/${id}/edit`,
  show: (id: number) => `${GROUPS_PATH}/${id}/show`,
};

const countOf = (n: number) => `${n} ${n === 1 ? 'patient' : 'patients'}`;

/** The groups list: a group's name opens its members; its form is a page of its own (members are chosen there). */
export const groupsView = defineResourceView({
  resource: groupResource,
  words: { many: 'groups' },
  texts: { add: 'Add Group' },
  form: { mode: 'page', path: (id) => (id ? groupPaths.edit(id) : groupPaths.create) },
  listPath: GROUPS_PATH,
  showPath: groupPaths.show,
  columns: ['name', { key: 'members_count', header: 'Members', sortable: true, render: (group) => countOf(Number(group.members_count)) }, 'status', 'created_at', 'actions'],
  deleteQuestion: (group) => ({
    title: 'Delete group',
    message: `Delete ${String(group.name)}? Its ${countOf(Number(group.members_count))} leave the group; the patients and the messages sent to them stay.`,
  }),
});

export { countOf as patientCount };
