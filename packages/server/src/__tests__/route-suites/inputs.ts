/**
 * Inputs made from a route's documented schema: a plain well-formed value for each field (the base the
 * bad inputs spoil one way at a time, and the tenancy suite's bodies), and the spoilt variants themselves.
 */
import { DateTime } from 'luxon';
import { type CatalogueRoute, type JsonSchema, isIdField, seededRandom, urlOf } from './catalogue';

const DATE_FIELD = /date|_on$|^dob$|_from$|_to$|^from$|^to$/;
const PASSWORD_FIELD = /password/;
export const SUITE_PASSWORD = 'Route-Suite-Pass-2026!';

/**
 * A value the schema accepts, as plain as it allows: the first enum value, the empty string where a
 * field may be left empty, a short text, 1 for a number. `name` picks the text for dates and passwords.
 */
export function exampleOf(schema: JsonSchema, name = ''): unknown {
  const hint = NAME_HINTS[name];
  if (hint !== undefined) return hint();
  // "May be left out" is spelled nullable, or anyOf with an [""] or a [null] branch: the plainest valid value.
  if (schema.nullable) return null;
  const enumValue = schema.enum?.find((value) => value !== '');
  if (enumValue !== undefined) return enumValue;
  if (schema.anyOf?.length) {
    if (schema.anyOf.some((branch) => branch.enum?.length === 1 && branch.enum[0] === '')) return '';
    if (schema.anyOf.some((branch) => branch.enum?.length === 1 && branch.enum[0] === null)) return null;
    if (schema.default !== undefined && schema.default !== '') return schema.default;
    const branch = schema.anyOf.find((b) => Object.keys(b).length > 0) ?? {};
    return exampleOf(branch, name);
  }
  if (schema.default !== undefined && schema.default !== '' && !Array.isArray(schema.default)) return schema.default;
  switch (schema.type) {
    case 'number':
    case 'integer':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => exampleOf(schema.items ?? {}, name));
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, s]) => [key, exampleOf(s, key)]));
    case 'string':
      return textFor(schema, name);
    default:
      return 'x';
  }
}

/** Fields whose plain value is not 1 or a short text: a year and month the logs accept, a weight in range. */
const NAME_HINTS: Readonly<Record<string, () => unknown>> = {
  year: () => suiteNow().year,
  month: () => suiteNow().month,
  weight: () => 150,
};

/**
 * Today where the westernmost demo program is (America/Chicago): never a day ahead of any demo program's
 * own today, which a "not in the future" check would refuse (today in UTC is tomorrow in Chicago from
 * midnight UTC to 6 a.m.).
 */
const suiteNow = () => DateTime.now().setZone('America/Chicago');
const suiteToday = (): string => suiteNow().toISODate()!;

function textFor(schema: JsonSchema, name: string): string {
  if (schema.format === 'email') return 'route.suite@example.test';
  if (schema.pattern === '^\\d+$') return '1';
  if (schema.pattern?.startsWith('^-?\\d+')) return '1';
  if (PASSWORD_FIELD.test(name)) return SUITE_PASSWORD;
  if (DATE_FIELD.test(name)) return suiteToday();
  const text = 'Route suite';
  return text.slice(0, schema.maxLength ?? text.length);
}

/** A whole body of plain values: the base of every spoilt body. */
export function exampleBody(properties: Record<string, JsonSchema>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(properties).map(([key, schema]) => [key, exampleOf(schema, key)]));
}

/**
 * A well-formed call of a route: every path parameter 1, every query parameter and body field its plain
 * value, except where `given` answers for an input ("path:id", "query:patient_id", "body:ids"; undefined
 * keeps the plain value). Empty and null query values are left out, as a browser form would.
 */
export function plainRequest(
  route: CatalogueRoute,
  given: (input: string, name: string) => unknown = () => undefined,
): { method: CatalogueRoute['method']; url: string; payload?: Record<string, unknown> } {
  const pick = (input: string, name: string, plain: unknown) => {
    const value = given(input, name);
    return value === undefined ? plain : value;
  };
  const pathValues = Object.fromEntries(route.pathParams.map((p) => [p.name, String(pick(`path:${p.name}`, p.name, '1'))]));
  const query = route.queryParams
    .map((p) => [p.name, pick(`query:${p.name}`, p.name, exampleOf(p.schema, p.name))] as const)
    .filter(([, value]) => value !== '' && value !== null)
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
    .join('&');
  const payload = route.body
    ? Object.fromEntries(Object.entries(exampleBody(route.body)).map(([name, plain]) => [name, pick(`body:${name}`, name, plain)]))
    : undefined;
  return { method: route.method, url: urlOf(route, pathValues, query), ...(payload ? { payload } : {}) };
}

/** The JSON types a schema allows (through anyOf); a wrong value is of none of them. */
function allowedTypes(schema: JsonSchema): Set<string> {
  const types = new Set<string>();
  if (schema.type) types.add(schema.type === 'integer' ? 'number' : schema.type);
  for (const branch of schema.anyOf ?? []) for (const type of allowedTypes(branch)) types.add(type);
  if (schema.enum) for (const value of schema.enum) types.add(value === null ? 'null' : typeof value);
  if (schema.nullable) types.add('null');
  return types;
}

const WRONG_VALUES: readonly [type: string, value: unknown][] = [
  ['object', { $gt: '' }],
  ['array', ['1', '2']],
  ['number', 12345.678],
  ['boolean', false],
  ['string', 'not-what-was-asked'],
  ['null', null],
];

/** A value of a type the schema does not allow, picked by the seeded generator among those. */
export function wrongValueFor(schema: JsonSchema, random: () => number): unknown {
  const allowed = allowedTypes(schema);
  const candidates = WRONG_VALUES.filter(([type]) => !allowed.has(type));
  const pool = candidates.length ? candidates : WRONG_VALUES.slice(0, 2);
  return pool[Math.floor(random() * pool.length)]![1];
}

/** Ids no program owns, or not ids at all: each must be refused, never a 5xx (nor another record). */
export const ODD_IDS: readonly string[] = ['-1', '0', '99999999999999999999', '2147483648', '1.5', '1e3', '%20%31', '0x1', 'abc', '%00', '1%2F2', 'null'];

/** The same odd ids as JSON values in a body. */
export const ODD_ID_VALUES: readonly unknown[] = [-1, 0, 1e20, 2 ** 31, 1.5, ' 1', '1e3', '0x1', 'abc', Number.MAX_SAFE_INTEGER, [1, [2]], {}];

export const IMPOSSIBLE_DATES: readonly string[] = ['2025-02-30', '2025-13-01', '0000-00-00', '99999-01-01', '2025-02-29T25:61:00Z', 'yesterday'];

/** 100 KB and 2 MB texts: the first passes the body limit and must meet the field's own limit; the second must meet the body limit. */
export const KB_100 = 'a'.repeat(100 * 1024);
export const MB_2 = 'b'.repeat(2 * 1024 * 1024);
export const NUL_TEXT = 'before\u0000after';

/** One request a suite sends: a body given as a value (sent as JSON) or as raw bytes with its content type. */
export interface BadRequest {
  /** What was spoilt, for the failure message and the figures. */
  label: string;
  pathValues: Record<string, string>;
  query?: string;
  json?: unknown;
  raw?: { contentType: string; payload: Buffer | string };
}

/** Raw JSON whose text holds bytes that are not UTF-8 (0xFF 0xFE): they must be refused, not stored damaged. */
export function invalidUtf8Json(body: Record<string, unknown>, field: string): Buffer {
  const marker = '@@INVALID@@';
  const text = JSON.stringify({ ...body, [field]: `x${marker}y` });
  const [before, after] = text.split(marker) as [string, string];
  return Buffer.concat([Buffer.from(before, 'utf8'), Buffer.from([0xff, 0xfe]), Buffer.from(after, 'utf8')]);
}

const enc = encodeURIComponent;

/** The name a stored file must never get: an upload that wrote it outside its folder would show here. */
export const ESCAPE_NAME = 'route-suite-escape';

const BOUNDARY = 'route-suite-boundary';

interface Part {
  name: string;
  value: string;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body of the parts, as a browser's form would send it. */
function multipart(parts: readonly Part[]): Buffer {
  const chunks = parts.map(({ name, value, filename, contentType }) => {
    const disposition = `form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}`;
    const type = contentType ? `\r\nContent-Type: ${contentType}` : '';
    return `--${BOUNDARY}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n${value}\r\n`;
  });
  return Buffer.from(`${chunks.join('')}--${BOUNDARY}--\r\n`, 'utf8');
}

/** Hostile upload forms: none, a script claiming to be an image under a name that climbs out, two files, rules out of range. */
const MULTIPART_CASES: readonly (readonly [label: string, parts: readonly Part[]])[] = [
  ['without a file', [{ name: 'a', value: '1' }]],
  ['script as an image, climbing name', [
    { name: 'kind', value: 'image' },
    { name: 'file', value: '<script>alert(1)</script>', filename: `../../${ESCAPE_NAME}.png`, contentType: 'image/png' },
  ]],
  ['two files', [
    { name: 'file', value: 'one', filename: 'a.txt', contentType: 'text/plain' },
    { name: 'file', value: 'two', filename: 'b.txt', contentType: 'text/plain' },
  ]],
  ['rules out of range', [
    { name: 'kind', value: `../../${ESCAPE_NAME}` },
    { name: 'field', value: '__proto__' },
    { name: 'minWidth', value: '-1' },
    { name: 'minHeight', value: '1e400' },
    { name: 'file', value: 'GIF89a', filename: `${'n'.repeat(300)}\u0000.gif`, contentType: 'image/gif' },
  ]],
];

/**
 * The bad requests of one route, made from its schema, the same every run (seeded by the route's key).
 * `valid` gives the well-formed path values the body and query cases are sent with.
 */
export function badRequests(route: CatalogueRoute, valid: Record<string, string>): BadRequest[] {
  const random = seededRandom(hash(route.key));
  const cases: BadRequest[] = [];
  const add = (label: string, extra: Omit<BadRequest, 'label' | 'pathValues'> & { pathValues?: Record<string, string> }) =>
    cases.push({ pathValues: valid, ...extra, label });

  // Path parameters: odd ids, NUL and invalid UTF-8 (percent-encoded, as a client would send them).
  for (const param of route.pathParams) {
    for (const odd of [...ODD_IDS, 'x'.repeat(300)]) add(`path ${param.name}=${odd.slice(0, 20)}`, { pathValues: { ...valid, [param.name]: odd } });
    add(`path ${param.name} invalid UTF-8`, { pathValues: { ...valid, [param.name]: '%FF%FE' } });
  }

  // Query parameters: each one wrong in turn, then every one at once with hostile values.
  const queryNames = route.queryParams.map((p) => p.name);
  for (const param of route.queryParams) {
    const wrong = isIdField(param.name) ? ODD_IDS[Math.floor(random() * ODD_IDS.length)]! : enc(String(wrongScalar(random)));
    add(`query ${param.name} wrong`, { query: `${param.name}=${wrong}` });
    add(`query ${param.name} repeated`, { query: `${param.name}=1&${param.name}=2` });
  }
  if (queryNames.length) {
    const all = (value: string) => queryNames.map((name) => `${name}=${value}`).join('&');
    add('query 100 KB', { query: `${queryNames[0]}=${KB_100}` });
    add('query all NUL', { query: all('a%00b') });
    add('query all invalid UTF-8', { query: all('%FF%FE') });
    add('query all impossible dates', { query: all(enc(IMPOSSIBLE_DATES[0]!)) });
    add('query __proto__', { query: `__proto__[x]=1&constructor[prototype][x]=1&${all('1')}` });
    add('query unknown fields', { query: `${all('1')}&unknown=1&perPage[]=1` });
  }
  if (queryNames.includes('perPage') || queryNames.includes('page') || queryNames.includes('sort')) {
    for (const paging of ['perPage=100000', 'perPage=-5&page=-1', 'page=99999999999&perPage=All', 'sort=unknown&direction=sideways', 'sort=id;drop table patients&direction=desc', 'perPage=1e400&page=1.5']) {
      add(`paging ${paging}`, { query: paging });
    }
  }

  // The body: the whole of it wrong, missing fields, each field wrong in turn, and hostile texts.
  if (route.method !== 'GET') {
    for (const whole of [null, [], 'text', 42, true]) add(`body ${JSON.stringify(whole)}`, { json: whole });
    add('body not JSON', { raw: { contentType: 'application/json', payload: '{"a": ' } });
    add('body form-encoded', { raw: { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=2' } });
    for (const [label, parts] of MULTIPART_CASES) add(`multipart ${label}`, { raw: { contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: multipart(parts) } });
    add('body 2 MB', { raw: { contentType: 'application/json', payload: JSON.stringify({ value: MB_2 }) } });
    add('body __proto__', { raw: { contentType: 'application/json', payload: '{"__proto__": {"isAdmin": true}, "id": 1}' } });
    add('body constructor.prototype', { raw: { contentType: 'application/json', payload: '{"constructor": {"prototype": {"isAdmin": true}}}' } });
  }
  const properties = route.body;
  if (properties && Object.keys(properties).length) {
    const base = exampleBody(properties);
    const names = Object.keys(properties);
    add('body {} (every field missing)', { json: {} });
    // A stray program_id of Lakeview's; a body that declares program_id (a super admin choosing the program
    // of a program user) takes it as its own field, so it is no unknown field there.
    const strayProgram = 'program_id' in properties ? {} : { program_id: 102 };
    add('body well-formed plus unknown fields', { json: { ...base, unknown_field: 'x', ...strayProgram, __proto__field: 1 } });
    for (const name of names) {
      const { [name]: _dropped, ...rest } = base;
      add(`body without ${name}`, { json: rest });
      add(`body ${name} wrong type`, { json: { ...base, [name]: wrongValueFor(properties[name]!, random) } });
    }
    const strings = names.filter((name) => allowedTypes(properties[name]!).has('string'));
    const everyString = (value: string) => ({ ...base, ...Object.fromEntries(strings.map((name) => [name, value])) });
    if (strings.length) {
      add('body strings 100 KB', { json: everyString(KB_100) });
      add('body strings NUL', { json: everyString(NUL_TEXT) });
      add('body strings only spaces', { json: everyString('   ') });
      add('body strings unpaired surrogate', { json: everyString('x\ud800y') });
      for (const name of strings) add(`body ${name} invalid UTF-8`, { raw: { contentType: 'application/json', payload: invalidUtf8Json(base, name) } });
      const dates = strings.filter((name) => DATE_FIELD.test(name));
      for (const date of IMPOSSIBLE_DATES) {
        if (dates.length) add(`body dates ${date}`, { json: { ...base, ...Object.fromEntries(dates.map((name) => [name, date])) } });
      }
    }
    const ids = names.filter(isIdField);
    for (const odd of ids.length ? ODD_ID_VALUES : []) {
      add(`body ids ${JSON.stringify(odd)}`, { json: { ...base, ...Object.fromEntries(ids.map((name) => [name, odd])) } });
    }
    add('body nested __proto__ in a field', {
      raw: { contentType: 'application/json', payload: JSON.stringify(base).replace(/^\{/, '{"x": {"__proto__": {"polluted": 1}},') },
    });
  }
  return cases;
}

function wrongScalar(random: () => number): unknown {
  const values = ['-1', 'abc', '1e400', '[]', '{}', 'true', ' 1 ', '%'];
  return values[Math.floor(random() * values.length)];
}

/** FNV-1a: a route's key as a seed, so each route's choices are its own and stable. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
