import { sql, type SQL } from 'drizzle-orm';

/**
 * The one rule for the name staff see beside what another staff account did (a note's author, a pipeline
 * move's mover): a program user's name, else the program account's owner name, else its title; '' for an
 * account that is neither (a super admin); null when `accountId` is null or the account is gone.
 * A scalar subquery, so any query can select it for an account id column.
 */
export function staffName(accountId: SQL): SQL<string | null> {
  return sql<string | null>`(select coalesce(pu.name, nullif(g.owner_name, ''), g.title, '')
    from accounts a
      left join program_users pu on pu.id = a.id
      left join programs g on g.id = a.id
    where a.id = ${accountId})`;
}
