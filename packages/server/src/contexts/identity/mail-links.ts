/** The addresses e-mailed links open: the front end's pages, with the query parameters the specs name. */

export interface ResetLinkParams {
  token: string;
  /** A patient link: the patient's id (`id`) and address (`email`). */
  patientId?: number;
  email?: string;
  /** A program user's link (`isProgramUser=yes`). */
  isProgramUser?: boolean;
  /** A patient's first password (`new_patient=1`). */
  newPatient?: boolean;
}

/** PUBLIC_URL/reset-password?token=…[&id=…&email=…][&isProgramUser=yes][&new_patient=1] */
export function resetPasswordLink(publicUrl: string, params: ResetLinkParams): string {
  const query = new URLSearchParams({ token: params.token });
  if (params.patientId !== undefined) query.set('id', String(params.patientId));
  if (params.email !== undefined) query.set('email', params.email);
  if (params.isProgramUser) query.set('isProgramUser', 'yes');
  if (params.newPatient) query.set('new_patient', '1');
  return `${publicUrl}/reset-password?${query.toString()}`;
}

/** PUBLIC_URL/confirm-email?token=…&id=<account id> */
export function confirmEmailLink(publicUrl: string, token: string, accountId: number): string {
  const query = new URLSearchParams({ token, id: String(accountId) });
  return `${publicUrl}/confirm-email?${query.toString()}`;
}

export const loginLink = (publicUrl: string): string => `${publicUrl}/login`;
