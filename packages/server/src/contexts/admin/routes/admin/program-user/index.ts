import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  PROGRAM_USER_MESSAGES as MESSAGES,
  TWO_FACTOR_RESET_MESSAGES,
  programUserExportQuery,
  programUserIdBody,
  programUserMessageResponse,
  programUserResource,
  programUserUpdatePasswordBody,
  reportExportResponse,
  resetTwoFactorBody,
} from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';
import { resetSecondFactor, sendAccountPasswordLink } from '../../../../identity';
import { resourceRoutes } from '../../../../platform/resource-kit';
import { PROGRAM_USERS_EXPORT } from '../../../plugins/program-users-admin-export';

const config = { access: 'super_admin', permission: 'program_users' } as const;
const tags = ['Admin'];
const entity = programUserResource.entity;

/**
 * Mails the user a fresh invitation: links sent before stop working, so only the newest one sets the
 * password. Sent after the write committed (the link must point at a saved account).
 */
async function invite(fastify: FastifyInstance, request: FastifyRequest, id: number) {
  const contact = await fastify.authLinks.accountById(id);
  if (!contact) throw fastify.httpErrors.notFound(MESSAGES.notFound);
  await fastify.db.transaction((tx) => fastify.authLinks.voidAll(tx, { accountId: id }, ['invite', 'set'], fastify.clock.now()));
  await sendAccountPasswordLink(fastify, request, contact, 'invite');
}

/**
 * Program users for super admins with program_users (id 48 always): the kit's list (search over name,
 * e-mail and username; program and status filters), show, store (e-mails the invitation), update,
 * toggle-status (switching off ends the user's sessions) and soft delete; beside them update-password,
 * reset-security, resend-invite, reset-two-factor and the Excel export.
 */
export default resourceRoutes(programUserResource, {
  repository: (fastify) => fastify.programUsersAdmin,
  tags,
  afterStore: async (request, item) => invite(request.server, request, item.id),
  extend(fastify) {
    const app = fastify.withTypeProvider<ValibotTypeProvider>();
    const users = fastify.programUsersAdmin;
    const audit = (request: FastifyRequest, action: string, id: number) =>
      fastify.audit.record(request, { action: `${programUserResource.name}.${action}`, entity, entityId: id });
    /** The live user the body names, or 404. */
    const existing = async (request: FastifyRequest, id: number) => {
      const user = await users.find(request.scope, id);
      if (!user) throw fastify.httpErrors.notFound(MESSAGES.notFound);
      return user;
    };

    app.get(
      '/export',
      { config, schema: { querystring: programUserExportQuery, response: { 202: reportExportResponse }, tags } },
      async (request, reply) => fastify.reportExports.send(request, reply, PROGRAM_USERS_EXPORT, request.query),
    );

    // The super admin sets the password (identity's passwords: every session of the user ends; audited as password.change).
    app.post(
      '/update-password',
      { config, schema: { body: programUserUpdatePasswordBody, response: { 200: programUserMessageResponse }, tags } },
      async (request) => {
        const { id, password } = request.body;
        await existing(request, id);
        await fastify.passwords.change(request, id, { password });
        return { message: MESSAGES.passwordUpdated };
      },
    );

    app.post(
      '/reset-security',
      { config, schema: { body: programUserIdBody, response: { 200: programUserMessageResponse }, tags } },
      async (request) => {
        const { id } = request.body;
        if (!(await users.resetSecurity(id))) throw fastify.httpErrors.notFound(MESSAGES.notFound);
        await audit(request, 'reset-security', id);
        return { message: MESSAGES.securityReset };
      },
    );

    app.post(
      '/resend-invite',
      { config, schema: { body: programUserIdBody, response: { 200: programUserMessageResponse }, tags } },
      async (request) => {
        const { id } = request.body;
        await existing(request, id);
        await invite(fastify, request, id);
        await audit(request, 'resend-invite', id);
        return { message: MESSAGES.inviteSent };
      },
    );

    // A user who lost their authenticator and their recovery codes (identity's reset: sessions end, audited as mfa.reset, e-mailed).
    app.post(
      '/reset-two-factor',
      { config, schema: { body: resetTwoFactorBody, response: { 200: programUserMessageResponse }, tags } },
      async (request) => {
        const { id } = request.body;
        await existing(request, id);
        await resetSecondFactor(fastify, request, id);
        return { message: TWO_FACTOR_RESET_MESSAGES.reset };
      },
    );
  },
});
