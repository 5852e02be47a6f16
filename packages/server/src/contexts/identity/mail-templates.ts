/**
 * The e-mails BariDesk sends around passwords and sign-up. Each returns the subject, the plain-text
 * and the HTML part (see ./layout). Names and program titles come from the database: they are escaped
 * in the HTML and kept on one line in the subject.
 */
import { type MailContent, renderMail } from '../platform/mail';

/** A value for a subject line: one line, no control characters, not overly long. */
const oneLine = (value: string, max = 120): string =>
  // eslint-disable-next-line no-control-regex
  value.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, max);

const validity = (minutes: number) => `The link works once and expires in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
const notYou = 'If you did not ask for this, you can ignore this e-mail: nothing changes until the link is used.';

export interface LinkMail {
  /** The person's name, for the greeting. */
  name?: string | null;
  link: string;
  /** How long the link works (the server's PASSWORD_LINK_TTL_MINUTES). */
  ttlMinutes: number;
}

export interface ProgramLinkMail extends LinkMail {
  /** The program (practice) the person belongs to. */
  programName: string;
}

/** Forgot password: a staff member (program account, program user or super admin). */
export function staffResetPasswordMail({ name, link, ttlMinutes }: LinkMail): MailContent {
  return renderMail('Reset your BariDesk password', {
    greetingName: name,
    intro: ['We received a request to reset the password of your BariDesk account.', validity(ttlMinutes)],
    action: { label: 'Reset password', href: link },
    outro: [notYou],
  });
}

/** A new patient of a program: choose the password of the patient app. */
export function patientSetPasswordMail({ name, link, programName, ttlMinutes }: ProgramLinkMail): MailContent {
  const program = oneLine(programName);
  return renderMail(`Set your password for the ${program} app`, {
    greetingName: name,
    intro: [
      `${program} has set up your account in its patient app. Choose a password to start using it.`,
      validity(ttlMinutes),
    ],
    action: { label: 'Set password', href: link },
    outro: ['If you were not expecting this e-mail, please contact your program.'],
  });
}

/** Forgot password in the patient app. */
export function patientResetPasswordMail({ name, link, programName, ttlMinutes }: ProgramLinkMail): MailContent {
  const program = oneLine(programName);
  return renderMail(`Reset your password for the ${program} app`, {
    greetingName: name,
    intro: [`We received a request to reset the password you use in the ${program} patient app.`, validity(ttlMinutes)],
    action: { label: 'Reset password', href: link },
    outro: [notYou],
  });
}

/** A new program user: choose the password of the BariDesk account. */
export function programUserSetPasswordMail({ name, link, programName, ttlMinutes }: ProgramLinkMail): MailContent {
  const program = oneLine(programName);
  return renderMail('Set your BariDesk password', {
    greetingName: name,
    intro: [`${program} has created a BariDesk account for you. Choose a password to sign in.`, validity(ttlMinutes)],
    action: { label: 'Set password', href: link },
    outro: ['If you were not expecting this e-mail, please contact your program administrator.'],
  });
}

/** A program user invited (or invited again) to join a program's team. */
export function programUserInviteMail({
  name,
  link,
  programName,
  invitedBy,
  ttlMinutes,
}: ProgramLinkMail & { invitedBy?: string | null }): MailContent {
  const program = oneLine(programName);
  const who = invitedBy?.trim() ? `${oneLine(invitedBy)} has invited you` : 'You have been invited';
  return renderMail(`You are invited to join ${program} on BariDesk`, {
    greetingName: name,
    intro: [`${who} to join the ${program} team on BariDesk. Accept the invitation by choosing your password.`, validity(ttlMinutes)],
    action: { label: 'Accept invitation', href: link },
    outro: ['If you do not know this program, you can ignore this e-mail.'],
  });
}

/** Self-service registration: confirm the address before the first sign-in. */
export function confirmEmailMail({ name, link, programName, ttlMinutes }: ProgramLinkMail): MailContent {
  const program = oneLine(programName);
  return renderMail('Confirm your e-mail address for BariDesk', {
    greetingName: name,
    intro: [
      `Thank you for registering ${program} with BariDesk. Please confirm that this is your e-mail address.`,
      validity(ttlMinutes),
    ],
    action: { label: 'Confirm e-mail address', href: link },
    outro: ['If you did not register, you can ignore this e-mail; the account stays unusable.'],
  });
}

/** After a password was set through a link: tells the owner, in case it was not them. */
export function passwordChangedMail({ name, loginLink }: { name?: string | null; loginLink: string }): MailContent {
  return renderMail('Your BariDesk password was changed', {
    greetingName: name,
    intro: [
      'The password of your BariDesk account has just been changed, and every signed-in session was ended.',
      'If this was not you, reset your password at once and tell your program administrator.',
    ],
    action: { label: 'Log in', href: loginLink },
  });
}

/**
 * After an administrator removed the account's second factor (a lost phone and lost recovery codes):
 * tells the owner, so a reset they did not ask for does not go unnoticed.
 */
export function secondFactorResetMail({ name, loginLink }: { name?: string | null; loginLink: string }): MailContent {
  return renderMail('Your BariDesk two-step sign-in was reset', {
    greetingName: name,
    intro: [
      'An administrator has reset the two-step sign-in of your BariDesk account: your authenticator app and your recovery codes no longer work, and every signed-in session was ended.',
      'At your next sign-in you will be asked to set up an authenticator app again if your program or role requires it.',
      'If you did not ask for this, tell your program administrator at once.',
    ],
    action: { label: 'Log in', href: loginLink },
  });
}
