/**
 * Groups of patients across programs (permission groups): the list, store and update with members of any
 * program, the members paged and searched, remove-member, destroy, and the group message on the scheduler
 * service, which reaches each member's app inbox through one message per program.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { GROUP_MESSAGES } from '@baridesk/contracts';
import { auditRecords, messages, patientGroupMembers, patients } from '../../../db/schema';
import { DEMO_PASSWORD } from '../../../seed/demo';
import { DEMO_APP_PATIENT_EMAIL } from '../../../seed/patient-app';
import { STAFF_CALLERS, createTestApp, type TestApp } from '../../../test/app';

const ROOT = 'superadmin@baridesk.test';
const ADMIN2 = 'admin2@baridesk.test';
const STAFF = STAFF_CALLERS.NORTH;
const SEND = '/scheduler/api/manage-users/send-group-message';

let t: TestApp;
let tokens: Record<string, string>;
let northside: number[];
let lakeview: number[];

beforeAll(async () => {
  t = await createTestApp();
  tokens = await t.signIn(ROOT, ADMIN2, STAFF);
  const idsOf = async (programId: number) =>
    (await t.app.db.select({ id: patients.id }).from(patients).where(and(eq(patients.program_id, programId), eq(patients.status, 1))).orderBy(desc(patients.id)).limit(3)).map((p) => p.id);
  northside = await idsOf(101);
  lakeview = await idsOf(102);
});
afterAll(() => t?.close());

const get = (url: string, who = ROOT) => t.call({ method: 'GET', url, token: tokens[who] });
const post = (url: string, body: unknown, who = ROOT) => t.sendJson({ url, token: tokens[who], body });
const lastAudit = async (action: string) =>
  (await t.app.db.select().from(auditRecords).where(eq(auditRecords.action, action)).orderBy(desc(auditRecords.id)).limit(1))[0];

type GroupItem = { id: number; name: string; status: number; members_count: number };

describe('the list, store and update', () => {
  it('lists the seeded groups with their member counts', async () => {
    const res = await get('/api/admin/groups');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.data as GroupItem[];
    expect(rows.map((g) => [g.name, g.status])).toEqual([
      ['Post-Op Support Circle', 1],
      ['Pre-Op Seminar 2025', 0],
      ['Weight Management Walkers', 1],
    ]);
    for (const group of rows) {
      const members = await t.app.db.select().from(patientGroupMembers).where(eq(patientGroupMembers.group_id, group.id));
      expect(group.members_count).toBe(members.length);
    }
    expect(rows[0]!.members_count).toBeGreaterThan(1);
    expect((await get('/api/admin/groups?search=walk')).json().data.total).toBe(1);
  });

  it('stores a group of patients of two programs, then adds to it; unknown patients and a taken name are 422 and write nothing', async () => {
    const created = await post('/api/admin/groups/store', { name: 'Sleep Apnea Check-In', user_ids: [northside[0], lakeview[0]] });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ data: { name: 'Sleep Apnea Check-In', members_count: 2, status: 1 }, message: GROUP_MESSAGES.created });
    const id = created.json().data.id as number;
    const rows = await t.app.db.select().from(patientGroupMembers).where(eq(patientGroupMembers.group_id, id));
    expect(rows.map((r) => [r.patient_id, r.program_id]).sort()).toEqual([[northside[0], 101], [lakeview[0], 102]].sort());
    expect(await lastAudit('group.create')).toMatchObject({ entity_id: String(id), detail: { patientIds: [northside[0], lakeview[0]] } });

    const taken = await post('/api/admin/groups/store', { name: 'sleep apnea check-in', user_ids: [northside[1]] });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ name: [GROUP_MESSAGES.nameTaken] });
    const unknown = await post('/api/admin/groups/store', { name: 'Nobody', user_ids: [northside[1], 2_000_000_000] });
    expect(unknown.json().errors).toEqual({ user_ids: [GROUP_MESSAGES.unknownMembers] });
    expect((await get('/api/admin/groups?search=nobody')).json().data.total).toBe(0);
    const none = await post('/api/admin/groups/store', { name: 'Empty', user_ids: [] });
    expect(none.json().errors).toEqual({ user_ids: [GROUP_MESSAGES.noMembers] });
    const twice = await post('/api/admin/groups/store', { name: 'Twice', user_ids: [northside[1], northside[1]] });
    expect(twice.json().errors).toEqual({ user_ids: [GROUP_MESSAGES.duplicateMember] });

    const updated = await post('/api/admin/groups/update', { id, name: 'Sleep Apnea Circle', user_ids: [northside[0], northside[1]] });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'Sleep Apnea Circle', members_count: 3 });
    expect((await post('/api/admin/groups/update', { id: 2_000_000_000, name: 'Gone' })).statusCode).toBe(404);
  });
});

describe('show, remove-member, destroy', () => {
  it('shows a group with its members paged and searched, removes one after which it is gone, and destroys the group', async () => {
    const created = await post('/api/admin/groups/store', { name: 'Show Me', user_ids: [...northside, ...lakeview] });
    const id = created.json().data.id as number;
    const show = await get(`/api/admin/groups/${id}?perPage=5`);
    expect(show.statusCode).toBe(200);
    const { group, members } = show.json().data;
    expect(group).toMatchObject({ id, name: 'Show Me', members_count: 6 });
    expect(members).toMatchObject({ total: 6, page: 1, perPage: 5 });
    expect(members.data).toHaveLength(5);
    expect(new Set(members.data.map((m: { program_id: number }) => m.program_id))).toEqual(new Set([101, 102]));
    expect(await lastAudit('group.read')).toMatchObject({ entity_id: String(id), detail: { total: 6 } });

    const [someone] = await t.app.db.select({ id: patients.id, email: patients.email }).from(patients).where(eq(patients.id, lakeview[0]!));
    const searched = (await get(`/api/admin/groups/${id}?search=${encodeURIComponent(someone!.email!)}`)).json().data.members;
    expect(searched.data.map((m: { patient_id: number }) => m.patient_id)).toEqual([lakeview[0]]);

    const removed = await post('/api/admin/groups/remove-member', { group_id: id, patient_id: lakeview[0] });
    expect(removed.json()).toEqual({ message: GROUP_MESSAGES.memberRemoved });
    expect(await lastAudit('group.remove-member')).toMatchObject({ entity_id: String(id), patient_id: lakeview[0], program_id: 102, success: true });
    const again = await post('/api/admin/groups/remove-member', { group_id: id, patient_id: lakeview[0] });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: GROUP_MESSAGES.notAMember });
    expect((await get(`/api/admin/groups/${id}`)).json().data.group.members_count).toBe(5);

    expect((await post('/api/admin/groups/destroy', { id })).json()).toEqual({ message: GROUP_MESSAGES.deleted });
    expect((await get(`/api/admin/groups/${id}`)).statusCode).toBe(404);
    expect(await t.app.db.select().from(patientGroupMembers).where(eq(patientGroupMembers.group_id, id))).toEqual([]);
  });

  it('searches patients of every program for the picker, behind the groups permission', async () => {
    const res = await get('/api/admin/groups/patients?search=patient%40northside.test');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data.map((p: { email: string }) => p.email)).toEqual([DEMO_APP_PATIENT_EMAIL]);
    expect(await lastAudit('patient.list')).toMatchObject({ detail: { acrossPrograms: true, for: 'group-members' } });
    for (const url of ['/api/admin/groups', '/api/admin/groups/patients', '/api/admin/groups/1']) {
      expect((await get(url, ADMIN2)).statusCode).toBe(403);
      expect((await get(url, STAFF)).statusCode).toBe(403);
    }
  });
});

describe('POST /scheduler/api/manage-users/send-group-message', () => {
  it('makes one group message per program, which reaches the demo patient’s inbox', async () => {
    const list = (await get('/api/admin/groups?search=post-op')).json().data.data as GroupItem[];
    const groupId = list[0]!.id;
    const active = await t.app.db
      .select({ programId: patients.program_id })
      .from(patientGroupMembers)
      .innerJoin(patients, eq(patients.id, patientGroupMembers.patient_id))
      .where(and(eq(patientGroupMembers.group_id, groupId), eq(patients.status, 1)));
    const inProgram = (programId: number) => active.filter((m) => m.programId === programId).length;
    expect(inProgram(101)).toBeGreaterThan(0);
    expect(inProgram(102)).toBeGreaterThan(0);
    const res = await post(SEND, { group_id: groupId, title: 'Circle moves to Thursday', message: 'This week we meet on Thursday at 6 PM.' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(GROUP_MESSAGES.sent);
    expect(body.data.messages.map((m: { program_id: number }) => m.program_id)).toEqual([101, 102]);
    expect(body.data.recipients).toBe(active.length);
    const made = await t.app.db.select().from(messages).where(inArray(messages.id, body.data.messages.map((m: { id: number }) => m.id)));
    expect(made.every((m) => m.kind === 'group' && m.created_by === 48)).toBe(true);
    expect(made[0]!.audience).toEqual({ registered: { name: 'admin.group', params: { groupId } } });
    expect(await lastAudit('group.send-message')).toMatchObject({ entity_id: String(groupId), success: true, detail: { recipients: active.length } });

    await t.app.jobs.drain();
    const sent = await t.app.db.select().from(messages).where(inArray(messages.id, body.data.messages.map((m: { id: number }) => m.id)));
    expect(sent.map((m) => [m.program_id, m.status, m.recipient_count]).sort()).toEqual([[101, 'sent', inProgram(101)], [102, 'sent', inProgram(102)]]);

    const login = await t.call({ method: 'POST', url: '/api/app/login', payload: { email: DEMO_APP_PATIENT_EMAIL, password: DEMO_PASSWORD } });
    const inbox = await t.call({ method: 'GET', url: '/api/app/messages', token: login.json().data.token });
    expect(inbox.json().data.data[0]).toMatchObject({ title: 'Circle moves to Thursday', message: 'This week we meet on Thursday at 6 PM.' });
  });

  it('refuses a switched-off group (409), one with no active member (422), an unknown one (404), bad input (422) and callers without groups', async () => {
    const off = ((await get('/api/admin/groups?search=pre-op')).json().data.data as GroupItem[])[0]!;
    const inactive = await post(SEND, { group_id: off.id, title: 'Hi', message: 'Hello' });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json()).toEqual({ message: GROUP_MESSAGES.inactive });

    const [quiet] = await t.app.db.insert(patients).values({ program_id: 101, name: 'Quiet Member', first_name: 'Quiet', last_name: 'Member', status: 0 }).returning({ id: patients.id });
    const lonely = await post('/api/admin/groups/store', { name: 'Inactive Only', user_ids: [quiet!.id] });
    const empty = await post(SEND, { group_id: lonely.json().data.id, title: 'Hi', message: 'Hello' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ group_id: [GROUP_MESSAGES.noRecipients] });

    expect((await post(SEND, { group_id: 2_000_000_000, title: 'Hi', message: 'Hello' })).statusCode).toBe(404);
    const bad = await post(SEND, { group_id: off.id, title: ' ', message: 'Hello', channels: ['fax'] });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['channels.0', 'title']);
    expect((await post(SEND, { group_id: off.id, title: 'Hi', message: 'Hello' }, ADMIN2)).statusCode).toBe(403);
    expect((await post(SEND, { group_id: off.id, title: 'Hi', message: 'Hello' }, STAFF)).statusCode).toBe(403);
  });
});
