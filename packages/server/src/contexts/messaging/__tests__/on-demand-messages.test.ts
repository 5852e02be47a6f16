import { and, asc, eq } from 'drizzle-orm';
import { STAFF_MESSAGE_MESSAGES as MESSAGES } from '@baridesk/contracts';
import { messageDeliveries, messages, patients } from '../../../db/schema';
import { STAFF_CALLERS, routeSuite } from '../../../test/app';

const { NORTH, STAFF, SELF_SERVICE, LAKE } = STAFF_CALLERS;
const NORTHSIDE = 101;
const LAKEVIEW = 102;

const t = routeSuite('/api/on-demand-messages');
const { get, sendAs, auditOf } = t;

async function patientIds(programId: number, n: number): Promise<number[]> {
  const rows = await t.app.db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.program_id, programId), eq(patients.status, 1)))
    .orderBy(asc(patients.id))
    .limit(n);
  return rows.map((r) => r.id);
}

const body = (extra: object) => ({ title: 'Clinic closed Friday', message: 'The clinic is closed this Friday.', ...extra });

describe('POST /api/on-demand-messages', () => {
  it('stores the message, answers 201 at once, and its sending reaches each chosen patient once', async () => {
    const ids = await patientIds(NORTHSIDE, 3);
    const res = await sendAs('', NORTH, body({ patient_ids: ids }));
    expect(res.statusCode).toBe(201);
    const sent = res.json();
    expect(sent.message).toBe(MESSAGES.sent);
    expect(sent.data).toMatchObject({ title: 'Clinic closed Friday', channels: ['inbox'], audience: { patient_ids: ids }, status: 'queued', recipient_count: null });
    expect(await auditOf('on-demand-message.send', sent.data.id)).toHaveLength(1);

    await t.app.jobs.drain();
    const deliveries = await t.app.db
      .select({ patient: messageDeliveries.patient_id, channel: messageDeliveries.channel, status: messageDeliveries.status })
      .from(messageDeliveries)
      .where(eq(messageDeliveries.message_id, sent.data.id));
    expect(deliveries.map((d) => d.patient).sort()).toEqual([...ids].sort());
    expect(deliveries.every((d) => d.channel === 'inbox' && d.status === 'delivered')).toBe(true);

    const shown = (await get(`/${sent.data.id}`, NORTH)).json().data;
    expect(shown).toMatchObject({ id: sent.data.id, status: 'sent', recipient_count: 3, summary: { inbox: { delivered: 3 } } });

    const recipients = await get(`/${sent.data.id}/recipients?perPage=5`, NORTH);
    expect(recipients.statusCode).toBe(200);
    const page = recipients.json().data;
    expect(page.total).toBe(3);
    expect(page.data[0].channels.inbox.status).toBe('delivered');
    const [read] = await auditOf('message.recipients.read', sent.data.id);
    expect(read?.detail).toMatchObject({ shown: 3 });
  });

  it('sends to a filter of the patient list on the channels chosen, the count shown before matching the recipients', async () => {
    const count = await sendAs('/audience-count', NORTH, { filter: { stage: 1 } });
    expect(count.statusCode).toBe(200);
    const expected = (await t.app.db.select({ id: patients.id }).from(patients).where(and(eq(patients.program_id, NORTHSIDE), eq(patients.current_stage, 1), eq(patients.status, 1)))).length;
    expect(expected).toBeGreaterThan(0);
    expect(count.json()).toEqual({ data: { count: expected } });

    const res = await sendAs('', STAFF, body({ filter: { stage: 1 }, channels: ['inbox', 'email'] }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.audience).toEqual({ filter: { stage: 1 } });
    await t.app.jobs.drain();
    const [message] = await t.app.db.select().from(messages).where(eq(messages.id, res.json().data.id));
    expect(message).toMatchObject({ recipient_count: expected, kind: 'on_demand', program_id: NORTHSIDE });
  });

  it('refuses what it cannot send, field by field (422)', async () => {
    const [lakePatient] = await patientIds(LAKEVIEW, 1);
    const cases: [object, string, string][] = [
      [{ patient_ids: [1] }, 'title', 'Title is required.'],
      [{ title: 'x', patient_ids: [1] }, 'message', 'Message is required.'],
      [body({}), 'patient_ids', MESSAGES.chooseAudience],
      [body({ patient_ids: [1], filter: { stage: 1 } }), 'patient_ids', MESSAGES.chooseAudience],
      [body({ patient_ids: [] }), 'patient_ids', MESSAGES.noPatients],
      [body({ patient_ids: [lakePatient] }), 'patient_ids', MESSAGES.unknownPatients],
      [body({ patient_ids: [1], channels: ['fax'] }), 'channels', 'The channel must be one of inbox, email or push.'],
      [body({ patient_ids: [1], channels: [] }), 'channels', MESSAGES.channels],
      [body({ filter: { stage: 9 } }), 'filter', 'Please enter valid stage.'],
      [body({ filter: { surgery_from: '2026-02-01', surgery_to: '2026-01-01' } }), 'filter', 'Surgery To must be greater than or equal to Surgery From'],
    ];
    const [own] = await patientIds(NORTHSIDE, 1);
    for (const [payload, field, message] of cases) {
      const fixed = JSON.parse(JSON.stringify(payload).replace('"patient_ids":[1]', `"patient_ids":[${own}]`));
      const res = await sendAs('', NORTH, fixed);
      expect({ field, status: res.statusCode }).toEqual({ field, status: 422 });
      const errors = res.json().errors as Record<string, string[]>;
      const key = Object.keys(errors).find((k) => k === field || k.startsWith(`${field}.`));
      expect({ field, errors: key ? errors[key] : errors }).toEqual({ field, errors: [expect.stringContaining(message.replace(/\.$/, ''))] });
    }
  });
});

describe('GET /api/on-demand-messages', () => {
  it("lists the program's own messages, newest first when asked, searched and paged", async () => {
    const res = await get('?sort=created_at&direction=desc&perPage=5', NORTH);
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ page: 1, perPage: 5 });
    // The demo's own on-demand messages are listed too.
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.data[0].title).toBe('Clinic closed Friday');
    expect(page.data.every((m: { title: string }) => typeof m.title === 'string')).toBe(true);
    const found = (await get('?search=clinic%20closed', NORTH)).json().data;
    expect(found.data.every((m: { title: string }) => m.title === 'Clinic closed Friday')).toBe(true);
    expect(found.total).toBe(2);
    // Another program sees none of them, and cannot open one.
    const lake = (await get('?search=clinic%20closed', LAKE)).json().data;
    expect(lake.total).toBe(0);
    expect((await get(`/${found.data[0].id}`, LAKE)).statusCode).toBe(404);
    expect((await get(`/${found.data[0].id}/recipients`, LAKE)).statusCode).toBe(404);
  });

  it('is closed to self-service staff (the messages menu area)', async () => {
    expect((await get('', SELF_SERVICE)).statusCode).toBe(403);
    expect((await sendAs('/audience-count', SELF_SERVICE, { filter: {} })).statusCode).toBe(403);
  });
});
