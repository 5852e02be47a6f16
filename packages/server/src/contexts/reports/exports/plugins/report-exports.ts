/**
 * The export kit (docs/exports.md): `fastify.reportExports`. A report defines its file once
 * (`define`, in a plugin) and its route hands the validated query to `send`: a spreadsheet of up to
 * REPORT_EXPORT_STREAM_MAX_ROWS rows is streamed in the request as before; a larger one, and every PDF,
 * becomes a report_exports row and a 'reports.export' job, and the route answers 202 with the export.
 * The job writes the file to the storage interface, counts its progress, stops on a cancel, and the
 * file is readable by the account that asked until it expires (housekeeping then removes it).
 */
import { Transform, type Readable, type Writable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import {
  REPORT_EXPORT_KEEP_HOURS,
  NOT_FOR_SELF_SERVICE,
  REPORT_EXPORT_MESSAGES,
  type ReportExport,
  type ReportExportFormat,
} from '@baridesk/contracts';
import { MENU_AREAS, hasPermission, menuAreaRefusal, type MenuArea, type PermissionSlug } from '@baridesk/domain';
import { accounts, permissions, programUsers, programs, reportExports, superAdminPermissions } from '../../../../db/schema';
import { isStaff, isSuperAdmin, type AdminScope, type Scope } from '../../../../lib/scope';
import { programDay } from '../../../../lib/program-day';
import { SheetWriter, XLSX_CONTENT_TYPE, sendWorkbook } from '../../../../lib/xlsx-sheet';
import { AUTH_MESSAGES, toScope } from '../../../identity';
import {
  ExportFailure,
  REPORT_EXPORT_JOB,
  type ExportAudit,
  type ExportScope,
  type PdfParts,
  type ReportExportDefinition,
  type SheetParts,
} from '../definitions';

const CONTENT_TYPES: Record<ReportExportFormat, string> = { xlsx: XLSX_CONTENT_TYPE, pdf: 'application/pdf' };

type ExportRow = typeof reportExports.$inferSelect;

/**
 * A definition as the kit holds it: its callbacks take either scope, and the kit hands each the one its
 * access names (a StaffScope to an `area` export, an AdminScope to a `permission` one: `callerOf`).
 */
type Access = { area: MenuArea; permission?: undefined } | { permission: PermissionSlug; area?: undefined };
type KitSheet = SheetParts<unknown, ExportScope> & Access;
type KitDefinition = (KitSheet | PdfParts<unknown, ExportScope>) & Access;

export interface ReportExports {
  /** Declares an export; call it while the plugins register (a plugin with dependencies ['report-exports']). */
  define<Q>(definition: ReportExportDefinition<Q>): void;
  /**
   * Answers an export route: the file at once (200), or 202 { data: ReportExport } when a job makes it.
   * `query` is the route's validated query (kept as JSON for the job, so it must hold JSON values only).
   */
  send<R extends FastifyReply>(request: FastifyRequest, reply: R, kind: string, query: unknown): Promise<R>;
  /** The caller's own export, or null (another account's is not found either). */
  find(accountId: number, id: string): Promise<ReportExport | null>;
  /** Cancels the caller's export if it is not finished; answers it as it is then, or null. */
  cancel(accountId: number, id: string): Promise<ReportExport | null>;
  /**
   * The file of the caller's finished, unexpired export, or null; 'refused' when the report's menu area
   * is closed to the caller now (a flag turned off since), or a super admin's export's permission is gone.
   */
  file(scope: Scope, id: string): Promise<{ export: ReportExport; body: Readable; size: number; contentType: string } | { refused: string } | null>;
  /** Housekeeping: removes the files and rows of exports that expired before `now`. Answers how many. */
  sweepExpired(now: Date): Promise<number>;
  /** The rows a spreadsheet may have and still be streamed (config, REPORT_EXPORT_STREAM_MAX_ROWS). */
  readonly streamMaxRows: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    reportExports: ReportExports;
  }
}

const storageKey = (row: Pick<ExportRow, 'id' | 'format'>) => `report-exports/${row.id}.${row.format}`;

/** The export as the browser sees it (never its query, its owner or where its file lies). */
function toApi(row: ExportRow): ReportExport {
  return {
    id: row.id,
    kind: row.kind,
    format: row.format,
    status: row.status,
    total: row.total,
    done: row.done,
    file_name: row.file_name,
    error: row.error,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
  };
}

/** The export was cancelled while the job wrote it: the job stops and keeps nothing. */
class Cancelled extends Error {}

/** Who asked for an export (a super admin's belongs to no program). */
interface Owner {
  accountId: number;
  type: string;
  programId: number | null;
}

/** Rows written so far and the patients they show. */
interface Progress {
  written: number;
  patientIds: number[];
}

export default fp(
  async (fastify: FastifyInstance) => {
    const { db, clock, storage, jobs, audit } = fastify;
    const definitions = new Map<string, KitDefinition>();
    const streamMaxRows = fastify.config.reportExportStreamMaxRows;
    const startDelayMs = fastify.config.reportExportStartDelayMs;

    const definitionOf = (kind: string) => {
      const definition = definitions.get(kind);
      if (!definition) throw new Error(`No export is defined as "${kind}" (define it in a plugin: see docs/exports.md).`);
      return definition;
    };

    const sheetName = (definition: KitSheet, query: unknown) =>
      typeof definition.sheet === 'function' ? definition.sheet(query) : definition.sheet;

    /** The one audit record of an export, written once its rows are written (so it holds the patients shown). */
    async function recordExport(
      request: FastifyRequest | null,
      owner: Owner,
      entry: ExportAudit,
      facts: { format: ReportExportFormat; count: number; patientIds: number[]; exportId?: string; success: boolean },
    ) {
      await audit.record(request, {
        action: entry.action,
        entity: entry.entity,
        entityId: entry.entityId ?? null,
        patientId: entry.patientId ?? null,
        actorAccountId: owner.accountId,
        actorType: owner.type,
        programId: entry.programId ?? owner.programId,
        success: facts.success,
        detail: {
          format: facts.format,
          ...(facts.format === 'pdf' ? { pages: facts.count } : { count: facts.count }),
          ...entry.detail,
          ...(facts.patientIds.length > 0 ? { patientIds: facts.patientIds } : {}),
          ...(facts.exportId ? { export: facts.exportId } : {}),
        },
      });
    }

    /**
     * Writes a spreadsheet's rows into `out`, reading the next chunk while one is written, and waits for
     * the output after each chunk (SheetWriter.settle). `progress` holds the rows written and the patients
     * shown so far (what was written is known when the writing stops part-way); `afterChunk` sees it after
     * each chunk (the job records its progress and looks for a cancel there), `beforeEnd` once every row
     * is written, before the file's last bytes (the audit record).
     */
    async function writeSheet(
      out: Writable,
      definition: KitSheet,
      scope: ExportScope,
      query: unknown,
      signal: AbortSignal,
      progress: Progress,
      hooks: { afterChunk?: () => Promise<void>; beforeEnd: () => Promise<void> },
    ) {
      const sheet = new SheetWriter(out, sheetName(definition, query), definition.columns);
      for await (const chunk of definition.rows(scope, query, signal)) {
        for (const cells of chunk.cells) sheet.addRow(cells);
        progress.written += chunk.cells.length;
        for (const id of chunk.patientIds) progress.patientIds.push(id);
        await sheet.settle();
        await hooks.afterChunk?.();
      }
      await hooks.beforeEnd();
      await sheet.finish();
    }

    /** The day for file names: the program's for staff, the day in UTC for a super admin (no program). */
    const today = async (scope: ExportScope) =>
      scope.programId === null ? clock.now().toISOString().slice(0, 10) : (await programDay(db, scope.programId, clock.now())).today;

    /**
     * The caller as the definition's callbacks take it, or why they may not have the file now: a staff
     * export wants program staff whose menu area is open, a super admin's wants the permission.
     */
    function callerOf(definition: KitDefinition, scope: Scope): ExportScope | { refused: string } {
      if (definition.permission !== undefined) {
        if (!isSuperAdmin(scope)) return { refused: AUTH_MESSAGES.superAdminOnly };
        return hasPermission({ id: scope.accountId, type: scope.type, permissions: scope.permissions }, definition.permission)
          ? scope
          : { refused: AUTH_MESSAGES.missingPermission };
      }
      if (!isStaff(scope)) return { refused: AUTH_MESSAGES.staffOnly };
      const refusal = menuAreaRefusal({ type: scope.type, selfService: scope.selfService, flags: scope.flags }, definition.area);
      if (refusal === 'self-service') return { refused: NOT_FOR_SELF_SERVICE };
      if (refusal === 'flag') return { refused: MENU_AREAS[definition.area].refusal };
      return scope;
    }

    async function send<R extends FastifyReply>(request: FastifyRequest, reply: R, kind: string, query: unknown): Promise<R> {
      const definition = definitionOf(kind);
      // The route's own access and area let the caller in already; this holds a route to its definition.
      const scope = callerOf(definition, request.scope);
      if ('refused' in scope) throw fastify.httpErrors.forbidden(scope.refused);
      const owner: Owner = { accountId: scope.accountId, type: scope.type, programId: scope.programId };
      const [total, day] = await Promise.all([
        definition.format === 'xlsx' ? definition.count(scope, query) : Promise.resolve(null),
        today(scope),
      ]);
      const fileName = await definition.fileName(scope, query, day);

      if (definition.format === 'xlsx' && total !== null && total <= streamMaxRows) {
        const stop = new AbortController();
        return sendWorkbook(request, reply, fileName, `${kind} export`, async (out) => {
          out.once('close', () => stop.abort());
          const progress: Progress = { written: 0, patientIds: [] };
          let recorded = false;
          const record = (success: boolean) => {
            recorded = true;
            return recordExport(request, owner, definition.audit(query), { format: 'xlsx', count: progress.written, patientIds: progress.patientIds, success });
          };
          try {
            await writeSheet(out, definition, scope, query, stop.signal, progress, { beforeEnd: () => record(true) });
          } catch (error) {
            // The client left (or a read failed) part-way: the rows that went out are audited all the same.
            if (!recorded && progress.written > 0) await record(false).catch(() => {});
            throw error;
          }
        });
      }

      const now = clock.now();
      const [row] = await db
        .insert(reportExports)
        .values({
          program_id: scope.programId,
          account_id: scope.accountId,
          kind,
          format: definition.format,
          // The validated query as JSON: the job reads exactly what the screen had filtered.
          params: JSON.parse(JSON.stringify(query ?? {})) as Record<string, unknown>,
          total,
          file_name: fileName,
          created_at: now,
          expires_at: new Date(now.getTime() + REPORT_EXPORT_KEEP_HOURS * 3_600_000),
        })
        .returning();
      // After the insert is committed (docs/scheduler.md: never send inside a transaction).
      await jobs.send(REPORT_EXPORT_JOB, { exportId: row!.id }, { singletonKey: row!.id });
      return reply.code(202).send({ data: toApi(row!) });
    }

    /**
     * The caller as they are now, for a job: for a staff export, the account and its program still active,
     * still staff of the export's program, and the report's menu area still open to them; for a super
     * admin's, the account still active and not deleted, and still holding the permission. Null otherwise.
     */
    async function currentScope(row: ExportRow, definition: KitDefinition): Promise<ExportScope | null> {
      if (definition.permission !== undefined) return currentAdminScope(row, definition.permission);
      const [found] = await db
        .select({ account: accounts, programUser: programUsers, program: programs })
        .from(accounts)
        .leftJoin(programUsers, eq(programUsers.id, accounts.id))
        .leftJoin(programs, eq(programs.id, sql`coalesce(${programUsers.program_id}, ${accounts.id})`))
        .where(eq(accounts.id, row.account_id))
        .limit(1);
      if (!found || found.account.status !== 1 || found.program?.status !== 1) return null;
      const scope = toScope({
        session: { id: 0, lastUsedAt: clock.now(), revokedAt: null },
        account: found.account,
        programUser: found.programUser,
        program: found.program,
        superAdmin: null,
        permissions: [],
      });
      if (!isStaff(scope) || scope.programId !== row.program_id) return null;
      const caller = callerOf(definition, scope);
      return 'refused' in caller ? null : caller;
    }

    async function currentAdminScope(row: ExportRow, permission: PermissionSlug): Promise<AdminScope | null> {
      if (row.program_id !== null) return null;
      const [found] = await db
        .select({ id: accounts.id, type: accounts.type, status: accounts.status, deletedAt: accounts.deleted_at })
        .from(accounts)
        .where(eq(accounts.id, row.account_id))
        .limit(1);
      if (!found || found.type !== 'super_admin' || found.status !== 1 || found.deletedAt !== null) return null;
      const held = await db
        .select({ slug: permissions.slug })
        .from(superAdminPermissions)
        .innerJoin(permissions, eq(permissions.id, superAdminPermissions.permission_id))
        .where(eq(superAdminPermissions.super_admin_id, found.id));
      const scope: AdminScope = {
        accountId: found.id,
        sessionId: 0,
        type: 'super_admin',
        programId: null,
        permissions: held.map((p) => p.slug as PermissionSlug),
        administrativeRights: false,
        selfService: false,
        flags: null,
      };
      return hasPermission({ id: scope.accountId, type: scope.type, permissions: scope.permissions }, permission) ? scope : null;
    }

    /** Sets the status (and what goes with it) unless the export already ended; answers the row, or null. */
    async function finishAs(id: string, values: Partial<typeof reportExports.$inferInsert>) {
      const [row] = await db
        .update(reportExports)
        .set({ finished_at: clock.now(), ...values })
        .where(and(eq(reportExports.id, id), inArray(reportExports.status, ['queued', 'running'])))
        .returning();
      return row ?? null;
    }

    /**
     * Writes the file through the storage interface and answers its size; a failure or a cancel leaves
     * no file (Storage.put writes all or nothing; the key is deleted as well, for a store that kept a part).
     */
    async function writeFile(row: ExportRow, write: (out: Writable) => Promise<void>): Promise<number> {
      let bytes = 0;
      const out = new Transform({
        transform(chunk: Buffer, _encoding, next) {
          bytes += chunk.length;
          next(null, chunk);
        },
      });
      const key = storageKey(row);
      const stored = storage.put(key, out, { contentType: CONTENT_TYPES[row.format] });
      // A store that fails stops the writer too (settle() sees the output closed).
      stored.catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
      try {
        await write(out);
      } catch (error) {
        out.destroy(error instanceof Error ? error : new Error(String(error)));
        await stored.catch(() => {});
        await storage.delete(key);
        throw error;
      }
      await stored;
      return bytes;
    }

    /** The job: one export, from queued (or running, after a process died) to its end. */
    async function run(exportId: string, signal: AbortSignal) {
      const [started] = await db
        .update(reportExports)
        .set({ status: 'running', started_at: clock.now(), done: 0 })
        .where(and(eq(reportExports.id, exportId), inArray(reportExports.status, ['queued', 'running'])))
        .returning();
      // Cancelled before it started, or already ended (a repeated job): nothing to do.
      if (!started) return;
      const definition = definitions.get(started.kind);
      if (!definition) {
        fastify.log.error({ kind: started.kind, exportId }, 'an export of an unknown kind was queued');
        await finishAs(exportId, { status: 'failed', error: REPORT_EXPORT_MESSAGES.failed });
        return;
      }
      const scope = await currentScope(started, definition);
      if (!scope) {
        await finishAs(exportId, { status: 'failed', error: REPORT_EXPORT_MESSAGES.accessLost });
        return;
      }
      const owner: Owner = { accountId: scope.accountId, type: scope.type, programId: scope.programId };
      const query = started.params as unknown;
      const auditEntry = definition.audit(query);
      const progress: Progress = { written: 0, patientIds: [] };
      try {
        // Only when configured (REPORT_EXPORT_START_DELAY_MS): a cancel meanwhile is seen after the first chunk.
        if (startDelayMs > 0) await delay(startDelayMs, undefined, { signal });
        const bytes = await writeFile(started, async (out) => {
          if (definition.format === 'pdf') {
            const rendered = await definition.render(scope, query, signal);
            progress.written = rendered.pages;
            progress.patientIds.push(...rendered.patientIds);
            await pipe(rendered.document, out);
            return;
          }
          await writeSheet(out, definition, scope, query, signal, progress, {
            afterChunk: async () => {
              // The progress, and in the same statement the status a cancel may have changed.
              const [now] = await db
                .update(reportExports)
                .set({ done: progress.written })
                .where(eq(reportExports.id, exportId))
                .returning({ status: reportExports.status });
              if (now?.status !== 'running') throw new Cancelled();
            },
            beforeEnd: async () => {},
          });
        });
        const [finished] = await db
          .update(reportExports)
          .set({
            status: 'done',
            done: progress.written,
            total: definition.format === 'pdf' ? progress.written : started.total,
            file_key: storageKey(started),
            bytes,
            finished_at: clock.now(),
          })
          .where(and(eq(reportExports.id, exportId), eq(reportExports.status, 'running')))
          .returning();
        if (!finished) {
          // Cancelled after the last chunk: the file goes too.
          await storage.delete(storageKey(started));
          return;
        }
        await recordExport(null, owner, auditEntry, {
          format: started.format,
          count: progress.written,
          patientIds: progress.patientIds,
          exportId,
          success: true,
        });
      } catch (error) {
        if (error instanceof Cancelled) return;
        // The process is stopping: the job is retried (here after a restart, or by another process).
        if (signal.aborted) throw error;
        const message = error instanceof ExportFailure ? error.message : REPORT_EXPORT_MESSAGES.failed;
        if (!(error instanceof ExportFailure)) fastify.log.error({ err: error, exportId, kind: started.kind }, 'a background export failed');
        await finishAs(exportId, { status: 'failed', error: message, done: progress.written });
      }
    }

    async function own(accountId: number, id: string) {
      const [row] = await db
        .select()
        .from(reportExports)
        .where(and(eq(reportExports.id, id), eq(reportExports.account_id, accountId)))
        .limit(1);
      // An expired export is gone for its owner too, even before housekeeping removed it.
      return row && row.expires_at > clock.now() ? row : null;
    }

    jobs.work<{ exportId: string }>(REPORT_EXPORT_JOB, ({ exportId }, job) => run(exportId, job.signal), {
      // Failures end the export themselves (failed, with the user's message); a retry is only for a
      // process that stopped or died mid-way, and starts the file again.
      retryLimit: 2,
      retryDelaySeconds: 5,
      expireInSeconds: 15 * 60,
    });

    const service: ReportExports = {
      streamMaxRows,
      define(definition) {
        if (definitions.has(definition.kind)) throw new Error(`The export "${definition.kind}" is defined twice.`);
        definitions.set(definition.kind, definition as unknown as KitDefinition);
      },
      send,
      async find(accountId, id) {
        const row = await own(accountId, id);
        return row ? toApi(row) : null;
      },
      async cancel(accountId, id) {
        const row = await own(accountId, id);
        if (!row) return null;
        const [cancelled] = await db
          .update(reportExports)
          .set({ status: 'cancelled', finished_at: clock.now() })
          .where(and(eq(reportExports.id, id), inArray(reportExports.status, ['queued', 'running'])))
          .returning();
        return toApi(cancelled ?? row);
      },
      async file(scope, id) {
        const row = await own(scope.accountId, id);
        if (!row || row.status !== 'done' || !row.file_key) return null;
        const definition = definitions.get(row.kind);
        if (!definition) return null;
        const caller = callerOf(definition, scope);
        if ('refused' in caller) return caller;
        const stored = await storage.get(row.file_key);
        return stored ? { export: toApi(row), body: stored.body, size: stored.size, contentType: CONTENT_TYPES[row.format] } : null;
      },
      async sweepExpired(now) {
        const expired = await db
          .select({ id: reportExports.id, file_key: reportExports.file_key, format: reportExports.format })
          .from(reportExports)
          .where(lt(reportExports.expires_at, now));
        for (const row of expired) {
          // The key of a file a job may have been writing when it expired, as well as a finished one's.
          await storage.delete(row.file_key ?? storageKey(row));
          await db.delete(reportExports).where(eq(reportExports.id, row.id));
        }
        return expired.length;
      },
    };
    fastify.decorate('reportExports', service);
  },
  { name: 'report-exports', dependencies: ['database', 'jobs', 'storage', 'audit'] },
);

/** Copies a document stream into `out`, ending it; rejects if either side fails. */
function pipe(document: Readable, out: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    document.once('error', reject);
    out.once('error', reject);
    out.once('finish', resolve);
    document.pipe(out);
  });
}
