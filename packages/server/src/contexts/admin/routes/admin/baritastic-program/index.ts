import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  PROGRAM_CHOICES,
  PROGRAM_MESSAGES as MESSAGES,
  TWO_FACTOR_RESET_MESSAGES,
  idParams,
  programChoicesResponse,
  programExportQuery,
  programMessageResponse,
  programResource,
  programUpdatePasswordBody,
  programWithTagsResponse,
  programsWithTagsResponse,
  reportExportResponse,
  resetTwoFactorBody,
} from '@baridesk/contracts';
import { hasPermission } from '@baridesk/domain';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';
import { AUTH_MESSAGES, resetSecondFactor, sendAccountPasswordLink } from '../../../../identity';
import { resourceRoutes } from '../../../../platform/resource-kit';
import { PROGRAMS_EXPORT } from '../../../plugins/programs-admin-export';

const config = { access: 'super_admin', permission: 'baritastic_programs' } as const;
const tags = ['Admin'];

/**
 * The programs and their tags are the pickers of the program users' form too: a super admin holding
 * either permission may read them (titles and tag names are no secret among super admins).
 */
const pickerConfig = { access: 'super_admin' } as const;
function assertPickerPermission(fastify: FastifyInstance, request: FastifyRequest) {
  const { scope } = request;
  const holder = { id: scope.accountId, type: scope.type, permissions: scope.permissions };
  if (!hasPermission(holder, 'baritastic_programs') && !hasPermission(holder, 'program_users')) {
    throw fastify.httpErrors.forbidden(AUTH_MESSAGES.missingPermission);
  }
}

/** E-mails a new program's account the link that sets its first password (after the store committed: the link points at a saved account). */
async function sendSetPasswordLink(fastify: FastifyInstance, request: FastifyRequest, id: number) {
  const contact = await fastify.authLinks.accountById(id);
  if (!contact) throw fastify.httpErrors.notFound(MESSAGES.notFound);
  await sendAccountPasswordLink(fastify, request, contact, 'set');
}

/**
 * Programs for super admins with baritastic_programs (id 48 always): the kit's list (search over title,
 * owner, e-mail, programmer code and city; status, program type and tier filters), show, store (creates
 * the program's account and e-mails it a set-password link), update/{id}, toggle-status (switching off
 * ends the program's and its staff's sessions) and soft delete; beside them update-password,
 * reset-two-factor (the program's own account), the Excel export, with-patient-tags[/{id}] and program-types.
 */
export default resourceRoutes(programResource, {
  repository: (fastify) => fastify.programsAdmin,
  tags,
  afterStore: async (request, item) => sendSetPasswordLink(request.server, request, item.id),
  extend(fastify) {
    const app = fastify.withTypeProvider<ValibotTypeProvider>();
    const programs = fastify.programsAdmin;

    app.get(
      '/export',
      { config, schema: { querystring: programExportQuery, response: { 202: reportExportResponse }, tags } },
      async (request, reply) => fastify.reportExports.send(request, reply, PROGRAMS_EXPORT, request.query),
    );

    // The super admin sets the program account's password (identity's passwords: every session of the account ends; audited as password.change).
    app.post(
      '/update-password',
      { config, schema: { body: programUpdatePasswordBody, response: { 200: programMessageResponse }, tags } },
      async (request) => {
        const { id, password } = request.body;
        if (!(await programs.find(request.scope, id))) throw fastify.httpErrors.notFound(MESSAGES.notFound);
        await fastify.passwords.change(request, id, { password });
        return { message: MESSAGES.passwordUpdated };
      },
    );

    // The program's own account lost its authenticator and recovery codes (identity's reset: sessions end, audited as mfa.reset, e-mailed).
    app.post(
      '/reset-two-factor',
      { config, schema: { body: resetTwoFactorBody, response: { 200: programMessageResponse }, tags } },
      async (request) => {
        const { id } = request.body;
        if (!(await programs.find(request.scope, id))) throw fastify.httpErrors.notFound(MESSAGES.notFound);
        await resetSecondFactor(fastify, request, id);
        return { message: TWO_FACTOR_RESET_MESSAGES.reset };
      },
    );

    const picker = { config: pickerConfig, onRequest: async (request: FastifyRequest) => assertPickerPermission(fastify, request) };
    app.get('/with-patient-tags', { ...picker, schema: { response: { 200: programsWithTagsResponse }, tags } }, async () => ({
      data: await programs.withPatientTags(),
    }));

    app.get(
      '/with-patient-tags/:id',
      { ...picker, schema: { params: idParams, response: { 200: programWithTagsResponse }, tags } },
      async (request) => {
        const [program] = await programs.withPatientTags(request.params.id);
        if (!program) throw fastify.httpErrors.notFound(MESSAGES.notFound);
        return { data: program };
      },
    );

    app.get('/program-types', { config, schema: { response: { 200: programChoicesResponse }, tags } }, async () => ({ data: PROGRAM_CHOICES }));
  },
});
