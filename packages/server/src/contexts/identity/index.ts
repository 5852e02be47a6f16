/**
 * The identity context's published interface: what other contexts may use of accounts, sessions,
 * sign-in and password links. Its repositories are reached through their decorators (fastify.sessions,
 * fastify.accounts, …), typed by the declarations in plugins/.
 */
export type { Principal } from './principal';
export { ADDRESS_FAILURE_LIMIT, ADDRESS_FAILURE_WINDOW_MINUTES, MESSAGES as AUTH_MESSAGES } from './auth-policy';
export { sendPatientPasswordLink } from './password-links';
export { assertAddressNotThrottled } from './sign-in';
export type { AccountsRepository } from './plugins/accounts-repository';
export type { AuthLinksRepository } from './plugins/auth-links-repository';
export type { ProgramsRepository } from './plugins/programs-repository';
export type { SessionsRepository } from './plugins/sessions-repository';
export { toScope } from './auth-user';
export { sendAccountPasswordLink } from './password-links';
export { ACCOUNT_EMAIL_TAKEN, createAccountResourceRepository, type AccountResourceTable } from './account-resources';
export { resetSecondFactor } from './mfa-reset';
/** An authenticator's code at a time: for other contexts' tests that turn the second factor on through the API. */
export { totpCodeAt } from './mfa';
