import { superAdminResource } from '@baridesk/contracts';
import { formatPhone } from '@baridesk/domain';
import { defineResourceView } from '@baridesk/ui/resources';

export const SUPER_ADMINS_PATH = '/admin/super-admin';
export const superAdminPaths = {
  list: SUPER_ADMINS_PATH,
  create: `${SUPER_ADMINS_PATH}/create`,
  show: (id: number) => `${SUPER_ADMINS_PATH}/show/${id}`,
  edit: (id: number) => `${SUPER_ADMINS_PATH}/edit/${id}`,
  changePassword: (id: number) => `${SUPER_ADMINS_PATH}/change-password/${id}`,
};

/** A super admin as people say it: the full name. */
export const superAdminName = (admin: object) => {
  const { first_name: first, last_name: last } = admin as { first_name?: unknown; last_name?: unknown };
  return `${String(first ?? '')} ${String(last ?? '')}`.trim();
};

/**
 * The super admins' screens (/admin/super-admin): the kit's list and show page; the form is this feature's
 * own (the kit's fields, the password on create, the permissions as switches).
 */
export const superAdminsView = defineResourceView({
  resource: superAdminResource,
  words: { many: 'super admins' },
  texts: { addTitle: 'Add Super Admin', editTitle: 'Edit Super Admin' },
  nameOf: superAdminName,
  form: { mode: 'page', path: (id) => (id ? superAdminPaths.edit(id) : superAdminPaths.create) },
  listPath: SUPER_ADMINS_PATH,
  showPath: superAdminPaths.show,
  columns: [
    'first_name',
    'last_name',
    'email',
    { key: 'phone', header: 'Phone', render: (admin) => (admin.phone ? formatPhone(admin.phone) : '') },
    'title',
    { key: 'permission_ids', header: 'Permissions', render: (admin) => admin.permission_ids.length },
    'status',
    'actions',
  ],
  deleteQuestion: (_admin, name) => ({
    title: 'Delete super admin',
    message: `Delete ${name}? The account can no longer sign in and leaves this list; its history is kept.`,
  }),
});
