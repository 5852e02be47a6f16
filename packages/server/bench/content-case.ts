/**
 * The content cases of `pnpm bench:api --only-content` (issue 20; see README.md), on PostgreSQL with the
 * demo data and CONTENT_BENCH_ITEMS more content items in Northside (101), written straight in SQL:
 *
 * - GET /api/app/content as Northside's demo patient: the full answer (200, as it is and brotli-compressed
 *   as a phone asks for it) and the answer to a matching If-None-Match (304). Target: p99 < 20 ms.
 * - the staff's content lists (/api/content/<type>, the resource kit's list) as Northside's sub user: the
 *   first page of the biggest type, a later page, a search, a category filter, and the other types' first
 *   pages. Target: p95 < 30 ms.
 *
 * The items go to every list type, half of them to the FAQs (one list of 1,000), with categories and
 * sub-categories where the type has them, a rich-text body of a few hundred characters, one in 25 off.
 */
import pg from 'pg';
import { CONTENT_LISTS } from '@baridesk/contracts';

export const CONTENT_BENCH_ITEMS = 2_000;
/** A few patients opening the app at once, and a few staff at their lists (2 shared cores: more measures the queue). */
export const CONTENT_CONNECTIONS = 4;
export const APP_CONTENT_TARGET_P99_MS = 20;
export const CONTENT_LIST_TARGET_P95_MS = 30;

const PROGRAM = 101;
/** The demo's app patient and Northside's sub user (seed/patient-app.ts, seed/demo.ts). */
export const CONTENT_PATIENT_EMAIL = 'patient@northside.test';
export const CONTENT_STAFF_EMAIL = 'subuser@northside.test';
const BIG_LIST = 'faqs';
const INSERT_BATCH = 400;

/** A body of the length a FAQ answer or a guideline has (about 450 characters of HTML). */
const BODIES = [
  '<p>Aim for <strong>60 to 80 grams of protein</strong> a day. Start every meal with protein, then vegetables, and stop at the first sign of fullness.</p><ul><li>Sip 64 ounces of fluid a day</li><li>No drinks 30 minutes before and after meals</li></ul>',
  '<p>Take your bariatric multivitamin, calcium citrate and vitamin B12 every day, for life. Keep calcium and iron at least two hours apart, and have your labs checked at 3, 6 and 12 months.</p><p>Call the nurse line with any question.</p>',
  '<p>Walk every hour while awake during the first days at home. Do not lift more than 15 pounds for four weeks. You may shower 48 hours after surgery; pat the incisions dry.</p><p>Call us for a fever over 101 °F or pain that gets worse.</p>',
];
const WORDS = ['protein', 'vitamins', 'liquid diet', 'hydration', 'portion', 'exercise', 'sleeve', 'bypass', 'support', 'recovery'];

export interface ContentBenchSeed {
  items: number;
  categories: number;
  seconds: number;
}

/** Adds the bench's items (and their categories) to Northside, in one transaction. */
export async function seedContentBench(databaseUrl: string, items = CONTENT_BENCH_ITEMS): Promise<ContentBenchSeed> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    // Five categories per type that has them, three sub-categories each where it has those.
    const categories = new Map<string, { id: number; subs: number[] }[]>();
    let categoryCount = 0;
    for (const type of CONTENT_LISTS) {
      if (type.categories === 0) continue;
      const made = await client.query<{ id: number }>(
        `insert into content_categories (program_id, menu, name, order_index)
         select $1, $2, 'Bench topic ' || g, 100 + g from generate_series(1, 5) g returning id`,
        [PROGRAM, type.key],
      );
      const list: { id: number; subs: number[] }[] = [];
      for (const { id } of made.rows) {
        const subs =
          type.categories === 2
            ? (
                await client.query<{ id: number }>(
                  `insert into content_sub_categories (program_id, menu, category_id, name, order_index)
                   select $1, $2, $3, 'Bench part ' || g, g from generate_series(1, 3) g returning id`,
                  [PROGRAM, type.key, id],
                )
              ).rows.map((r) => r.id)
            : [];
        list.push({ id, subs });
        categoryCount += 1 + subs.length;
      }
      categories.set(type.key, list);
    }
    const others = CONTENT_LISTS.map((t) => t.key).filter((key) => key !== BIG_LIST);
    const places = new Map<string, number>();
    const rows: unknown[][] = [];
    for (let i = 0; i < items; i++) {
      const menu = i < items / 2 ? BIG_LIST : (others[i % others.length] as string);
      const place = (places.get(menu) ?? 1000) + 1;
      places.set(menu, place);
      const topics = categories.get(menu) ?? [];
      const topic = topics.length > 0 ? topics[i % topics.length] : undefined;
      const sub = topic && topic.subs.length > 0 ? topic.subs[i % topic.subs.length] : undefined;
      const word = WORDS[i % WORDS.length] as string;
      rows.push([
        PROGRAM,
        menu,
        topic?.id ?? null,
        sub ?? null,
        `${word[0]!.toUpperCase()}${word.slice(1)} after surgery, note ${i + 1}`,
        i % 3 === 0 ? `Reviewed by the dietitian team` : null,
        BODIES[i % BODIES.length],
        `https://www.northside-bariatrics.example.org/library/${i + 1}`,
        menu === 'videos' || menu === 'success-stories' ? `https://videos.example.org/bench/${i + 1}` : null,
        i % 25 === 0 ? 0 : 1,
        place,
      ]);
    }
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      const batch = rows.slice(start, start + INSERT_BATCH);
      const width = batch[0]!.length;
      const values = batch.map((_, r) => `(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(', ')})`).join(', ');
      await client.query(
        `insert into content_items (program_id, menu, category_id, sub_category_id, title, subtitle, body, link, video_url, status, order_index) values ${values}`,
        batch.flat(),
      );
    }
    await client.query('commit');
    await client.query('analyze content_items, content_categories, content_sub_categories');
    return { items, categories: categoryCount, seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

export interface ContentCase {
  route: string;
  paths: readonly string[];
  connections: number;
  /** Sent with every request besides the caller's token (If-None-Match, Accept-Encoding). */
  headers?: Record<string, string>;
  /** The answer every request must get when it is not 2xx (304). */
  expectStatus?: number;
  /** Who asks: the patient (the app) or the staff member (the lists). */
  caller: 'patient' | 'staff';
  target: { percentile: 95 | 99; ms: number };
}

/** The patient's app token (POST /api/app/login). */
export async function appLogin(base: string): Promise<string> {
  const response = await fetch(`${base}/api/app/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: CONTENT_PATIENT_EMAIL, password: 'Demo1234' }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`the app login of ${CONTENT_PATIENT_EMAIL} answered ${response.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { data: { token: string } }).data.token;
}

/** The cases, with the current ETag and a category of the big list read from the server. */
export async function contentCases(base: string, tokens: { patient: string; staff: string }): Promise<{ cases: ContentCase[]; notes: string[] }> {
  const notes: string[] = [];
  const first = await fetch(`${base}/api/app/content`, { headers: { authorization: `Bearer ${tokens.patient}` }, signal: AbortSignal.timeout(60_000) });
  const body = await first.text();
  if (first.status !== 200) throw new Error(`/api/app/content answered ${first.status}: ${body.slice(0, 300)}`);
  const etag = first.headers.get('etag');
  if (!etag) throw new Error('/api/app/content answered without an ETag');
  const data = (JSON.parse(body) as { data: { menus: { key: string; items?: unknown[] }[] } }).data;
  const itemCount = data.menus.reduce((n, m) => n + (m.items?.length ?? 0), 0);
  notes.push(`/api/app/content: ${itemCount.toLocaleString('en-US')} items in ${data.menus.length} menus, ${Buffer.byteLength(body).toLocaleString('en-US')} bytes of JSON`);

  const app = (route: string, extra: Partial<ContentCase>): ContentCase => ({
    route,
    paths: ['/api/app/content'],
    connections: CONTENT_CONNECTIONS,
    caller: 'patient',
    target: { percentile: 99, ms: APP_CONTENT_TARGET_P99_MS },
    ...extra,
  });
  const cases: ContentCase[] = [
    app('/api/app/content 200 (app content, full answer)', {}),
    // One patient at a time: the answer's own time, without the queue of 1 MB answers on two cores.
    app('/api/app/content 200 (app content, full answer, 1 conn.)', { connections: 1 }),
    app('/api/app/content 200 (app content, brotli)', { headers: { 'accept-encoding': 'br, gzip' } }),
    app('/api/app/content 304 (app content, If-None-Match)', { headers: { 'if-none-match': etag }, expectStatus: 304 }),
  ];

  const docs = await fetch(`${base}/api/docs/json`, { headers: { authorization: `Bearer ${tokens.staff}` }, signal: AbortSignal.timeout(30_000) });
  const documented = new Set(Object.keys(((await docs.json()) as { paths: Record<string, unknown> }).paths));
  const served = CONTENT_LISTS.filter((t) => documented.has(`/api/content/${t.key}`));
  if (served.length === 0) {
    notes.push('/api/content/<type>: the content lists are not served by this build; not measured');
    return { cases, notes };
  }
  const list = `/api/content/${BIG_LIST}`;
  const categoryId = await firstCategoryId(base, tokens.staff);
  const list10 = (query: string) => `${list}?page=1&perPage=10${query}`;
  const lists = (route: string, paths: string[]): ContentCase => ({
    route,
    paths,
    connections: CONTENT_CONNECTIONS,
    caller: 'staff',
    target: { percentile: 95, ms: CONTENT_LIST_TARGET_P95_MS },
  });
  cases.push(
    lists(`${list} first pages (1,000 items; 10, 50, page 20)`, [list10(''), `${list}?page=1&perPage=50`, `${list}?page=20&perPage=10`]),
    lists(`${list} search + category filter`, [...WORDS.slice(0, 5).map((w) => list10(`&search=${encodeURIComponent(w)}`)), ...(categoryId ? [list10(`&category_id=${categoryId}`)] : [])]),
    lists(`/api/content/<type> first page, ${served.length - 1} other types`, served.filter((t) => t.key !== BIG_LIST).map((t) => `/api/content/${t.key}?page=1&perPage=10`)),
  );
  return { cases, notes };
}

/** A category of the big list (the generic categories' list, partitioned by menu). */
async function firstCategoryId(base: string, token: string): Promise<number | null> {
  const response = await fetch(`${base}/api/content/content-categories?menu=${BIG_LIST}&page=1&perPage=5`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(30_000) });
  if (response.status !== 200) {
    await response.body?.cancel();
    return null;
  }
  const page = (await response.json()) as { data: { data: { id: number }[] } };
  return page.data.data[0]?.id ?? null;
}

interface MeasuredRow {
  route: string;
  p50: number;
  p95: number | null;
  p99: number;
  requestsPerSecond: number;
}

/** PASS/FAIL of each case against its target; false when any missed. */
export function printContentVerdicts(rows: readonly MeasuredRow[], cases: readonly ContentCase[], notes: readonly string[], seeded: string): boolean {
  console.log('');
  console.log(
    `Content (PostgreSQL, ${seeded}, ${CONTENT_CONNECTIONS} connections; targets: app content p99 < ${APP_CONTENT_TARGET_P99_MS} ms, ` +
      `content lists p95 < ${CONTENT_LIST_TARGET_P95_MS} ms):`,
  );
  let passed = true;
  for (const contentCase of cases) {
    const row = rows.find((r) => r.route === contentCase.route);
    if (!row) {
      passed = false;
      console.log(`FAIL  ${contentCase.route}: not measured`);
      continue;
    }
    const value = contentCase.target.percentile === 99 ? row.p99 : row.p95;
    const pass = value !== null && value < contentCase.target.ms;
    passed &&= pass;
    const figures = `p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95 === null ? '-' : row.p95.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms, ${Math.round(row.requestsPerSecond)} req/s`;
    console.log(`${pass ? 'PASS' : 'FAIL'}  ${contentCase.route}: ${figures} (target p${contentCase.target.percentile} < ${contentCase.target.ms} ms)`);
  }
  for (const note of notes) console.log(`      ${note}`);
  return passed;
}
