import { HTTPError, TimeoutError } from 'ky';
import { errorList, errorMessageOf, GENERIC_ERROR, type FieldErrors } from '@baridesk/contracts';
import { bus } from '@baridesk/event-bus';

/** Shows a failed call's notice: the server's message (else the generic one) and its field messages as a list. */
export function notifyError(error: unknown, title = 'Error'): void {
  // ky's own messages ("Request failed with status code…") are not meant for users.
  const raw = error instanceof HTTPError || error instanceof TimeoutError;
  const message = raw ? GENERIC_ERROR : errorMessageOf(error);
  const fieldErrors = typeof error === 'object' && error !== null ? (error as { errors?: FieldErrors }).errors : undefined;
  // A field's message that is also the notice's (a single-field 422 often says the same thing twice) is not listed again.
  const errors = errorList(typeof fieldErrors === 'object' ? fieldErrors : undefined).filter((m) => typeof m === 'string' && m !== message);
  bus.emit('notify', { status: 'error', title, message, ...(errors.length > 0 ? { errors } : {}) });
}

export function notifySuccess(message: string, title = 'Success'): void {
  bus.emit('notify', { status: 'success', title, message });
}
