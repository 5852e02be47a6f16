import type { FastifyInstance } from 'fastify';
import { hasPermission } from '@baridesk/domain';
import { idParams, messageOnly, required, superAdminChangePasswordBody } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';
import { ValidationError } from '../../../../../lib/valibot';
import { AUTH_MESSAGES as MESSAGES } from '../../../../identity';

/** Super admins. This issue brings the password change; the rest of the area comes with the admin remote. */
export default async function superAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  // One's own password needs the current one; another super admin's needs manage_super_admin.
  app.patch(
    '/change-password/:id',
    {
      schema: { params: idParams, body: superAdminChangePasswordBody, response: { 200: messageOnly }, tags: ['Admin'] },
    },
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
}

