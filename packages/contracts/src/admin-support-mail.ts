/**
 * Where support requests go (admin-public-auth §3, §7): the support e-mail (permission support_mail), the
 * address staff support messages are mailed to, and the mobile support mail addresses (permission
 * manage_mobile_support_mail), those the patient app's "Contact support" is mailed to.
 */
import * as v from 'valibot';
import { envelope } from './common';
import { defineResource, field, type ResourceItem } from './resource-kit';
import { email, requiredString } from './rules';

// ---------------------------------------------------------------------------------------------
// Support e-mail: GET /api/admin/support-email, POST /api/admin/support-email/update {email}
// ---------------------------------------------------------------------------------------------

export const SUPPORT_EMAIL_MESSAGES = {
  updated: 'Support e-mail updated successfully.',
} as const;

/**
 * The address in use: the one a super admin saved, else the deployment's SUPPORT_EMAIL
 * (`is_default`). `updated_at` is when it was last saved (null: never).
 */
export const supportEmailSchema = v.object({ email: v.string(), is_default: v.boolean(), updated_at: v.nullable(v.string()) });
export type SupportEmailSetting = v.InferOutput<typeof supportEmailSchema>;
export const supportEmailResponse = envelope(supportEmailSchema);
export const supportEmailSavedResponse = v.object({ data: supportEmailSchema, message: v.string() });

export const supportEmailBody = v.object({ email: email('email') });
export type SupportEmailBody = v.InferOutput<typeof supportEmailBody>;

// ---------------------------------------------------------------------------------------------
// Mobile support mail: GET /api/admin/mobile-support-mail (params), GET /select, POST, PUT /{id},
// DELETE /{id}, POST /toggle-status; GET /{id} for the edit form.
// ---------------------------------------------------------------------------------------------

export const MOBILE_SUPPORT_MAIL_MESSAGES = {
  created: 'Support address added successfully.',
  updated: 'Support address updated successfully.',
  statusUpdated: 'Support address status updated successfully.',
  deleted: 'Support address deleted successfully.',
  notFound: 'Support address not found.',
  taken: 'This address is already on the list.',
} as const;

export const mobileSupportMailResource = defineResource({
  name: 'mobile-support-mail',
  entity: 'mobile_support_mail',
  labels: { singular: 'Support Address', plural: 'Mobile Support Mail' },
  fields: { email: field('email', 'Email', email('email')) },
  labelField: 'email',
  sorts: ['email', 'status', 'created_at'],
  defaultSort: 'email',
  unique: { field: 'email', message: MOBILE_SUPPORT_MAIL_MESSAGES.taken },
  scope: 'global',
  permission: { who: 'super-admin', slug: 'manage_mobile_support_mail' },
  status: true,
  ordering: false,
  messages: MOBILE_SUPPORT_MAIL_MESSAGES,
  paths: {
    base: '/api/admin/mobile-support-mail',
    store: { method: 'POST', path: '' },
    update: { method: 'PUT', path: '/:id' },
    delete: { method: 'DELETE', path: '/:id' },
    options: '/select',
  },
});

export type MobileSupportMail = ResourceItem<typeof mobileSupportMailResource>;

// ---------------------------------------------------------------------------------------------
// The patient app's "Contact support": POST /api/app/support-requests {message}
// ---------------------------------------------------------------------------------------------

/** Longest support request a patient may send. */
export const SUPPORT_REQUEST_MAX_LENGTH = 5000;

export const SUPPORT_REQUEST_MESSAGES = {
  sent: 'Your message was sent to the support team.',
  notText: 'The message holds characters that are not text.',
} as const;

/** Half of a UTF-16 pair with no other half: no character at all, and JSON stores (the mail job's data) refuse it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const supportRequestBody = v.object({
  message: v.pipe(
    requiredString('message', { max: SUPPORT_REQUEST_MAX_LENGTH }),
    v.check((text) => !LONE_SURROGATE.test(text), SUPPORT_REQUEST_MESSAGES.notText),
  ),
});
export type SupportRequestBody = v.InferOutput<typeof supportRequestBody>;

/** 202: queued for mailing to `addresses` support addresses (the mail goes out shortly, retried while the server refuses). */
export const supportRequestResponse = v.object({ data: v.object({ addresses: v.number() }), message: v.string() });
export type SupportRequestResponse = v.InferOutput<typeof supportRequestResponse>;
