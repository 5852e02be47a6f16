/**
 * The export kit (docs/exports.md), in-process: a spreadsheet streams in the request up to the limit
 * (lowered to 5 rows here) and goes to the 'reports.export' job beyond it; the job's progress, a cancel
 * before it runs and one between two chunks, failures, the caller's access re-checked when it runs,
 * owner-only reads, expiry and housekeeping. The kit's own moves (a chunk at a time, a cancel between
 * two) are driven by a test export defined beside the app's, whose rows wait for the test; a super
 * admin's export (`permission`) by a second one, asked at a test route outside /api.
 */
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import ExcelJS from 'exceljs';
import { REPORT_EXPORT_MESSAGES, type ReportExport } from '@baridesk/contracts';
import { SUPER_ADMIN_ID } from '@baridesk/domain';
import { accounts, auditRecords, patients, permissions, programUsers, reportExports, superAdminPermissions } from '../../../db/schema';
import { seededDatabase } from '../../../test/databases';
import { startTestApp, type TestApp } from '../../../test/app';
import { runHousekeeping } from '../../platform/housekeeping/plugins/housekeeping';
import { ExportFailure, REPORT_EXPORT_JOB, type ExportChunk } from '../exports/definitions';

const NORTH = 101;
const SUB = 'subuser@northside.test';
const STAFF = 'staff@northside.test';
const STAFF_ID = 201;
const LAKE = 'subuser@lakeview.test';
const ADMIN = 'superadmin@baridesk.test';
/** Admin 49 holds manage_events and cards_and_trophies only. */
const ADMIN2 = 'admin2@baridesk.test';
const ADMIN2_ID = 49;
const ADMIN_EXPORT_URL = '/kit-test/admin-export';

/** What the test export does between two chunks: the test decides (cancel, fail, look at the row). */
let betweenChunks: (chunk: number, exportId: string) => Promise<void> = async () => {};
let current: string;

const testChunk = (n: number): ExportChunk => ({ cells: [[`row ${n}a`], [`row ${n}b`]], patientIds: [] });

let t: TestApp;
let tokens: Record<string, string>;

beforeAll(async () => {
  const { target, drop } = await seededDatabase({ patientsPerProgram: 12 });
  t = await startTestApp(target, drop, { patientsPerProgram: 12 }, {
    config: { reportExportStreamMaxRows: 5 },
    prepare: (app) => {
      app.register(
        fp(async (fastify) => {
          fastify.reportExports.define<{ chunks: number }>({
            kind: 'kit-test',
            format: 'xlsx',
            area: 'patients',
            sheet: 'Test',
            columns: [{ header: 'Row', kind: 'text', width: 10 }],
            count: async (_scope, { chunks }) => chunks * 2,
            async *rows(_scope, { chunks }) {
              for (let n = 1; n <= chunks; n++) {
                yield testChunk(n);
                await betweenChunks(n, current);
              }
            },
            fileName: (_scope, _query, today) => `kit-test-${today}.xlsx`,
            audit: () => ({ action: 'kit.test', entity: 'test' }),
          });
          // A super admin's export: no program, the permission re-checked by the job and the file read.
          fastify.reportExports.define<{ chunks: number }>({
            kind: 'kit-admin-test',
            format: 'xlsx',
            permission: 'manage_events',
            sheet: 'Admin test',
            columns: [{ header: 'Row', kind: 'text', width: 10 }],
            count: async (scope, { chunks }) => {
              expect(scope).toMatchObject({ type: 'super_admin', programId: null });
              return chunks * 2;
            },
            async *rows(_scope, { chunks }) {
              for (let n = 1; n <= chunks; n++) yield testChunk(n);
            },
            fileName: (_scope, _query, today) => `kit-admin-test-${today}.xlsx`,
            audit: ({ chunks }) => ({ action: 'kit.admin-test', entity: 'test', programId: chunks === 1 ? NORTH : null }),
          });
          // Outside /api, so no api hook: the route signs the caller in and leaves the access to the kit.
          fastify.get<{ Querystring: { chunks: string } }>(ADMIN_EXPORT_URL, async (request, reply) => {
            await fastify.authenticate(request);
            return fastify.reportExports.send(request, reply, 'kit-admin-test', { chunks: Number(request.query.chunks) });
          });
        }),
      );
    },
  });
  tokens = await t.signIn(SUB, STAFF, LAKE, ADMIN, ADMIN2);
});
afterAll(() => t?.close());

beforeEach(() => {
  betweenChunks = async () => {};
});

const call = (method: 'GET' | 'POST', url: string, who = STAFF) => t.call({ method, url, token: tokens[who] });
const exportOf = async (id: string, who = STAFF) => (await call('GET', `/api/report-exports/${id}`, who)).json().data as ReportExport;
const runJobs = () => t.app.jobs.drain([REPORT_EXPORT_JOB]);

/** A test export of `chunks` chunks of 2 rows, queued for STAFF as a route would queue it. */
async function queueTestExport(chunks: number): Promise<string> {
  const now = t.clock.now();
  const [row] = await t.app.db
    .insert(reportExports)
    .values({
      program_id: NORTH,
      account_id: STAFF_ID,
      kind: 'kit-test',
      format: 'xlsx',
      params: { chunks },
      total: chunks * 2,
      file_name: 'kit-test.xlsx',
      created_at: now,
      expires_at: new Date(now.getTime() + 24 * 3_600_000),
    })
    .returning();
  current = row!.id;
  await t.app.jobs.send(REPORT_EXPORT_JOB, { exportId: row!.id });
  return row!.id;
}

async function sheetOf(payload: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as unknown as ExcelJS.Buffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** Files (finished or partial) the exports left in the local store. */
const storedFiles = () => {
  const folder = path.join(t.dataDir, 'uploads', 'report-exports');
  return existsSync(folder) ? readdirSync(folder) : [];
};

describe('an export route on the kit', () => {
  it('streams an export of up to the limit at once (200 and the file), as before', async () => {
    const three = await t.app.db.select({ id: patients.id }).from(patients).where(eq(patients.program_id, NORTH)).orderBy(asc(patients.id)).limit(3);
    const res = await call('GET', `/api/patients/excel?ids=${three.map((p) => p.id).join(',')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(await sheetOf(res.rawPayload)).toHaveLength(4);
    expect(await t.app.db.select().from(reportExports)).toEqual([]);
  });

  it('makes a larger one in the background: 202 with the export, then its progress, then its file', async () => {
    const asked = await call('GET', '/api/patients/excel');
    expect(asked.statusCode).toBe(202);
    const started = asked.json().data as ReportExport;
    expect(started).toMatchObject({ kind: 'patients', format: 'xlsx', status: 'queued', done: 0, error: null });
    expect(started.total).toBeGreaterThan(5);
    expect(started.file_name).toMatch(/^patients-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(new Date(started.expires_at).getTime() - new Date(started.created_at).getTime()).toBe(24 * 3_600_000);
    // Not ready yet: the owner is told so.
    const early = await call('GET', `/api/report-exports/${started.id}/file`);
    expect(early.statusCode).toBe(404);
    expect(early.json()).toEqual({ message: REPORT_EXPORT_MESSAGES.notReady });

    await runJobs();
    const done = await exportOf(started.id);
    expect(done).toMatchObject({ status: 'done', done: started.total, total: started.total });

    const file = await call('GET', `/api/report-exports/${started.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${started.file_name}"`);
    expect(file.headers['cache-control']).toBe('no-store');
    const rows = await sheetOf(file.rawPayload);
    expect(rows).toHaveLength(started.total! + 1);
    expect(rows[0]![0]).toBe('Name');

    // One audit record of the export, by the job, with the patients written; and one per read of the file.
    const [exported] = await t.app.db.select().from(auditRecords).where(eq(auditRecords.action, 'patient.export')).orderBy(desc(auditRecords.id)).limit(1);
    expect(exported).toMatchObject({ actor_account_id: STAFF_ID, program_id: NORTH, success: true, detail: { format: 'xlsx', count: started.total, export: started.id } });
    expect((exported!.detail as { patientIds: number[] }).patientIds).toHaveLength(started.total!);
    await call('GET', `/api/report-exports/${started.id}/file`);
    const reads = await t.app.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.action, 'report.export.file'), eq(auditRecords.entity_id, started.id)));
    expect(reads).toHaveLength(2);
    expect(reads[0]).toMatchObject({ actor_account_id: STAFF_ID, entity: 'report_export', detail: { kind: 'patients', format: 'xlsx', rows: started.total } });
  });

  it('shows the export, its cancel and its file to the account that asked alone (404 to anyone else)', async () => {
    const started = (await call('GET', '/api/patients/excel')).json().data as ReportExport;
    await runJobs();
    for (const who of [SUB, LAKE]) {
      for (const [method, url] of [
        ['GET', `/api/report-exports/${started.id}`],
        ['GET', `/api/report-exports/${started.id}/file`],
        ['POST', `/api/report-exports/${started.id}/cancel`],
      ] as const) {
        const res = await call(method, url, who);
        expect({ who, url, status: res.statusCode, body: res.json() }).toEqual({ who, url, status: 404, body: { message: REPORT_EXPORT_MESSAGES.notFound } });
      }
    }
    expect((await exportOf(started.id)).status).toBe('done');
    const unknown = await call('GET', '/api/report-exports/8f14e45f-ceea-4e7a-9e4b-6f2d1b0c3a77');
    expect(unknown.statusCode).toBe(404);
    const malformed = await call('GET', '/api/report-exports/12');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toEqual({ id: [REPORT_EXPORT_MESSAGES.invalidId] });
    expect((await t.call({ method: 'GET', url: `/api/report-exports/${started.id}` })).statusCode).toBe(401);
  });
});

describe('the job', () => {
  it('records its progress after every chunk', async () => {
    const seen: number[] = [];
    betweenChunks = async (_n, id) => {
      const [row] = await t.app.db.select().from(reportExports).where(eq(reportExports.id, id));
      seen.push(row!.done);
      expect(row!.status).toBe('running');
    };
    const id = await queueTestExport(3);
    await runJobs();
    expect(seen).toEqual([2, 4, 6]);
    expect(await exportOf(id)).toMatchObject({ status: 'done', done: 6, total: 6 });
    const rows = await sheetOf((await call('GET', `/api/report-exports/${id}/file`)).rawPayload);
    expect(rows).toEqual([['Row'], ['row 1a'], ['row 1b'], ['row 2a'], ['row 2b'], ['row 3a'], ['row 3b']]);
  });

  it('stops at the next chunk once cancelled, and keeps no file', async () => {
    const before = storedFiles().length;
    betweenChunks = async (n, id) => {
      if (n === 1) {
        const res = await call('POST', `/api/report-exports/${id}/cancel`);
        expect(res.json()).toMatchObject({ data: { status: 'cancelled' }, message: REPORT_EXPORT_MESSAGES.cancelled });
      }
      if (n > 2) throw new Error('the job went on after the cancel');
    };
    const id = await queueTestExport(5);
    await runJobs();
    const row = await exportOf(id);
    expect(row).toMatchObject({ status: 'cancelled', error: null });
    expect(row.done).toBeLessThanOrEqual(4);
    expect(storedFiles()).toHaveLength(before);
    // Nor does anything remain of its temporary file.
    expect(storedFiles().some((name) => name.startsWith('.'))).toBe(false);
    expect((await call('GET', `/api/report-exports/${id}/file`)).statusCode).toBe(404);
  });

  it('does nothing for an export cancelled before it ran; a cancel after it finished changes nothing', async () => {
    const id = await queueTestExport(2);
    expect((await call('POST', `/api/report-exports/${id}/cancel`)).json().data.status).toBe('cancelled');
    await runJobs();
    expect(await exportOf(id)).toMatchObject({ status: 'cancelled', done: 0 });

    const finished = await queueTestExport(1);
    await runJobs();
    const again = await call('POST', `/api/report-exports/${finished}/cancel`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ data: expect.objectContaining({ status: 'done' }) });
  });

  it("ends failed with the definition's words for the user, or a general message for anything else, and keeps no file", async () => {
    const before = storedFiles().length;
    betweenChunks = async () => {
      throw new ExportFailure('The event of this report no longer takes place on that day.');
    };
    const worded = await queueTestExport(3);
    await runJobs();
    expect(await exportOf(worded)).toMatchObject({ status: 'failed', done: 2, error: 'The event of this report no longer takes place on that day.' });

    betweenChunks = async () => {
      throw new Error('connection reset (not for the user)');
    };
    const broken = await queueTestExport(3);
    await runJobs();
    expect(await exportOf(broken)).toMatchObject({ status: 'failed', error: REPORT_EXPORT_MESSAGES.failed });
    expect(storedFiles()).toHaveLength(before);
    expect((await call('GET', `/api/report-exports/${broken}/file`)).statusCode).toBe(404);
  });

  it("re-checks the caller's access when it runs: a menu flag turned off since fails it", async () => {
    const id = await queueTestExport(1);
    await t.app.db.update(programUsers).set({ manage_user: 0 }).where(eq(programUsers.id, STAFF_ID));
    try {
      await runJobs();
      expect(await exportOf(id)).toMatchObject({ status: 'failed', error: REPORT_EXPORT_MESSAGES.accessLost, done: 0 });
    } finally {
      await t.app.db.update(programUsers).set({ manage_user: 1 }).where(eq(programUsers.id, STAFF_ID));
    }
  });
});

describe('expiry', () => {
  it('is not readable after a day, and housekeeping then removes the row and the file', async () => {
    const id = await queueTestExport(1);
    await runJobs();
    expect((await call('GET', `/api/report-exports/${id}/file`)).statusCode).toBe(200);
    const filesBefore = storedFiles();
    expect(filesBefore).toContain(`${id}.xlsx`);

    t.clock.advance(24 * 3_600_000 + 1_000);
    // Sessions idle out over a day: sign in again.
    tokens = await t.signIn(SUB, STAFF, LAKE);
    for (const url of [`/api/report-exports/${id}`, `/api/report-exports/${id}/file`]) {
      const res = await call('GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: REPORT_EXPORT_MESSAGES.notFound });
    }
    expect(await runHousekeeping(t.app)).toEqual([]);
    expect(await t.app.db.select().from(reportExports).where(eq(reportExports.id, id))).toEqual([]);
    expect(storedFiles()).not.toContain(`${id}.xlsx`);
  });
});

describe("a super admin's export (a definition with a permission)", () => {
  // The expiry test moved the clock a day on: the admins' sessions idled out.
  beforeAll(async () => {
    tokens = { ...tokens, ...(await t.signIn(ADMIN, ADMIN2)) };
  });
  const askAdmin = (chunks: number, who: string) => call('GET', `${ADMIN_EXPORT_URL}?chunks=${chunks}`, who);
  const grant = async () => {
    await t.app.db.insert(superAdminPermissions).select(
      t.app.db
        .select({ super_admin_id: sql<number>`${ADMIN2_ID}`.as('super_admin_id'), permission_id: permissions.id })
        .from(permissions)
        .where(eq(permissions.slug, 'manage_events')),
    );
    // As in revoke: on PostgreSQL the cache hears of the change a moment later, so a fresh session.
    tokens = { ...tokens, ...(await t.signIn(ADMIN2)) };
  };
  const revoke = async () => {
    const [held] = await t.app.db.select({ id: permissions.id }).from(permissions).where(eq(permissions.slug, 'manage_events'));
    await t.app.db
      .delete(superAdminPermissions)
      .where(and(eq(superAdminPermissions.super_admin_id, ADMIN2_ID), eq(superAdminPermissions.permission_id, held!.id)));
    // A fresh session reads the permissions as they are now (a cached one would until its cache drops it).
    tokens = { ...tokens, ...(await t.signIn(ADMIN2)) };
  };

  it('streams a small one with no program: the audit record is the admin\'s (or the program it is about)', async () => {
    const res = await askAdmin(1, ADMIN2);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="kit-admin-test-${t.clock.now().toISOString().slice(0, 10)}.xlsx"`);
    expect(await sheetOf(res.rawPayload)).toEqual([['Row'], ['row 1a'], ['row 1b']]);
    const [record] = await t.app.db.select().from(auditRecords).where(eq(auditRecords.action, 'kit.admin-test')).orderBy(desc(auditRecords.id)).limit(1);
    expect(record).toMatchObject({ actor_account_id: ADMIN2_ID, actor_type: 'super_admin', program_id: NORTH, detail: { format: 'xlsx', count: 2 } });
  });

  it('makes a large one in the background, owned by the admin and no program, readable by the admin alone', async () => {
    const asked = await askAdmin(3, ADMIN2);
    expect(asked.statusCode).toBe(202);
    const started = asked.json().data as ReportExport;
    expect(started).toMatchObject({ kind: 'kit-admin-test', status: 'queued', total: 6, file_name: `kit-admin-test-${t.clock.now().toISOString().slice(0, 10)}.xlsx` });
    const [row] = await t.app.db.select().from(reportExports).where(eq(reportExports.id, started.id));
    expect(row).toMatchObject({ account_id: ADMIN2_ID, program_id: null });

    await runJobs();
    expect(await exportOf(started.id, ADMIN2)).toMatchObject({ status: 'done', done: 6 });
    const file = await call('GET', `/api/report-exports/${started.id}/file`, ADMIN2);
    expect(file.statusCode).toBe(200);
    expect(await sheetOf(file.rawPayload)).toHaveLength(7);
    const [record] = await t.app.db.select().from(auditRecords).where(eq(auditRecords.action, 'kit.admin-test')).orderBy(desc(auditRecords.id)).limit(1);
    expect(record).toMatchObject({ actor_account_id: ADMIN2_ID, program_id: null, detail: { count: 6, export: started.id } });
    for (const who of [ADMIN, SUB]) {
      expect((await call('GET', `/api/report-exports/${started.id}/file`, who)).statusCode).toBe(404);
    }
  });

  it('refuses staff and a super admin without the permission (403); id 48 holds every one', async () => {
    const staff = await askAdmin(1, SUB);
    expect(staff.statusCode).toBe(403);
    expect(staff.json()).toEqual({ message: 'This is available to super admins only.' });

    await revoke();
    try {
      const lacking = await askAdmin(1, ADMIN2);
      expect(lacking.statusCode).toBe(403);
      expect(lacking.json()).toEqual({ message: 'You do not have permission to do this.' });
    } finally {
      await grant();
    }

    await t.app.db.delete(superAdminPermissions).where(eq(superAdminPermissions.super_admin_id, SUPER_ADMIN_ID));
    tokens = { ...tokens, ...(await t.signIn(ADMIN)) };
    const asked = await askAdmin(3, ADMIN);
    expect(asked.statusCode).toBe(202);
    await runJobs();
    expect(await exportOf(asked.json().data.id, ADMIN)).toMatchObject({ status: 'done' });
  });

  it('re-checks the permission when the job runs and when the file is read', async () => {
    const queued = (await askAdmin(3, ADMIN2)).json().data as ReportExport;
    await revoke();
    try {
      await runJobs();
      expect(await exportOf(queued.id, ADMIN2)).toMatchObject({ status: 'failed', error: REPORT_EXPORT_MESSAGES.accessLost, done: 0 });
    } finally {
      await grant();
    }

    const made = (await askAdmin(3, ADMIN2)).json().data as ReportExport;
    await runJobs();
    expect(await exportOf(made.id, ADMIN2)).toMatchObject({ status: 'done' });
    await revoke();
    try {
      const file = await call('GET', `/api/report-exports/${made.id}/file`, ADMIN2);
      expect(file.statusCode).toBe(403);
      expect(file.json()).toEqual({ message: 'You do not have permission to do this.' });
    } finally {
      await grant();
    }
  });

  it('fails the job of an admin deactivated since', async () => {
    const queued = (await askAdmin(3, ADMIN2)).json().data as ReportExport;
    await t.app.db.update(accounts).set({ status: 0 }).where(eq(accounts.id, ADMIN2_ID));
    try {
      await runJobs();
    } finally {
      await t.app.db.update(accounts).set({ status: 1 }).where(eq(accounts.id, ADMIN2_ID));
    }
    const [row] = await t.app.db.select().from(reportExports).where(eq(reportExports.id, queued.id));
    expect(row).toMatchObject({ status: 'failed', error: REPORT_EXPORT_MESSAGES.accessLost });
  });
});
