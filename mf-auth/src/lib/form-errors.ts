import { ApiRequestError } from '@baridesk/api-client';
import { GENERIC_ERROR } from '@baridesk/contracts';
import { applyServerErrors } from '@baridesk/ui';

type ErrorTarget = Parameters<typeof applyServerErrors>[0];

/**
 * Puts a failed call's field messages on the fields this form shows, and answers whether there were
 * any. Messages about values the user never typed (a link's token, a challenge) are not field errors
 * here: the caller shows the error's message instead.
 */
export function applyFormErrors(form: ErrorTarget, error: unknown, fields: readonly string[]): boolean {
  if (!(error instanceof ApiRequestError) || !error.errors) return false;
  const shown = Object.entries(error.errors).filter(([field]) => fields.includes(field));
  if (shown.length === 0) return false;
  return applyServerErrors(form, { errors: Object.fromEntries(shown) });
}

/** The message of a failed call as the user should read it: the server's, else the generic one. */
export const messageOf = (error: unknown): string => (error instanceof ApiRequestError ? error.message : GENERIC_ERROR);
