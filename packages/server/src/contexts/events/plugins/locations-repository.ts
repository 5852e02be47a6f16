import fp from 'fastify-plugin';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { find as zonesAt } from 'geo-tz';
import {
  adminEventLocationResource,
  eventLocationResource,
  type EventLocationOption,
} from '@baridesk/contracts';
import { queryRows, type Db, type Tx } from '../../../db/client';
import { events, locations, patients } from '../../../db/schema';
import { createResourceRepository, searchColumns } from '../../platform/resource-kit';

declare module 'fastify' {
  interface FastifyInstance {
    locations: Locations;
  }
}

/**
 * The IANA zone of a point, offline (geo-tz's boundaries, zones as distinct since 1970). On a border
 * geo-tz may name several: the first is as good as any for an event's clock. Over open sea it answers
 * an Etc/GMT±n zone, which is still a zone PostgreSQL and luxon read.
 */
export function timezoneAt(latitude: number, longitude: number): string {
  return zonesAt(latitude, longitude)[0] ?? 'Etc/UTC';
}

/** The zone column follows the coordinates on every save; without both there is no zone. */
const zoneOf = (fields: Record<string, unknown>) => {
  const { latitude, longitude } = fields;
  return { timezone: typeof latitude === 'number' && typeof longitude === 'number' ? timezoneAt(latitude, longitude) : null };
};

/**
 * Events and patients that name the location, in every program (a shared location is anyone's). A used
 * location is not deleted (409): the foreign keys would set those references to null, leaving in-person
 * events without the location their form requires and patients without theirs, silently. Switching it
 * off keeps them as they are and hides it from new choices.
 */
async function usersOf(tx: Tx, id: number): Promise<number> {
  const [counted] = await queryRows<{ n: number }>(
    tx,
    sql`select ((select count(*) from ${events} where ${events.location_id} = ${id})
      + (select count(*) from ${patients} where ${patients.location_id} = ${id}))::int as n`,
  );
  return Number(counted?.n ?? 0);
}

const shared = {
  table: locations,
  computed: { timezone: sql<string | null>`${locations.timezone}` },
  search: searchColumns(locations.name, locations.address),
  derive: zoneOf,
  inUse: (tx: Tx, _scope: unknown, id: number) => usersOf(tx, id),
};

export function createLocations(db: Db) {
  return {
    /** A program's own locations (staff). */
    program: createResourceRepository(db, eventLocationResource, shared),
    /** The locations of every program: the rows without a program (super admins). */
    shared: createResourceRepository(db, adminEventLocationResource, { ...shared, rows: isNull(locations.program_id) }),
    /** The event form's choices: the program's active locations and the active shared ones, by name. */
    async options(programId: number): Promise<EventLocationOption[]> {
      const rows = await db
        .select({
          id: locations.id,
          name: locations.name,
          address: locations.address,
          timezone: locations.timezone,
          shared: sql<boolean>`${locations.program_id} is null`,
        })
        .from(locations)
        .where(and(eq(locations.status, 1), or(eq(locations.program_id, programId), isNull(locations.program_id))))
        .orderBy(asc(locations.name), asc(locations.id));
      return rows;
    },
    timezoneAt,
  };
}

export type Locations = ReturnType<typeof createLocations>;

export default fp(
  async (fastify) => {
    fastify.decorate('locations', createLocations(fastify.db));
  },
  { name: 'locations-repository', dependencies: ['database'] },
);
