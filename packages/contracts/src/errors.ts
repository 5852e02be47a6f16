/**
 * The one error shape of BariDesk: every failed API call answers `{ message, errors? }`, where `errors`
 * maps a field (dotted path) to its messages. The front ends put those messages on the form fields,
 * or show `message` in a notification (fallback "Error"), or list them as bullets.
 */
import * as v from 'valibot';
import { GENERIC_ERROR, VALIDATION_ERROR_NOTICE } from './messages';

/** Messages per field, keyed by dotted path ("address.city", "items.0.name"); root-level ones under "_". */
export type FieldErrors = Record<string, string[]>;

/** The body of every failed API call. */
export type ApiError = { message: string; errors?: FieldErrors };

/** The key of messages that belong to no field (an issue of the whole input). */
export const ROOT_ERROR_KEY = '_';

/** The valibot schema of ApiError (for the front ends reading a failed response). */
export const apiErrorSchema = v.object({
  message: v.string(),
  errors: v.optional(
    v.pipe(
      // valibot's record takes arrays too (and copies them into an object); a field-error map never is one.
      v.unknown(),
      v.check((value) => !Array.isArray(value), 'Invalid type: Expected a map of field errors'),
      v.record(v.string(), v.array(v.string())),
    ),
  ),
});

/**
 * Groups valibot issues by the dotted path of the field they concern (`v.getDotPath`); issues of the
 * whole input go under "_". Keeps the order of the issues and drops repeated messages of a field.
 */
export function toFieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const grouped = new Map<string, string[]>();
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? ROOT_ERROR_KEY;
    const messages = grouped.get(key);
    if (messages === undefined) grouped.set(key, [issue.message]);
    else if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  // Object.fromEntries defines own properties, so a key such as "__proto__" stays a plain key.
  return Object.fromEntries(grouped);
}

/** The first message of the first field, or undefined when there is none. */
export function firstMessage(errors: FieldErrors | null | undefined): string | undefined {
  return errorList(errors)[0];
}

/** Every message, field after field, for the bulleted list the UI shows. */
export function errorList(errors: FieldErrors | null | undefined): string[] {
  if (!errors) return [];
  return Object.values(errors).flat();
}

/** An ApiError carrying field errors; its message is the form's validation notice unless told. */
export function toApiError(errors: FieldErrors, message: string = VALIDATION_ERROR_NOTICE): ApiError {
  return { message, errors };
}

/**
 * The message to show for a failed call: the response's `message` when it has a non-blank one,
 * else "Something went wrong please try again in few minutes." (or `fallback`).
 */
export function errorMessageOf(body: unknown, fallback: string = GENERIC_ERROR): string {
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return fallback;
}

export type ParseOrErrorsResult<TSchema extends v.GenericSchema> =
  | { success: true; output: v.InferOutput<TSchema> }
  | { success: false; errors: FieldErrors };

/**
 * Validates `input` and answers either the output or the field errors. The pipe of each schema stops
 * at its first problem (`abortPipeEarly`), so each field reports one message. A consequence: the
 * pipe of an object stops too once any field fails, so object-level checks (passwordsMatch,
 * dateOrder, timeOrder) report only when every field passed.
 */
export function parseOrErrors<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): ParseOrErrorsResult<TSchema> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (result.success) return { success: true, output: result.output };
  return { success: false, errors: toFieldErrors(result.issues) };
}
