import fp from 'fastify-plugin';
import { AUDIT_ACTOR_TYPES, AUDIT_EXPORT_COLUMNS, AUDIT_EXPORT_MAX_ROWS, type AuditExportQuery, type AuditRecord } from '@baridesk/contracts';
import type { SheetCell, SheetColumn } from '../../../../lib/xlsx-sheet';

export const AUDIT_EXPORT = 'audit-trail';

/** Records read per query while writing; the trail's keyset makes each chunk cost the same. */
const CHUNK = 500;

const SHEET: Record<(typeof AUDIT_EXPORT_COLUMNS)[number], Omit<SheetColumn, 'header'>> = {
  'When (UTC)': { kind: 'datetime', width: 20 },
  Who: { kind: 'text', width: 26 },
  'E-mail': { kind: 'text', width: 30 },
  Type: { kind: 'text', width: 20 },
  Action: { kind: 'text', width: 28 },
  Entity: { kind: 'text', width: 16 },
  'Entity id': { kind: 'text', width: 12 },
  Patient: { kind: 'text', width: 26 },
  'Patient id': { kind: 'number', width: 10 },
  'Patients shown': { kind: 'number', width: 10 },
  Program: { kind: 'text', width: 28 },
  Address: { kind: 'text', width: 16 },
  'User agent': { kind: 'text', width: 40 },
  Success: { kind: 'text', width: 8 },
  Detail: { kind: 'text', width: 60 },
};
const COLUMNS: SheetColumn[] = AUDIT_EXPORT_COLUMNS.map((header) => ({ header, ...SHEET[header] }));

/** One record's cells, in the order of AUDIT_EXPORT_COLUMNS. Times are UTC, as the screen shows them. */
function cellsOf(record: AuditRecord): SheetCell[] {
  return [
    new Date(record.at),
    record.actor?.name ?? 'System',
    record.actor?.email ?? null,
    record.actor?.type ? (AUDIT_ACTOR_TYPES[record.actor.type] ?? record.actor.type) : null,
    record.action,
    record.entity,
    record.entity_id,
    record.patient?.name ?? null,
    record.patient?.id ?? null,
    record.patient_count,
    record.program?.title ?? null,
    record.ip,
    record.user_agent,
    record.success ? 'Yes' : 'No',
    record.detail === null ? null : JSON.stringify(record.detail),
  ];
}

/** The filters used, for the export's audit record (the search text included: it names staff, not patients). */
export const usedFilters = (filters: Partial<AuditExportQuery>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''));

/**
 * The trail as a spreadsheet (GET /api/admin/audit/excel), for super admins with audit_trail: the
 * records of the same filters, newest first, read a keyset page at a time. The route refuses more than
 * AUDIT_EXPORT_MAX_ROWS first. Audited as 'audit.export' with the filters and the patients named.
 */
export default fp(
  async (fastify) => {
    const trail = fastify.auditTrail;
    fastify.reportExports.define<AuditExportQuery>({
      kind: AUDIT_EXPORT,
      format: 'xlsx',
      permission: 'audit_trail',
      sheet: 'Audit trail',
      columns: COLUMNS,
      // The route refused more than AUDIT_EXPORT_MAX_ROWS already.
      count: async (_scope, query) => (await trail.count(query, AUDIT_EXPORT_MAX_ROWS)).total,
      async *rows(_scope, query, signal) {
        let before: number | undefined;
        do {
          signal.throwIfAborted();
          const page = await trail.page(query, { perPage: CHUNK, before });
          const patientIds = [...new Set(page.data.flatMap((record) => (record.patient ? [record.patient.id] : [])))];
          yield { cells: page.data.map(cellsOf), patientIds };
          before = page.next ?? undefined;
        } while (before !== undefined);
      },
      fileName: (_scope, _query, today) => `audit-trail-${today}.xlsx`,
      audit: (query) => ({
        action: 'audit.export',
        entity: 'audit_record',
        programId: query.program_id ?? null,
        patientId: query.patient_id ?? null,
        detail: usedFilters(query),
      }),
    });
  },
  { name: 'audit-export', dependencies: ['report-exports', 'audit-trail'] },
);
