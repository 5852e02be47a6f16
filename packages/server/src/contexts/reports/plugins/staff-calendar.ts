/**
 * The staff calendar (GET /api/calendar): the program's surgeries and consults (active patients' surgery and
 * consult dates) and its events (the event calendar's own occurrences, a series on each of its days) on the
 * days from..to. Patients' entries only when asked for (staff who may open patients). Bound to scope.programId.
 */
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { StaffCalendarEntry } from '@baridesk/contracts';
import { queryRows, type Db } from '../../../db/client';
import { patients } from '../../../db/schema';
import type { StaffScope } from '../../../lib/scope';
import type { EventsRepository } from '../../events';

declare module 'fastify' {
  interface FastifyInstance {
    staffCalendar: StaffCalendarRepository;
  }
}

export function createStaffCalendarRepository(db: Db, events: () => EventsRepository) {
  return {
    async read(
      scope: StaffScope,
      range: { from: string; to: string },
      { withPatients }: { withPatients: boolean },
    ): Promise<{ entries: StaffCalendarEntry[]; patientIds: number[] }> {
      const { from, to } = range;
      const within = (column: typeof patients.surgery_date | typeof patients.consult_date) => sql`${column} between ${from}::date and ${to}::date`;
      const [dated, occurrences] = await Promise.all([
        withPatients
          ? queryRows<{ kind: 'surgery' | 'consult'; date: string; id: number; name: string; type_of_surgery: string | null }>(
              db,
              sql`select 'surgery' as kind, ${patients.surgery_date}::text as date, ${patients.id} as id, ${patients.name} as name,
                         ${patients.type_of_surgery} as type_of_surgery
                  from ${patients}
                  where ${patients.program_id} = ${scope.programId} and ${patients.status} = 1 and ${within(patients.surgery_date)}
                  union all
                  select 'consult', ${patients.consult_date}::text, ${patients.id}, ${patients.name}, null
                  from ${patients}
                  where ${patients.program_id} = ${scope.programId} and ${patients.status} = 1 and ${within(patients.consult_date)}
                  order by 2, 1 desc, 4, 3`,
            )
          : Promise.resolve([]),
        events().occurrences(scope.programId, from, to, { activeOnly: true }),
      ]);
      const entries: StaffCalendarEntry[] = [
        ...dated.map((d) => ({
          kind: d.kind,
          date: d.date,
          time: null,
          title: d.kind === 'surgery' ? `Surgery: ${d.name}${d.type_of_surgery ? ` (${d.type_of_surgery})` : ''}` : `Consult: ${d.name}`,
          patient_id: d.id,
        })),
        ...occurrences.map((o) => ({ kind: 'event' as const, date: o.date, time: o.time, title: o.event_title, event_id: o.id })),
      ].sort((a, b) => a.date.localeCompare(b.date) || (a.time ?? '').localeCompare(b.time ?? ''));
      return { entries, patientIds: [...new Set(dated.map((d) => d.id))] };
    },
  };
}

export type StaffCalendarRepository = ReturnType<typeof createStaffCalendarRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('staffCalendar', createStaffCalendarRepository(fastify.db, () => fastify.events));
  },
  { name: 'staff-calendar', dependencies: ['database', 'events-repository'] },
);
