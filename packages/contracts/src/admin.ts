import * as v from 'valibot';
import { permissionSchema } from './auth';
import { envelope } from './common';
import { isoDate } from './date-rules';
import {
  defineResource,
  field,
  type ResourceItem,
} from './resource-kit';
import { id, requiredString } from './rules';

export const permissionsResponse = envelope(v.array(permissionSchema));

// ---------------------------------------------------------------------------------------------
// Resetting someone's second sign-in factor (the help desk's answer to a lost phone and lost recovery
// codes): POST /api/admin/program-user/reset-two-factor, /api/admin/baritastic-program/reset-two-factor
// and /api/admin/super-admin/reset-two-factor, each with the account's id; see docs/security.md.
// ---------------------------------------------------------------------------------------------

export const TWO_FACTOR_RESET_MESSAGES = {
  reset: 'Two-step sign-in has been reset. The account was signed out everywhere and told by e-mail.',
  noFactor: 'This account has no two-step sign-in to reset.',
  notYourself: 'You cannot reset your own two-step sign-in. Use Two-Factor Authentication in your account menu.',
  mainOnlyByMain: "Only the main super admin can reset the main super admin's two-step sign-in.",
} as const;

/** The body of the three reset-two-factor calls: the account's id. */
export const resetTwoFactorBody = v.object({ id });
export type ResetTwoFactorBody = v.InferOutput<typeof resetTwoFactorBody>;

// ---------------------------------------------------------------------------------------------
// Quotes (super admin, permission manage_quotes): the quote of the day, one per date, for all programs.
// ---------------------------------------------------------------------------------------------

/** Longest quote text. */
export const QUOTE_MAX_LENGTH = 1000;
/** Status of a new quote when the form sends none: Active. */
export const DEFAULT_QUOTE_STATUS = 1;

export const QUOTE_MESSAGES = {
  created: 'Quote created successfully.',
  updated: 'Quote updated successfully.',
  statusUpdated: 'Quote status updated successfully.',
  deleted: 'Quote deleted successfully.',
  notFound: 'Quote not found.',
  dateTaken: 'A quote already exists for this date.',
} as const;

export const QUOTE_SORTS = ['date_quote', 'description', 'status'] as const;

/**
 * GET /api/admin/quotes (page, perPage, search in the text, sort, direction, status), GET /{id}, POST
 * store, update (every field, status included), toggle-status, delete; on the resource kit.
 */
export const quoteResource = defineResource({
  name: 'quote',
  entity: 'quote',
  labels: { singular: 'Quote', plural: 'Quotes' },
  fields: {
    description: field('textarea', 'Quote', requiredString('description', { max: QUOTE_MAX_LENGTH })),
    /** yyyy-MM-dd */
    date_quote: field('date', 'Date', isoDate('date_quote', { label: 'Date' })),
  },
  labelField: 'description',
  sorts: QUOTE_SORTS,
  defaultSort: 'date_quote',
  unique: { field: 'date_quote', message: QUOTE_MESSAGES.dateTaken },
  scope: 'global',
  permission: { who: 'super-admin', slug: 'manage_quotes' },
  status: true,
  defaultStatus: DEFAULT_QUOTE_STATUS,
  ordering: false,
  messages: QUOTE_MESSAGES,
  paths: { base: '/api/admin/quotes' },
});

const quoteSchemas = quoteResource.schemas;

export type Quote = ResourceItem<typeof quoteResource>;
export const quoteListQuery = quoteSchemas.listQuery;
export const quoteListResponse = quoteSchemas.listResponse;
export const quoteDeleteBody = quoteSchemas.deleteBody;
export const quoteSavedResponse = quoteSchemas.savedResponse;
export const quoteToggleResponse = quoteSchemas.toggleStatusResponse;

// ---------------------------------------------------------------------------------------------
// Admin dashboard (any super admin)
// ---------------------------------------------------------------------------------------------

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/**
 * GET /api/admin/dashboard. Active programs have status 1; active program users an active account not
 * past its deactivation date; patients are counted by current stage; today's quote is the active quote
 * dated today (UTC), or null.
 */
export const adminDashboardResponse = envelope(
  v.object({
    programs: v.object({ total: count, active: count }),
    programUsers: v.object({ total: count, active: count }),
    patients: v.object({ total: count, byStage: v.object({ '1': count, '2': count, '3': count }) }),
    superAdmins: count,
    quotes: v.object({ total: count, today: v.nullable(v.object({ description: v.string() })) }),
  }),
);
export type AdminDashboard = v.InferOutput<typeof adminDashboardResponse>['data'];
