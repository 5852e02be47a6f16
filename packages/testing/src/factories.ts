/**
 * Test data every app needs, valid by the contracts' types; each app keeps its own screens' factories.
 * The signed-in user comes from @baridesk/contracts, whose fixture the store and the api-client share.
 */
export { createAuthUser } from '@baridesk/contracts/test-support';

/** A list answer's envelope: `{ data: { data, total, page, perPage } }`. */
export const pageOf = <T>(
  rows: T[],
  { total = rows.length, page = 1, perPage = 10 }: { total?: number; page?: number; perPage?: number | 'All' } = {},
) => ({ data: { data: rows, total, page, perPage } });
