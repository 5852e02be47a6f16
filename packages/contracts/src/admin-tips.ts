/** Tips (super admins, permission tips): short advice the patient app shows, for every program alike. */
import { defineResource, field, type ResourceItem } from './resource-kit';
import { requiredString } from './rules';

/** Longest tip text. */
export const TIP_MAX_LENGTH = 1000;

export const TIP_MESSAGES = {
  created: 'Tip created successfully.',
  updated: 'Tip updated successfully.',
  statusUpdated: 'Tip status updated successfully.',
  deleted: 'Tip deleted successfully.',
  notFound: 'Tip not found.',
} as const;

/**
 * The spec's calls: GET /api/admin/tips (page, perPage, search, sort, status), POST (store), PUT /{id},
 * DELETE /{id}, POST /toggle-status {id, status}; GET /{id} for the edit form.
 */
export const tipResource = defineResource({
  name: 'tip',
  entity: 'tip',
  labels: { singular: 'Tip', plural: 'Tips' },
  fields: { description: field('textarea', 'Tip', requiredString('description', { max: TIP_MAX_LENGTH })) },
  labelField: 'description',
  sorts: ['description', 'status', 'created_at', 'updated_at'],
  defaultSort: 'created_at',
  scope: 'global',
  permission: { who: 'super-admin', slug: 'tips' },
  status: true,
  ordering: false,
  messages: TIP_MESSAGES,
  paths: {
    base: '/api/admin/tips',
    store: { method: 'POST', path: '' },
    update: { method: 'PUT', path: '/:id' },
    delete: { method: 'DELETE', path: '/:id' },
  },
});

export type Tip = ResourceItem<typeof tipResource>;
