/**
 * The demo's scheduled messages (Northside): a weekly weigh-in reminder to the demo app patient that has
 * run twice already (both runs in their inbox) and runs again next Monday, a one-off holiday notice to the
 * Pre-Op patients in three days, a paused monthly support-group reminder, and a one-off that completed.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { programs, scheduledMessages } from '../db/schema';
import { deliverNow, instantOfLocal, localReading, nextRun } from '../contexts/messaging';

const NORTHSIDE = 101;
const NORTHSIDE_STAFF = 201;
const DAY_MS = 86_400_000;

type Audience = { patient_ids: number[] } | { filter: { stage: 1 | 2 | 3 } };

export async function insertDemoScheduledMessages(tx: Tx, appPatientId: number, now: Date): Promise<void> {
  const [program] = await tx.select({ timezone: programs.timezone }).from(programs).where(eq(programs.id, NORTHSIDE));
  const zone = program?.timezone ?? 'America/Chicago';
  /** The program's local date `days` from today at `time`. */
  const localDay = (days: number, time: string) => `${localReading(new Date(now.getTime() + days * DAY_MS), zone).slice(0, 10)}T${time}`;
  // The Monday of two weeks ago, on the program's clock.
  const weekday = new Date(`${localDay(0, '00:00').slice(0, 10)}T00:00:00Z`).getUTCDay();
  const mondayTwoWeeksAgo = localDay(-14 - ((weekday + 6) % 7), '08:00');

  const schedule = async (values: {
    title: string;
    message: string;
    audience: Audience;
    local: string;
    rrule?: string;
    status?: 'active' | 'paused' | 'completed';
    runs?: number;
    createdDaysAgo: number;
  }) => {
    const plan = { localSendAt: values.local, rrule: values.rrule ?? null };
    const sendAt = instantOfLocal(values.local, zone);
    const created = new Date(now.getTime() - values.createdDaysAgo * DAY_MS);
    const [row] = await tx
      .insert(scheduledMessages)
      .values({
        program_id: NORTHSIDE,
        title: values.title,
        message: values.message,
        channels: ['inbox'],
        audience: values.audience,
        send_at: sendAt,
        local_send_at: values.local,
        timezone: zone,
        rrule: values.rrule ?? null,
        status: values.status ?? 'active',
        created_by: NORTHSIDE_STAFF,
        created_at: created,
        updated_at: created,
      })
      .returning({ id: scheduledMessages.id });
    // The runs already made, as the tick made them: each a message delivered at its run time.
    let runAt: Date | null = sendAt;
    let made = 0;
    let last: Date | null = null;
    while (runAt && runAt <= now && made < (values.runs ?? 0)) {
      await deliverNow(
        tx,
        {
          programId: NORTHSIDE,
          kind: 'scheduled',
          title: values.title,
          message: values.message,
          channels: ['inbox'],
          audience: values.audience,
          createdBy: NORTHSIDE_STAFF,
          scheduledMessageId: row!.id,
          runAt,
        },
        runAt,
      );
      last = runAt;
      made += 1;
      runAt = nextRun(plan, [zone], runAt);
    }
    const next = values.status === 'completed' ? null : nextRun(plan, [zone], last && last > now ? last : now);
    await tx
      .update(scheduledMessages)
      .set({ runs_count: made, last_run_at: last, next_run_at: next })
      .where(eq(scheduledMessages.id, row!.id));
  };

  await schedule({
    title: 'Monday weigh-in',
    message: 'Good morning! It is Monday: step on the scale and log your weight in the app.',
    audience: { patient_ids: [appPatientId] },
    local: mondayTwoWeeksAgo,
    rrule: 'FREQ=WEEKLY;BYDAY=MO',
    runs: 2,
    createdDaysAgo: 16,
  });
  await schedule({
    title: 'Clinic closed for the holiday',
    message: 'The clinic is closed on the holiday. For anything urgent, call the on-call line.',
    audience: { filter: { stage: 1 } },
    local: localDay(3, '09:00'),
    createdDaysAgo: 1,
  });
  await schedule({
    title: 'Monthly support group',
    message: 'The support group meets on the first Thursday of the month at 6 pm.',
    audience: { filter: { stage: 2 } },
    local: localDay(10, '10:00'),
    rrule: 'FREQ=MONTHLY',
    status: 'paused',
    createdDaysAgo: 20,
  });
  await schedule({
    title: 'New patient portal hours',
    message: 'The patient portal help desk is now open from 8 am to 6 pm on weekdays.',
    audience: { patient_ids: [appPatientId] },
    local: localDay(-6, '11:00'),
    status: 'completed',
    runs: 1,
    createdDaysAgo: 8,
  });
}
