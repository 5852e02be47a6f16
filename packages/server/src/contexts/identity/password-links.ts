/**
 * Issuing an e-mailed link and sending its message, in one call (after any transaction that created
 * its owner has committed: the message leaves at once): for an account (reset, set, invite
 * its password; confirm its address) or a patient (reset or set the app password). Other features
 * (e.g. creating a program user) call these too, so every link is built and worded the same way.
 * Every link works for the configured lifetime (PASSWORD_LINK_TTL_MINUTES, see config.ts).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountContact, PatientContact } from './plugins/auth-links-repository';
import type { OutgoingMail } from '../platform/mail';
import { confirmEmailLink, resetPasswordLink } from './mail-links';
import {
  confirmEmailMail,
  patientResetPasswordMail,
  patientSetPasswordMail,
  programUserInviteMail,
  programUserSetPasswordMail,
  staffResetPasswordMail,
} from './mail-templates';

/** 'now' waits for the message to be accepted (and fails with it); 'later' answers at once (see Mailer.sendLater). */
export type Delivery = 'now' | 'later';

async function deliver(fastify: FastifyInstance, request: FastifyRequest, mail: OutgoingMail, delivery: Delivery) {
  if (delivery === 'later') fastify.mailer.sendLater(mail, request.log);
  else await fastify.mailer.send(mail, request.log);
}

/**
 * A password link for an account: 'reset' (forgot password), 'set' (a new account's first password)
 * or 'invite' (a program user asked to join). Program users' links and first-password links carry isProgramUser=yes.
 */
export async function sendAccountPasswordLink(
  fastify: FastifyInstance,
  request: FastifyRequest,
  account: AccountContact,
  purpose: 'reset' | 'set' | 'invite',
  { delivery = 'now', invitedBy }: { delivery?: Delivery; invitedBy?: string | null } = {},
): Promise<void> {
  const now = fastify.clock.now();
  const token = await fastify.authLinks.issue(fastify.db, { accountId: account.id }, purpose, now, fastify.config.passwordLinkTtlMinutes);
  // isProgramUser=yes makes the page read SET PASSWORD: a program user's links, and any account's first password
  // (a new program's account is set up by the same page as its staff).
  const isProgramUser = account.type === 'program_user' || purpose !== 'reset';
  const link = resetPasswordLink(fastify.config.publicUrl, { token, isProgramUser });
  const programName = account.programTitle ?? 'Your program';
  const ttlMinutes = fastify.config.passwordLinkTtlMinutes;
  const content =
    purpose === 'reset'
      ? staffResetPasswordMail({ name: account.name, link, ttlMinutes })
      : purpose === 'set'
        ? programUserSetPasswordMail({ name: account.name, link, programName, ttlMinutes })
        : programUserInviteMail({ name: account.name, link, programName, invitedBy, ttlMinutes });
  await deliver(fastify, request, { ...content, to: account.email }, delivery);
}

/** A patient's link to the app password: 'set' for a first password (new_patient=1), else 'reset'. */
export async function sendPatientPasswordLink(
  fastify: FastifyInstance,
  request: FastifyRequest,
  patient: PatientContact & { email: string },
  purpose: 'reset' | 'set',
  { delivery = 'now' }: { delivery?: Delivery } = {},
): Promise<void> {
  const now = fastify.clock.now();
  const token = await fastify.authLinks.issue(fastify.db, { patientId: patient.id }, purpose, now, fastify.config.passwordLinkTtlMinutes);
  const link = resetPasswordLink(fastify.config.publicUrl, {
    token,
    patientId: patient.id,
    email: patient.email,
    newPatient: purpose === 'set',
  });
  const details = { name: patient.name, link, programName: patient.programTitle, ttlMinutes: fastify.config.passwordLinkTtlMinutes };
  const content = purpose === 'set' ? patientSetPasswordMail(details) : patientResetPasswordMail(details);
  await deliver(fastify, request, { ...content, to: patient.email }, delivery);
}

/** The link that confirms a self-registered account's address. */
export async function sendEmailConfirmation(
  fastify: FastifyInstance,
  request: FastifyRequest,
  account: Pick<AccountContact, 'id' | 'email' | 'name' | 'programTitle'>,
  { delivery = 'now' }: { delivery?: Delivery } = {},
): Promise<void> {
  const now = fastify.clock.now();
  const token = await fastify.authLinks.issue(fastify.db, { accountId: account.id }, 'verify', now, fastify.config.passwordLinkTtlMinutes);
  const link = confirmEmailLink(fastify.config.publicUrl, token, account.id);
  const content = confirmEmailMail({
    name: account.name,
    link,
    programName: account.programTitle ?? 'your practice',
    ttlMinutes: fastify.config.passwordLinkTtlMinutes,
  });
  await deliver(fastify, request, { ...content, to: account.email }, delivery);
}

/** The key of an e-mail address in the shared request counters (a digest, never the address itself). */
export const emailCounterKey = (email: string): string =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
