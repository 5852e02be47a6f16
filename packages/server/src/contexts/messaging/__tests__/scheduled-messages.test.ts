import { and, asc, eq, inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { STAFF_MESSAGE_MESSAGES as MESSAGES, RECURRENCE_MESSAGES } from '@baridesk/contracts';
import { messageDeliveries, messageTemplates, messages, patients, scheduledMessages } from '../../../db/schema';
import { STAFF_CALLERS, routeSuite } from '../../../test/app';
import { SCHEDULED_TICK_JOB } from '../plugins/scheduled-messages';

const { NORTH, LAKE, SELF_SERVICE } = STAFF_CALLERS;
const NORTHSIDE = 101;
const ZONE = 'America/Chicago';

const t = routeSuite('/api/scheduled-messages');
const { get, post, sendAs, auditOf } = t;

async function activePatients(n: number): Promise<number[]> {
  const rows = await t.app.db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.program_id, NORTHSIDE), eq(patients.status, 1)))
    .orderBy(asc(patients.id))
    .limit(n);
  return rows.map((r) => r.id);
}

/** The program's clock reading `minutes` from the test clock's now, as the screen sends it. */
const localIn = (minutes: number, zone = ZONE) =>
  DateTime.fromJSDate(t.clock.now(), { zone }).plus({ minutes }).startOf('minute').toFormat("yyyy-MM-dd'T'HH:mm");

/** The tick as the queue runs it (the cron is off in tests), then the fan-outs it queued. */
async function tickNow() {
  await t.app.jobs.send(SCHEDULED_TICK_JOB, {});
  await t.app.jobs.drain();
}

/**
 * The tick `minutes` from now (the app's clock stays, so the suite's sessions do not time out), then
 * the fan-outs it queued.
 */
async function tickIn(minutes: number) {
  await t.app.scheduledMessages.tick(new Date(t.clock.now().getTime() + minutes * 60_000));
  await t.app.jobs.drain();
}

const runsOf = (id: number) =>
  t.app.db.select().from(messages).where(eq(messages.scheduled_message_id, id)).orderBy(asc(messages.run_at));

const schedule = async (extra: object) => {
  const res = await sendAs('', NORTH, { title: 'Support group', message: 'Support group tonight at 7.', ...extra });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; next_run_at: string; local_send_at: string; send_at: string; status: string; timezone: string };
};

describe('scheduled messages', () => {
  it('sends a one-off message once, at its time in the program zone, even when the tick runs again', async () => {
    const ids = await activePatients(2);
    const local = localIn(90);
    const created = await schedule({ patient_ids: ids, send_at: local });
    expect(created).toMatchObject({ status: 'active', local_send_at: local, timezone: ZONE, patient_timezone: false, rrule: null, runs_count: 0 });
    expect(created.next_run_at).toBe(DateTime.fromISO(local, { zone: ZONE }).toUTC().toISO());
    expect(await auditOf('scheduled-message.create', created.id)).toHaveLength(1);

    await tickNow();
    expect(await runsOf(created.id)).toHaveLength(0);

    await tickIn(91);
    await tickIn(92);
    const runs = await runsOf(created.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ kind: 'scheduled', status: 'sent', recipient_count: 2, run_at: new Date(created.next_run_at) });

    const shown = (await get(`/${created.id}`, NORTH)).json().data;
    expect(shown).toMatchObject({ status: 'completed', next_run_at: null, runs_count: 1, last_run_at: created.next_run_at });
    expect(shown.runs).toHaveLength(1);
    expect(shown.runs[0].summary.inbox).toEqual({ delivered: 2 });

    const recipients = await get(`/runs/${runs[0]!.id}/recipients`, NORTH);
    expect(recipients.json().data.total).toBe(2);
    expect((await get(`/runs/${runs[0]!.id}/recipients`, LAKE)).statusCode).toBe(404);
    expect((await get(`/${created.id}`, LAKE)).statusCode).toBe(404);
  });

  it('keeps the template it was written from, and its runs carry it', async () => {
    const [id] = await activePatients(1);
    const [template] = await t.app.db.select({ id: messageTemplates.id }).from(messageTemplates).where(eq(messageTemplates.program_id, NORTHSIDE)).limit(1);
    const created = await schedule({ patient_ids: [id], send_at: localIn(5), message_template_id: template!.id });
    expect((await get(`/${created.id}`, NORTH)).json().data.message_template_id).toBe(template!.id);
    await tickIn(6);
    const runs = await runsOf(created.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.message_template_id).toBe(template!.id);
  });

  it('repeats by its rule; after a stop it sends the latest missed run only, then moves on', async () => {
    const [id] = await activePatients(1);
    const created = await schedule({ patient_ids: [id], send_at: localIn(10), rrule: 'FREQ=DAILY' });
    await tickIn(11);
    expect(await runsOf(created.id)).toHaveLength(1);
    const [row] = await t.app.db.select().from(scheduledMessages).where(eq(scheduledMessages.id, created.id));
    expect(row!.next_run_at!.getTime() - new Date(created.next_run_at).getTime()).toBe(86_400_000);

    // Down for three days: the three missed runs give one, the latest.
    const back = 11 + 3 * 24 * 60;
    await tickIn(back);
    const runs = await runsOf(created.id);
    expect(runs).toHaveLength(2);
    expect(runs[1]!.run_at!.getTime() - new Date(created.next_run_at).getTime()).toBe(3 * 86_400_000);
    const [after] = await t.app.db.select().from(scheduledMessages).where(eq(scheduledMessages.id, created.id));
    expect(after).toMatchObject({ status: 'active', runs_count: 2 });
    expect(after!.next_run_at!.getTime()).toBeGreaterThan(t.clock.now().getTime() + back * 60_000);
    // Each run reached the patient once.
    const inbox = await t.app.db
      .select({ message: messageDeliveries.message_id })
      .from(messageDeliveries)
      .where(and(inArray(messageDeliveries.message_id, runs.map((r) => r.id)), eq(messageDeliveries.channel, 'inbox')));
    expect(inbox).toHaveLength(2);
    await post(`/${created.id}/cancel`, NORTH);
  });

  it('runs once per distinct time zone of its patients, at their local time', async () => {
    const [chicago, newYork] = await activePatients(2);
    await t.app.db.update(patients).set({ timezone: 'America/Chicago' }).where(eq(patients.id, chicago!));
    await t.app.db.update(patients).set({ timezone: 'America/New_York' }).where(eq(patients.id, newYork!));
    const local = localIn(24 * 60, 'America/Chicago');
    const created = await schedule({ patient_ids: [chicago, newYork], send_at: local, timezone: 'patient' });
    expect(created).toMatchObject({ patient_timezone: true, timezone: ZONE });
    const inNewYork = DateTime.fromISO(local, { zone: 'America/New_York' }).toJSDate();
    expect(new Date(created.next_run_at)).toEqual(inNewYork);

    await tickIn(25 * 60);
    const runs = await runsOf(created.id);
    expect(runs.map((r) => [r.run_at, (r.audience as { patient_ids: number[] }).patient_ids])).toEqual([
      [inNewYork, [newYork]],
      [DateTime.fromISO(local, { zone: 'America/Chicago' }).toJSDate(), [chicago]],
    ]);
    const shown = (await get(`/${created.id}`, NORTH)).json().data;
    expect(shown).toMatchObject({ status: 'completed', runs_count: 2 });
  });

  it('pauses, resumes, edits before the next run and cancels; finished ones refuse changes (409)', async () => {
    const [id] = await activePatients(1);
    const created = await schedule({ patient_ids: [id], send_at: localIn(60), rrule: 'FREQ=WEEKLY;BYDAY=MO,WE' });
    expect((await post(`/${created.id}/resume`, NORTH)).json()).toMatchObject({ message: MESSAGES.notPaused });

    const paused = await post(`/${created.id}/pause`, NORTH);
    expect(paused.json()).toMatchObject({ message: MESSAGES.paused, data: { status: 'paused' } });
    await tickIn(8 * 24 * 60);
    expect(await runsOf(created.id)).toHaveLength(0);
    const resumed = (await post(`/${created.id}/resume`, NORTH)).json().data;
    expect(resumed.status).toBe('active');
    expect(new Date(resumed.next_run_at).getTime()).toBeGreaterThan(t.clock.now().getTime());

    const edited = await t.call({
      method: 'PUT',
      url: `/api/scheduled-messages/${created.id}`,
      token: await t.login(NORTH),
      payload: { title: 'Support group moved', message: 'Now at 8.', patient_ids: [id], send_at: localIn(30), rrule: null },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ title: 'Support group moved', rrule: null, local_send_at: localIn(30) });

    const cancelled = await post(`/${created.id}/cancel`, NORTH);
    expect(cancelled.json()).toMatchObject({ message: MESSAGES.cancelled, data: { status: 'cancelled', next_run_at: null } });
    expect((await post(`/${created.id}/cancel`, NORTH)).statusCode).toBe(409);
    expect((await post(`/${created.id}/resume`, NORTH)).statusCode).toBe(409);
    expect((await post(`/${created.id}/pause`, LAKE)).statusCode).toBe(404);
    expect(await auditOf('scheduled-message.cancel', created.id)).toHaveLength(1);
  });

  it('refuses a time past, a rule it does not run and an unknown zone (422)', async () => {
    const [id] = await activePatients(1);
    const cases: [object, string, string][] = [
      [{ send_at: localIn(-5) }, 'send_at', MESSAGES.sendAtPast],
      [{ send_at: '2026-13-01T09:00' }, 'send_at', MESSAGES.sendAt],
      [{ send_at: localIn(60), rrule: 'FREQ=HOURLY' }, 'rrule', RECURRENCE_MESSAGES.frequency],
      [{ send_at: localIn(60), rrule: 'FREQ=DAILY;BYHOUR=9' }, 'rrule', RECURRENCE_MESSAGES.part('BYHOUR')],
      [{ send_at: localIn(60), timezone: 'Mars/Olympus' }, 'timezone', MESSAGES.timezone],
    ];
    for (const [extra, field, message] of cases) {
      const res = await sendAs('', NORTH, { title: 'x', message: 'y', patient_ids: [id], ...extra });
      expect({ field, status: res.statusCode, errors: res.json().errors?.[field] }).toEqual({ field, status: 422, errors: [message] });
    }
  });

  it('lists the program’s own, filtered by status; closed to self-service staff', async () => {
    const page = (await get('?status=cancelled&perPage=50', NORTH)).json().data;
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.data.every((m: { status: string }) => m.status === 'cancelled')).toBe(true);
    expect((await get('', LAKE)).json().data.total).toBe(0);
    expect((await get('', SELF_SERVICE)).statusCode).toBe(403);
  });
});
