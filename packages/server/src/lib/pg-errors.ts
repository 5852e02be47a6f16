/** Whether a failed statement broke a unique index (PostgreSQL 23505), directly or as the cause drizzle wraps. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth += 1) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The unique index a failed statement broke (PostgreSQL 23505), directly or as the cause drizzle wraps; '' when unnamed, null for another error. */
export function violatedUniqueIndex(error: unknown): string | null {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth += 1) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    e = (e as { cause?: unknown }).cause;
  }
  return null;
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
