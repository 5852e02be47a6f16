/**
 * Super admins (super admins with manage_super_admin; user 48 always), under /api/admin/super-admin. A
 * resource of the kit kept in two tables (the sign-in account and the super_admins profile; server:
 * identity's account-backed resources): GET '' (page, perPage, search over names, e-mail and username,
 * status, sort), GET /{id}, POST '' (the fields, a password and its confirmation, the permission ids),
 * PUT /{id} (the fields, status and permission ids), DELETE /{id} (soft: the account cannot sign in, its
 * history stays), GET /excel-report; PATCH /change-password/{id} is in auth.ts.
 *
 * Super admin 48 is the platform's own: it holds every permission and cannot be deleted, switched off
 * or have a permission taken away.
 */
import * as v from 'valibot';
import { MAX_ID, email, optionalOf, optionalString, passwordEntries, passwordsMatch, phone, requiredString } from './rules';
import { INVALID_ID } from './messages';
import { defineResource, field, type ResourceItem } from './resource-kit';

export const SUPER_ADMIN_MESSAGES = {
  created: 'Super admin created successfully.',
  updated: 'Super admin updated successfully.',
  deleted: 'Super admin deleted. The account can no longer sign in; its history is kept.',
  notFound: 'Super admin not found.',
  mainNotDeleted: 'The main super admin cannot be deleted.',
  mainStaysActive: 'The main super admin cannot be deactivated.',
  mainKeepsPermissions: 'The main super admin keeps every permission.',
  notYourself: 'You cannot delete your own account.',
  unknownPermission: 'Please choose permissions from the list.',
} as const;

export const SUPER_ADMIN_SORTS = ['first_name', 'last_name', 'email', 'username', 'title', 'status', 'created_at', 'updated_at'] as const;

const optionalText = v.nullable(v.string());

export const superAdminResource = defineResource({
  name: 'super-admin',
  entity: 'super_admin',
  labels: { singular: 'Super Admin', plural: 'Super Admins' },
  fields: {
    first_name: field('text', 'First name', requiredString('first_name')),
    last_name: field('text', 'Last name', requiredString('last_name')),
    email: field('email', 'Email', email('email')),
    phone: field('phone', 'Phone', optionalOf(v.pipe(phone('phone'), v.maxLength(32, 'The phone may not be greater than 32 characters.'))), {
      output: optionalText,
    }),
    title: field('text', 'Title', optionalString('title'), { output: optionalText }),
    username: field('text', 'Username', optionalString('username'), { output: optionalText, column: false }),
  },
  labelField: 'email',
  extra: {
    /** The ids of the permissions held (GET /api/admin/permissions names them), in id order. */
    permission_ids: v.array(v.number()),
  },
  sorts: SUPER_ADMIN_SORTS,
  defaultSort: 'first_name',
  scope: 'global',
  permission: { who: 'super-admin', slug: 'manage_super_admin' },
  status: true,
  defaultStatus: 1,
  ordering: false,
  messages: SUPER_ADMIN_MESSAGES,
  paths: {
    base: '/api/admin/super-admin',
    store: { method: 'POST', path: '' },
    update: { method: 'PUT', path: '/:id' },
    delete: { method: 'DELETE', path: '/:id' },
    // Status is set on the form (the spec offers no toggle for super admins).
    toggleStatus: false,
  },
});

export type SuperAdmin = ResourceItem<typeof superAdminResource>;

/** The permissions to hold: ids of GET /api/admin/permissions, each once; none is allowed. */
const permissionIds = v.optional(
  v.pipe(
    v.array(
      v.pipe(
        v.number(INVALID_ID),
        v.check((value) => Number.isSafeInteger(value) && value > 0 && value <= MAX_ID, INVALID_ID),
      ),
      'The permission ids must be a list of ids.',
    ),
    v.maxLength(100, 'The permission ids may not have more than 100 items.'),
    v.transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
  ),
  [],
);

const storeEntries = {
  ...superAdminResource.schemas.storeBody.entries,
  ...passwordEntries({ confirmation: 'confirm_password' }),
  permission_ids: permissionIds,
};
/** POST /api/admin/super-admin: the fields, status (1 unless sent), password and confirm_password (the spec's rule), permission_ids. */
export const superAdminStoreBody = v.pipe(
  v.object(storeEntries),
  passwordsMatch<v.InferOutput<v.ObjectSchema<typeof storeEntries, undefined>>>({ confirmation: 'confirm_password' }),
);
export type SuperAdminStoreBody = v.InferOutput<typeof superAdminStoreBody>;
export type SuperAdminStoreInput = v.InferInput<typeof superAdminStoreBody>;

/** PUT /api/admin/super-admin/{id}: every field, status and the permission ids (the whole list: what is left out is taken away). */
export const superAdminUpdateBody = v.object({ ...superAdminResource.schemas.updateFields.entries, permission_ids: permissionIds });
export type SuperAdminUpdateBody = v.InferOutput<typeof superAdminUpdateBody>;
export type SuperAdminUpdateInput = v.InferInput<typeof superAdminUpdateBody>;

export const superAdminSavedResponse = superAdminResource.schemas.savedResponse;
export const superAdminItemResponse = superAdminResource.schemas.itemResponse;

/** GET /api/admin/super-admin/excel-report: the list's search, status and order, every page. */
export const superAdminExportQuery = v.object(v.omit(superAdminResource.schemas.listQuery, ['page', 'perPage']).entries);
export type SuperAdminExportQuery = v.InferOutput<typeof superAdminExportQuery>;

/** The Excel file's columns, in order. */
export const SUPER_ADMIN_EXPORT_COLUMNS = ['First name', 'Last name', 'Email', 'Phone', 'Title', 'Username', 'Permissions', 'Status', 'Added'] as const;
