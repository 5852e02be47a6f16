import { sql, type SQL } from 'drizzle-orm';

/**
 * SQL fragments and row conversions every repository needs, in one place. Context-free: they know
 * columns and values, not tables.
 */

/** A timestamptz column as the API's ISO text ('2031-02-01T09:30:00.000Z', always UTC), made by the database. */
export const isoTimestamp = (column: SQL): SQL<string> => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A stored 0/1 flag (smallint) as the API's 0 | 1: anything but 1 reads as 0. */
export const asFlag = (value: unknown): 0 | 1 => (value === 1 ? 1 : 0);
