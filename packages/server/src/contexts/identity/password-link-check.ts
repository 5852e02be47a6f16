/**
 * Reading an e-mailed password link back: the token must be a usable reset, set or invite link (see
 * AuthLinksRepository.findValid), of the expected kind of owner, and agree with the link's other
 * query parameters. Any mismatch gets the one 410 answer, so a guess learns nothing.
 */
import type { FastifyInstance } from 'fastify';
import { AUTH_FLOW_MESSAGES, type PasswordLinkFlow } from '@baridesk/contracts';
import type { AccountContact, PatientContact, ValidLink } from './plugins/auth-links-repository';

export const PASSWORD_LINK_PURPOSES = ['reset', 'set', 'invite'] as const;

export type CheckedLink = ValidLink & { flow: PasswordLinkFlow; email: string } & (
    | { account: AccountContact; patient: null }
    | { account: null; patient: PatientContact & { email: string } }
  );

export const invalidLink = (fastify: FastifyInstance) => fastify.httpErrors.gone(AUTH_FLOW_MESSAGES.invalidLink);

export async function findPasswordLink(
  fastify: FastifyInstance,
  token: string,
  expect: { owner: 'account' | 'patient' | 'any'; patientId?: number | undefined; email?: string | undefined },
): Promise<CheckedLink> {
  const link = await fastify.authLinks.findValid(token, PASSWORD_LINK_PURPOSES, fastify.clock.now());
  if (!link) throw invalidLink(fastify);
  const flow = link.purpose as PasswordLinkFlow;
  if (link.accountId !== null) {
    if (expect.owner === 'patient' || expect.patientId !== undefined) throw invalidLink(fastify);
    const account = await fastify.authLinks.accountById(link.accountId);
    if (!account) throw invalidLink(fastify);
    return { ...link, flow, email: account.email, account, patient: null };
  }
  if (link.patientId === null || expect.owner === 'account') throw invalidLink(fastify);
  if (expect.patientId !== undefined && expect.patientId !== link.patientId) throw invalidLink(fastify);
  const patient = await fastify.authLinks.patientById(link.patientId);
  if (!patient?.email) throw invalidLink(fastify);
  if (expect.email !== undefined && expect.email.toLowerCase() !== patient.email.toLowerCase()) throw invalidLink(fastify);
  return { ...link, flow, email: patient.email, account: null, patient: { ...patient, email: patient.email } };
}
