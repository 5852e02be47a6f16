type DatabaseError = { code: string; message?: unknown; constraint?: unknown };

/** The error in the chain (the error itself, or the cause drizzle wraps) whose SQLSTATE is one of `codes`. */
function databaseError(error: unknown, codes: readonly string[]): DatabaseError | null {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth += 1) {
    const found = e as Partial<DatabaseError>;
    if (typeof found.code === 'string' && codes.includes(found.code)) return found as DatabaseError;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** Whether a failed statement broke a unique index (PostgreSQL 23505), directly or as the cause drizzle wraps. */
export function isUniqueViolation(error: unknown): boolean {
  return databaseError(error, ['23505']) !== null;
}

/** The unique index a failed statement broke (PostgreSQL 23505), directly or as the cause drizzle wraps; '' when unnamed, null for another error. */
export function violatedUniqueIndex(error: unknown): string | null {
  const found = databaseError(error, ['23505']);
  if (!found) return null;
  return typeof found.constraint === 'string' ? found.constraint : '';
}

/**
 * Runs a save that a unique name index guards: a save that loses a race to an equal name (the index
 * refuses it) gives `taken` instead of an error, as the check made before the write would have.
 */
export async function unlessUniqueViolation<T, U>(save: () => Promise<T>, taken: U): Promise<T | U> {
  try {
    return await save();
  } catch (error) {
    if (isUniqueViolation(error)) return taken;
    throw error;
  }
}

/** The texts of a constraint's refusal that no route turned into an answer of its own (see app.ts). */
export const CONSTRAINT_MESSAGES = {
  missingReference: 'Something this refers to no longer exists. Reload the page and try again.',
  stillReferenced: 'This is still used by other records, so it cannot be removed.',
  duplicate: 'This already exists.',
} as const;

/**
 * What to tell the caller when a statement broke a constraint and nothing caught it: a race with another
 * request (a row deleted between a route's check and its insert, two equal saves at once) the routes'
 * own checks cannot see. A conflict (409), not a fault of ours; null for any other error.
 */
export function constraintConflict(error: unknown): string | null {
  const found = databaseError(error, ['23505', '23503']);
  if (found?.code === '23505') return CONSTRAINT_MESSAGES.duplicate;
  // PostgreSQL says which side broke a foreign key: "insert or update on table … violates foreign key
  // constraint" (the row it points at is gone) or "update or delete on table …" (rows still point here).
  if (found?.code === '23503') {
    return typeof found.message === 'string' && found.message.startsWith('update or delete') ? CONSTRAINT_MESSAGES.stillReferenced : CONSTRAINT_MESSAGES.missingReference;
  }
  return null;
}
