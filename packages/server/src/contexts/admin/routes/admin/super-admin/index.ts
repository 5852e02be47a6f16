import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SUPER_ADMIN_ID, hasPermission } from '@baridesk/domain';
import {
  SUPER_ADMIN_MESSAGES,
  TWO_FACTOR_RESET_MESSAGES,
  idParams,
  messageOnly,
  reportExportResponse,
  required,
  resetTwoFactorBody,
  superAdminChangePasswordBody,
  superAdminExportQuery,
  superAdminResource,
  superAdminSavedResponse,
  superAdminStoreBody,
  superAdminUpdateBody,
  type SuperAdmin,
} from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';
import { ValidationError } from '../../../../../lib/valibot';
import { AUTH_MESSAGES as MESSAGES, resetSecondFactor } from '../../../../identity';
import { resourceRoutes } from '../../../../platform/resource-kit';
import { SUPER_ADMIN_EXPORT } from '../../../plugins/super-admins-export';

const entity = superAdminResource.entity;
const tags = ['Admin'];

/**
 * The kit serves the list and one record; store, update and delete are below, since they also write the
 * password and the permissions held and keep super admin 48 whole. The definition keeps every call's
 * endpoint for the screens.
 */
const listAndShow = {
  ...superAdminResource,
  endpoints: { list: superAdminResource.endpoints.list, show: superAdminResource.endpoints.show },
} as typeof superAdminResource;

/** The fields whose value a save changed (names only), besides the permissions. */
const changedFields = (before: SuperAdmin, after: SuperAdmin) =>
  (Object.keys(superAdminResource.fields) as (keyof SuperAdmin)[]).concat('status').filter((key) => before[key] !== after[key]);

/**
 * Super admins, for super admins with manage_super_admin (id 48 always): GET '' and GET /{id} (the kit),
 * POST '' , PUT /{id}, DELETE /{id}, GET /excel-report, POST /reset-two-factor (another's second factor);
 * PATCH /change-password/{id}, one's own with the current password or another's with manage_super_admin.
 */
export default resourceRoutes(listAndShow, {
  repository: (fastify) => fastify.superAdminsAdmin as never,
  tags,
  extend: async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ValibotTypeProvider>();
    const config = { access: 'super_admin', permission: 'manage_super_admin' } as const;
    const admins = fastify.superAdminsAdmin;
    const record = (request: FastifyRequest, action: string, entityId: number, detail: Record<string, unknown>, success = true) =>
      fastify.audit.record(request, { action: `super-admin.${action}`, entity, entityId, success, detail });
    /** The holder's next request reads the new permissions: this replica's cached sessions go now, the others' on the trigger's notice. */
    const permissionsChanged = (id: number, change: { added: number[]; removed: number[] }) => {
      if (change.added.length + change.removed.length > 0) fastify.sessions.cache.evictAccount(id);
    };
    const permissionDetail = async (change: { added: number[]; removed: number[] }) => ({
      permissionsAdded: await admins.permissionSlugs(change.added),
      permissionsRemoved: await admins.permissionSlugs(change.removed),
    });

    app.post('', { config, schema: { body: superAdminStoreBody, response: { 201: superAdminSavedResponse }, tags } }, async (request, reply) => {
      const result = await admins.create(request.scope, request.body, fastify.clock.now());
      if ('errors' in result) throw new ValidationError(result.errors);
      const { saved } = result;
      await record(request, 'create', saved.id, { email: saved.email, status: saved.status, permissions: await admins.permissionSlugs(saved.permission_ids) });
      return reply.code(201).send({ data: saved, message: SUPER_ADMIN_MESSAGES.created });
    });

    app.put('/:id', { config, schema: { params: idParams, body: superAdminUpdateBody, response: { 200: superAdminSavedResponse }, tags } }, async (request) => {
      const { id } = request.params;
      const result = await admins.update(request.scope, id, request.body, fastify.clock.now());
      if (result === null) throw fastify.httpErrors.notFound(SUPER_ADMIN_MESSAGES.notFound);
      if ('errors' in result) {
        await record(request, 'update', id, { refused: Object.keys(result.errors) }, false);
        throw new ValidationError(result.errors);
      }
      const { saved, before } = result;
      permissionsChanged(id, result);
      await record(request, 'update', id, { email: saved.email, changed: before ? changedFields(before, saved) : [], ...(await permissionDetail(result)) });
      return { data: saved, message: SUPER_ADMIN_MESSAGES.updated };
    });

    app.delete('/:id', { config, schema: { params: idParams, response: { 200: messageOnly }, tags } }, async (request) => {
      const { id } = request.params;
      const result = await admins.remove(request.scope, id, fastify.clock.now());
      if (result === null) throw fastify.httpErrors.notFound(SUPER_ADMIN_MESSAGES.notFound);
      if ('refused' in result) {
        await record(request, 'delete', id, { refused: result.refused }, false);
        throw fastify.httpErrors.forbidden(result.refused);
      }
      if ('inUse' in result) throw fastify.httpErrors.conflict(SUPER_ADMIN_MESSAGES.notFound);
      await record(request, 'delete', id, { email: result.deleted.email });
      return { message: SUPER_ADMIN_MESSAGES.deleted };
    });

    // Another super admin lost their authenticator and recovery codes. One's own is turned off on one's own
    // page (with the password and a code), never here: that would let a stolen session drop the factor.
    // 48's only by 48, like its other rules — which, with the first rule, leaves 48's to its own page.
    app.post('/reset-two-factor', { config, schema: { body: resetTwoFactorBody, response: { 200: messageOnly }, tags } }, async (request) => {
      const { id } = request.body;
      if (!(await admins.find(request.scope, id))) throw fastify.httpErrors.notFound(SUPER_ADMIN_MESSAGES.notFound);
      const refused =
        id === request.scope.accountId
          ? TWO_FACTOR_RESET_MESSAGES.notYourself
          : id === SUPER_ADMIN_ID
            ? TWO_FACTOR_RESET_MESSAGES.mainOnlyByMain
            : null;
      if (refused) {
        await record(request, 'reset-two-factor', id, { refused }, false);
        throw fastify.httpErrors.forbidden(refused);
      }
      await resetSecondFactor(fastify, request, id);
      return { message: TWO_FACTOR_RESET_MESSAGES.reset };
    });

    app.get(
      '/excel-report',
      { config, schema: { querystring: superAdminExportQuery, response: { 202: reportExportResponse }, tags } },
      async (request, reply) => fastify.reportExports.send(request, reply, SUPER_ADMIN_EXPORT, request.query),
    );

    // One's own password needs the current one; another super admin's needs manage_super_admin.
    app.patch(
      '/change-password/:id',
      { schema: { params: idParams, body: superAdminChangePasswordBody, response: { 200: messageOnly }, tags } },
      async (request) => {
        const { scope } = request;
        const targetId = request.params.id;
        const own = targetId === scope.accountId;
        const holder = { id: scope.accountId, type: scope.type, permissions: scope.permissions };
        if (!own && !hasPermission(holder, 'manage_super_admin')) {
          throw fastify.httpErrors.forbidden(MESSAGES.missingPermission);
        }
        if (!(await fastify.accounts.superAdminExists(targetId))) {
          throw fastify.httpErrors.notFound('Super admin not found.');
        }
        const current = request.body.current_password;
        if (own && !current) throw new ValidationError({ current_password: [required('current password')] });
        await fastify.passwords.change(request, targetId, { current: own ? current : undefined, password: request.body.password });
        return { message: 'The password has been updated.' };
      },
    );
  },
});
