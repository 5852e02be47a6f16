/**
 * The routes the suites walk: every operation of the app's own OpenAPI document (GET /api/docs/json),
 * joined with the options the route registered (config.access). A route that lands in the code lands in
 * the document, so it is in every suite the day it appears.
 */
import type { RouteOptions } from 'fastify';
import type { Access } from '../../lib/scope';
import type { TestApp } from '../../test/app';

/** The small part of JSON Schema the contracts' valibot schemas turn into (see lib/valibot.ts). */
export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  nullable?: boolean;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  schema: JsonSchema;
}

export interface CatalogueRoute {
  method: Method;
  /** As the document writes it: /api/patients/{id}. */
  path: string;
  /** "GET /api/patients/{id}": the key of every table in the suites. */
  key: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body's properties (an allOf merged), or null when the route documents no JSON body. */
  body: Record<string, JsonSchema> | null;
  access: Access;
  /** The route's own options, for rules a suite reads from them (config.area once routes declare it). */
  config: Record<string, unknown>;
}

interface OpenApiOperation {
  parameters?: { name: string; in: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** The documented routes of a running test app, sorted by key. */
export async function catalogue(t: Pick<TestApp, 'call' | 'routes'>): Promise<CatalogueRoute[]> {
  const res = await t.call({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`The OpenAPI document answered ${res.statusCode}.`);
  const paths = res.json().paths as Record<string, Record<string, OpenApiOperation>>;
  const options = new Map<string, RouteOptions>();
  for (const route of t.routes) for (const method of [route.method].flat()) options.set(`${method} ${route.url}`, route);
  const routes: CatalogueRoute[] = [];
  for (const [path, operations] of Object.entries(paths)) {
    for (const [lower, operation] of Object.entries(operations)) {
      const method = lower.toUpperCase() as Method;
      const key = `${method} ${path}`;
      // The document writes {id} where Fastify's route table writes :id.
      const registered = options.get(`${method} ${path.replace(/\{([^}]+)\}/g, ':$1')}`);
      if (!registered) throw new Error(`${key} is documented but no route has that method and URL.`);
      const parameters = (operation.parameters ?? []).map((p) => ({ name: p.name, in: p.in as Parameter['in'], schema: p.schema ?? {} }));
      const json = operation.requestBody?.content?.['application/json']?.schema;
      const config = (registered.config ?? {}) as Record<string, unknown>;
      routes.push({
        method,
        path,
        key,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body: json ? propertiesOf(json) : null,
        access: (config.access as Access | undefined) ?? 'staff',
        config,
      });
    }
  }
  return routes.sort((a, b) => a.key.localeCompare(b.key));
}

function propertiesOf(schema: JsonSchema): Record<string, JsonSchema> {
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map(propertiesOf)) as Record<string, JsonSchema>;
  return { ...schema.properties };
}

/** A field that names a record: id, ids, patient_id, patientId, completed_by, … */
// hosted_by is the spec's text field of an event (who hosts it), not an account.
export const isIdField = (name: string): boolean => /^(id|ids)$|_id$|Id$|_ids$|_by$/.test(name) && name !== 'hosted_by';

/** Every id-bearing input of a route, as "path:id", "query:patient_id", "body:ids". */
export function idInputs(route: CatalogueRoute): string[] {
  return [
    ...route.pathParams.filter((p) => isIdField(p.name)).map((p) => `path:${p.name}`),
    ...route.queryParams.filter((p) => isIdField(p.name)).map((p) => `query:${p.name}`),
    ...Object.keys(route.body ?? {})
      .filter(isIdField)
      .map((name) => `body:${name}`),
  ];
}

/** The URL of a route with its path parameters filled in and a query string. */
export function urlOf(route: CatalogueRoute, pathValues: Record<string, string>, query?: string): string {
  const path = route.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const value = pathValues[name];
    if (value === undefined) throw new Error(`${route.key}: no value for {${name}}.`);
    return value;
  });
  return query ? `${path}?${query}` : path;
}

/** A deterministic generator (mulberry32): the same sequence every run, so a failure replays exactly. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
