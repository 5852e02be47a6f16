/**
 * The report cases of `pnpm bench:api` (see README.md): the first page and the chart of every staff report
 * (issue 18: the seminar2surgery reports, and the pipeline, outcome, follow-up, widgets and calendar reads),
 * each its own case, on PostgreSQL with the scale seed, against the target (p95 < 300 ms). A case
 * is asked with its default query and a filtered one, one after another. Only the routes the running
 * server documents are measured (its OpenAPI document), so a report that has not landed is left out and
 * named in the notes.
 */

/** The target: every report's first page and chart, p95 on PostgreSQL with the scale seed. */
export const REPORT_TARGET_P95_MS = 300;
/** The target of the cohort outcome table. */
const COHORT_TARGET_P95_MS = 1000;
/**
 * Connections of a report case: two staff opening reports at once. A report reads a whole program, so on
 * the 2 cores more connections only queue behind each other (the p95 then measures the queue).
 */
export const REPORT_CONNECTIONS = 2;

/** The calendar's range: this month's weeks as the month view asks for them. */
function calendarQuery(now = new Date()): string {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return `from=${day(new Date(first.getTime() - 7 * 86_400_000))}&to=${day(new Date(first.getTime() + 42 * 86_400_000))}`;
}

/** A case as bench/api.ts measures it. */
export interface ReportCase {
  route: string;
  paths: readonly string[];
  connections: number;
}

/** The p95 target of a report case by its label. */
const targets = new Map<string, number>();

/** The documented path (as the OpenAPI document writes it) and the queries each case asks for. */
const REPORTS: readonly { path: string; queries: readonly string[]; targetMs?: number }[] = [
  { path: '/api/seminar2surgery/lost-patients-line-graph-stats', queries: ['', 'time_gap=week&stage=1'] },
  { path: '/api/seminar2surgery/lost-patients', queries: ['', 'stage=1&sort=name'] },
  { path: '/api/seminar2surgery/stalled-patients/children', queries: ['', 'days=60&stage=2'] },
  { path: '/api/seminar2surgery/surgery-date-patients', queries: ['', 'sort=checklist_percent'] },
  { path: '/api/seminar2surgery/post-op-patients', queries: ['', 'sort=weight_lost&direction=desc'] },
  { path: '/api/seminar2surgery/not-connected-patients', queries: ['', 'stage=1&sort=added_on&direction=desc'] },
  { path: '/api/seminar2surgery/surgery-volume/chart', queries: ['', 'stage=2'] },
  { path: '/api/seminar2surgery/surgery-volume/list', queries: ['', 'sort=name'] },
  { path: '/api/seminar2surgery/checklist-item-names', queries: ['', 'stage=1'] },
  // Lane S2's reads (interfaces18.md); measured once the server documents them.
  { path: '/api/reports/pipeline', queries: ['', 'stage=1'] },
  { path: '/api/reports/pipeline/moves', queries: ['', 'stage=2'] },
  { path: '/api/reports/outcomes/cohorts', queries: ['group=surgery_type', 'group=surgery_quarter'], targetMs: COHORT_TARGET_P95_MS },
  { path: '/api/reports/outcomes/patients', queries: ['', 'stage=2'] },
  { path: '/api/reports/follow-up', queries: ['', 'state=overdue'] },
  { path: '/api/dashboard/widgets', queries: [''] },
  { path: '/api/calendar', queries: [calendarQuery()] },
];

const withQuery = (path: string, query: string) => (query ? `${path}?${query}` : path);

/** The report cases the server at `base` serves, and the notes on those it does not document (yet). */
export async function reportCases(base: string, token: string, connections = REPORT_CONNECTIONS): Promise<{ cases: ReportCase[]; notes: string[] }> {
  const response = await fetch(`${base}/api/docs/json`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(30_000) });
  if (response.status !== 200) throw new Error(`/api/docs/json answered ${response.status}`);
  const documented = new Set(Object.keys(((await response.json()) as { paths: Record<string, unknown> }).paths));
  const cases: ReportCase[] = [];
  const notes: string[] = [];
  for (const report of REPORTS) {
    if (!documented.has(report.path)) {
      notes.push(`${report.path}: not served by this build, left out`);
      continue;
    }
    const route = `${report.path} (report, ${connections} conn.)`;
    targets.set(route, report.targetMs ?? REPORT_TARGET_P95_MS);
    cases.push({ route, paths: report.queries.map((q) => withQuery(report.path, q)), connections });
  }
  return { cases, notes };
}

interface MeasuredRow {
  route: string;
  p50: number;
  p95: number | null;
  p99: number;
  requestsPerSecond: number;
}

/** The report rows' verdicts against the target; answers whether every one passed. */
export function printReportVerdicts(rows: readonly MeasuredRow[], notes: readonly string[], scaled: boolean, seeded: string): boolean {
  console.log('');
  console.log(`Reports (first page and chart, PostgreSQL, ${seeded}; target p95 < ${REPORT_TARGET_P95_MS} ms, the cohort table < ${COHORT_TARGET_P95_MS} ms):`);
  if (!scaled) console.log(`Note: the report target is set for the scale seed (a program of 50,000); this run used the demo data.`);
  let passed = true;
  for (const row of rows) {
    const target = targets.get(row.route) ?? REPORT_TARGET_P95_MS;
    const pass = row.p95 !== null && row.p95 < target;
    passed &&= pass;
    console.log(
      `${pass ? 'PASS' : 'FAIL'}  ${row.route}: p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95 === null ? '-' : row.p95.toFixed(1)} ms, ` +
        `p99 ${row.p99.toFixed(1)} ms, ${Math.round(row.requestsPerSecond)} req/s (target < ${target} ms)`,
    );
  }
  for (const note of notes) console.log(`      ${note}`);
  return passed;
}
