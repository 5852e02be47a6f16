/**
 * Fastify speaks valibot here: route schemas are the contracts' valibot schemas. They validate (and
 * normalise) requests, type the handlers, and are turned into JSON Schema only for the OpenAPI document.
 */
import type { FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import * as v from 'valibot';
import { toJsonSchema } from '@valibot/to-json-schema';
import { toFieldErrors } from '@baridesk/contracts';

export interface ValibotTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends v.GenericSchema ? v.InferOutput<this['schema']> : unknown;
  serializer: this['schema'] extends v.GenericSchema ? v.InferInput<this['schema']> : unknown;
}

/** A request that failed its schema: 422 with the message of the first problem and a map per field. */
export class ValidationError extends Error {
  readonly statusCode = 422;
  readonly code = 'BARIDESK_VALIDATION';
  constructor(readonly errors: Record<string, string[]>) {
    super(Object.values(errors)[0]?.[0] ?? 'The given data was invalid.');
  }
}

const isValibot = (schema: unknown): schema is v.GenericSchema =>
  typeof schema === 'object' && schema !== null && (schema as { kind?: unknown }).kind === 'schema';

export const valibotValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema }) => {
  if (!isValibot(schema)) throw new Error('Route schemas must be valibot schemas from @baridesk/contracts.');
  const objectLike = schema.type === 'object' || schema.type === 'strict_object' || schema.type === 'loose_object';
  return (data: unknown) => {
    // A request without a body reaches the validator as null; let each missing field speak for itself.
    const input = data === null && objectLike ? {} : data;
    const result = v.safeParse(schema, input, { abortPipeEarly: true });
    if (result.success) return { value: result.output };
    return { error: new ValidationError(toFieldErrors(result.issues)) };
  };
};

/** Responses are plain JSON; their schemas exist for the documentation only. */
export const jsonSerializerCompiler = () => (data: unknown) => JSON.stringify(data);

/** @fastify/swagger transform: valibot schemas become JSON Schema in the OpenAPI document. */
export function openApiTransform({ schema, url }: { schema: Record<string, unknown> | undefined; url: string }) {
  if (!schema) return { schema, url };
  const out: Record<string, unknown> = { ...schema };
  for (const key of ['body', 'querystring', 'params', 'headers'] as const) {
    if (isValibot(schema[key])) out[key] = toJson(schema[key]);
  }
  const response = schema.response as Record<string, unknown> | undefined;
  if (response) {
    out.response = Object.fromEntries(
      Object.entries(response).map(([status, s]) => [status, isValibot(s) ? toJson(s) : s]),
    );
  }
  return { schema: out, url };
}

function toJson(schema: v.GenericSchema) {
  const json = toJsonSchema(schema, { errorMode: 'ignore' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}
