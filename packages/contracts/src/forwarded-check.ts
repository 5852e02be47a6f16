import * as v from 'valibot';

/**
 * A check of two fields of the input, forwarded to `reportKey`. valibot runs it only when neither
 * field has an issue of its own.
 */
export function forwardedCheck<TInput extends Record<string, unknown>>(
  keys: readonly [string, string],
  reportKey: string,
  requirement: (input: Record<string, unknown>) => boolean,
  message: string,
): v.BaseValidation<TInput, TInput, v.BaseIssue<unknown>> {
  type Loose = Record<string, unknown>;
  // The keys are only known at run time, so valibot's typed paths are bypassed here.
  const check = v.partialCheck<Loose, [[string], [string]], Loose, string>(
    [[keys[0]], [keys[1]]] as never,
    requirement,
    message,
  );
  return v.forward<Loose, v.BaseIssue<unknown>, [string]>(check, [reportKey] as never) as unknown as v.BaseValidation<TInput, TInput, v.BaseIssue<unknown>>;
}
