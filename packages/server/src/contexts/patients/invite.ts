import type { FastifyInstance, FastifyRequest } from 'fastify';
import { staffScope } from '../../lib/scope';
import { sendPatientPasswordLink } from '../identity';

/** What became of one invitation: sent (or simply recorded), or why not. */
export type InviteOutcome = { invited: true } | { invited: false; reason: 'not found' | 'no e-mail' | 'e-mail failed' };

/**
 * Invites a patient of the caller's program to the app: e-mails the set-password link and records the
 * patient as invited. A patient who already has an app password needs no link: the flag is simply
 * recorded. A failed e-mail leaves is_invited as it was (logged and audited), so inviting again retries.
 * The one invitation of the staff area: the patient record's save and the Never Used App report use it.
 */
export async function invitePatient(fastify: FastifyInstance, request: FastifyRequest, patientId: number): Promise<InviteOutcome> {
  const scope = staffScope(request.scope);
  const contact = await fastify.authLinks.patientById(patientId, scope.programId);
  if (!contact) return { invited: false, reason: 'not found' };
  if (!contact.email) return { invited: false, reason: 'no e-mail' };
  const audit = (success: boolean, detail: Record<string, unknown>) =>
    fastify.audit.record(request, { action: 'patient.invite', entity: 'patient', entityId: patientId, patientId, success, detail });
  if (contact.hasPassword) {
    await fastify.patients.markInvited(scope, patientId);
    await audit(true, { emailed: false, reason: 'already has an app password' });
    return { invited: true };
  }
  try {
    await sendPatientPasswordLink(fastify, request, { ...contact, email: contact.email }, 'set');
  } catch (error) {
    request.log.error({ err: error, patientId }, 'the app invitation could not be e-mailed');
    await audit(false, { emailed: false, reason: 'e-mail failed' });
    return { invited: false, reason: 'e-mail failed' };
  }
  await fastify.patients.markInvited(scope, patientId);
  await audit(true, { emailed: true, purpose: 'set' });
  return { invited: true };
}
