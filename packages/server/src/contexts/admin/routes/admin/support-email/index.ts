import type { FastifyInstance } from 'fastify';
import { SUPPORT_EMAIL_MESSAGES, supportEmailBody, supportEmailResponse, supportEmailSavedResponse } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';

/**
 * The support e-mail (permission support_mail): GET (the address in use: the saved one, else
 * SUPPORT_EMAIL), POST /update {email}. Staff support messages are mailed there, read when each is sent.
 */
export default async function supportEmailRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const config = { access: 'super_admin', permission: 'support_mail' } as const;
  const tags = ['Admin'];

  app.get('', { config, schema: { response: { 200: supportEmailResponse }, tags } }, async () => ({ data: await fastify.appSettings.supportEmail() }));

  app.post('/update', { config, schema: { body: supportEmailBody, response: { 200: supportEmailSavedResponse }, tags } }, async (request) => {
    const before = await fastify.appSettings.supportEmail();
    const data = await fastify.appSettings.setSupportEmail(request.body.email, request.scope.accountId, fastify.clock.now());
    await fastify.audit.record(request, {
      action: 'support-email.update',
      entity: 'app_setting',
      entityId: 'support_email',
      detail: { key: 'support_email', from: before.is_default ? null : before.email, to: data.email },
    });
    return { data, message: SUPPORT_EMAIL_MESSAGES.updated };
  });
}
