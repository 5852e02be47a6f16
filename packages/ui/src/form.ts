/**
 * Forms: react-hook-form validated by a valibot schema (from @baridesk/contracts), and the server's
 * field errors put back on the fields (spec section 5: "When the server returns a map of field
 * errors, they are set on the form fields; otherwise a notification…").
 */
import { useForm, type FieldValues, type Path, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import type * as v from 'valibot';

// valibot's schema type with its input and output; the resolver wants an object input.
type ObjectSchema = v.GenericSchema<FieldValues, FieldValues> | v.GenericSchemaAsync<FieldValues, FieldValues>;

export type ValibotFormReturn<TSchema extends ObjectSchema> = UseFormReturn<
  v.InferInput<TSchema>,
  unknown,
  v.InferOutput<TSchema>
>;

/** `useForm` validated by `schema`; `handleSubmit` hands over the schema's (transformed) output. */
export function useValibotForm<TSchema extends ObjectSchema>(
  schema: TSchema,
  options: Omit<UseFormProps<v.InferInput<TSchema>, unknown, v.InferOutput<TSchema>>, 'resolver'> = {},
): ValibotFormReturn<TSchema> {
  return useForm<v.InferInput<TSchema>, unknown, v.InferOutput<TSchema>>({
    mode: 'onTouched',
    ...options,
    resolver: valibotResolver(schema),
  });
}

function fieldErrorsOf(error: unknown): Record<string, string[]> | undefined {
  if (typeof error !== 'object' || error === null || !('errors' in error)) return undefined;
  const { errors } = error as { errors: unknown };
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return undefined;
  const entries = Object.entries(errors).filter(
    (entry): entry is [string, string[]] =>
      Array.isArray(entry[1]) && entry[1].length > 0 && entry[1].every((message) => typeof message === 'string'),
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

type SetErrorTarget<T extends FieldValues> = Pick<UseFormReturn<T, unknown, FieldValues>, 'setError'>;

/**
 * Puts a failed call's field errors (`error.errors`, keyed by dotted field path) on the form and
 * focuses the first one. Answers false when the error carries none, so the caller shows a notice.
 * Messages for no field (key "_") become the form's root error (`formState.errors.root.server`).
 */
export function applyServerErrors<T extends FieldValues>(form: SetErrorTarget<T>, error: unknown): boolean {
  const errors = fieldErrorsOf(error);
  if (!errors) return false;
  let first = true;
  for (const [name, messages] of Object.entries(errors)) {
    const message = messages.join(' ');
    if (name === '_') {
      form.setError('root.server', { type: 'server', message });
      continue;
    }
    form.setError(name as Path<T>, { type: 'server', message }, { shouldFocus: first });
    first = false;
  }
  return true;
}
