import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { applyServerErrors } from './form';

/**
 * How the outcome is told: pass @baridesk/api-client's `notifySuccess` and `notifyError`. The hook is a
 * form hook, so it lives here beside applyServerErrors; the notices read the client's errors, so they
 * live in the client. @baridesk/ui does not depend on the client, nor the client (no React, no forms)
 * on ui: the caller, which uses both, hands the notices over and neither package gains a dependency.
 */
export type FormSubmitNotices = {
  /** Shows the server's success message. */
  notifySuccess: (message: string) => void;
  /** Shows a failed call that carries no field errors. */
  notifyError: (error: unknown) => void;
};

export type FormSubmitOptions<TSaved> = FormSubmitNotices & {
  /**
   * After the success notice, e.g. to close the modal. A promise is awaited: the form stays submitting
   * until it settles, and its failure is handled like the save's.
   */
  onSaved?: (saved: TSaved) => void | Promise<unknown>;
};

type SubmitTarget<TInput extends FieldValues, TOutput extends FieldValues> = Pick<
  UseFormReturn<TInput, unknown, TOutput>,
  'handleSubmit' | 'setError'
>;

/**
 * The submit handler of a form that saves through one call answering `{ message }` (spec section 5):
 * the valid values go to `save`; on success the server's message is shown and `onSaved` runs; on
 * failure the server's field errors go under their fields (applyServerErrors), any other failure is
 * a notice, and the form stays as the user filled it in. Returns `form.handleSubmit(…)`, for the
 * form's onSubmit. Call it while rendering, like a hook: the handler it returns uses that render's `save`.
 */
export function useFormSubmit<TInput extends FieldValues, TOutput extends FieldValues, TSaved extends { message: string }>(
  form: SubmitTarget<TInput, TOutput>,
  save: (values: TOutput) => Promise<TSaved>,
  { notifySuccess, notifyError, onSaved }: FormSubmitOptions<TSaved>,
) {
  return form.handleSubmit(async (values) => {
    try {
      const saved = await save(values);
      notifySuccess(saved.message);
      await onSaved?.(saved);
    } catch (error) {
      if (!applyServerErrors(form, error)) notifyError(error);
    }
  });
}
