import * as v from 'valibot';
import { permissionSchema } from './auth';
import { envelope, flag, listQuery, messageOnly, pageOf } from './common';
import { isoDate } from './date-rules';
import { flag01, id, requiredString } from './rules';

export const permissionsResponse = envelope(v.array(permissionSchema));

// ---------------------------------------------------------------------------------------------
// Quotes (super admin, permission manage_quotes): the quote of the day, one per date, for all programs.
// ---------------------------------------------------------------------------------------------

/** Longest quote text. */
export const QUOTE_MAX_LENGTH = 1000;
/** Status of a new quote when the form sends none: Active. */
export const DEFAULT_QUOTE_STATUS = 1;

export const quoteSchema = v.object({
  id: v.number(),
  description: v.string(),
  /** yyyy-MM-dd */
  date_quote: v.string(),
  status: flag,
  created_at: v.string(),
  updated_at: v.string(),
});
export type Quote = v.InferOutput<typeof quoteSchema>;

export const QUOTE_SORTS = ['date_quote', 'description', 'status'] as const;
export type QuoteSort = (typeof QUOTE_SORTS)[number];

/** GET /api/admin/quotes: page, perPage, search (in the text), sort, direction, status. */
export const quoteListQuery = listQuery(QUOTE_SORTS, 'date_quote', { status: true });
export type QuoteListQuery = v.InferOutput<typeof quoteListQuery>;
export const quoteListResponse = envelope(pageOf(quoteSchema));
export type QuoteListResponse = v.InferOutput<typeof quoteListResponse>;

/** GET /api/admin/quotes/{id} */
export const quoteResponse = envelope(quoteSchema);

const quoteFields = {
  description: requiredString('description', { max: QUOTE_MAX_LENGTH }),
  date_quote: isoDate('date_quote', { label: 'Date' }),
};

/** POST /api/admin/quotes/store */
export const quoteStoreBody = v.object({ ...quoteFields, status: v.optional(flag01, DEFAULT_QUOTE_STATUS) });
export type QuoteStoreBody = v.InferOutput<typeof quoteStoreBody>;

/** POST /api/admin/quotes/update: every field, status included. */
export const quoteUpdateBody = v.object({ id, ...quoteFields, status: flag01 });
export type QuoteUpdateBody = v.InferOutput<typeof quoteUpdateBody>;

/** POST /api/admin/quotes/toggle-status */
export const quoteToggleBody = v.object({ id, status: flag01 });
export type QuoteToggleBody = v.InferOutput<typeof quoteToggleBody>;

/** POST /api/admin/quotes/delete */
export const quoteDeleteBody = v.object({ id });
export type QuoteDeleteBody = v.InferOutput<typeof quoteDeleteBody>;

/** The answer of store (201) and update. */
export const quoteSavedResponse = v.object({ data: quoteSchema, message: v.string() });
export type QuoteSavedResponse = v.InferOutput<typeof quoteSavedResponse>;
export const quoteToggleResponse = v.object({ data: v.object({ id: v.number(), status: flag }), message: v.string() });
export type QuoteToggleResponse = v.InferOutput<typeof quoteToggleResponse>;
export const quoteDeleteResponse = messageOnly;

export const QUOTE_MESSAGES = {
  created: 'Quote created successfully.',
  updated: 'Quote updated successfully.',
  statusUpdated: 'Quote status updated successfully.',
  deleted: 'Quote deleted successfully.',
  notFound: 'Quote not found.',
  dateTaken: 'A quote already exists for this date.',
} as const;

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
