/**
 * Event locations: a table of its own module because patients reference it (a patient's usual location)
 * and events reference it; keeping it apart from the events' module keeps the schema parts free of an
 * import circle (events → patients → locations).
 */
import { doublePrecision, index, integer, pgTable, serial, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { programs } from '../identity/schema';
import { createdUpdated } from '../../db/columns';

/**
 * Where events take place. A program's own locations carry its program_id (the staff's Locations
 * screen); a location without one is shared by every program and managed by super admins
 * (/admin/event/location). `timezone` is the IANA zone of the coordinates, computed when saved.
 */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    program_id: integer('program_id').references(() => programs.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 254 }).notNull(),
    address: text('address'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    timezone: varchar('timezone', { length: 64 }),
    status: smallint('status').notNull().default(1),
    ...createdUpdated,
  },
  (t) => [index('locations_program_idx').on(t.program_id, t.name)],
);
