import { mobileSupportMailResource } from '@baridesk/contracts';
import { resourceRoutes } from '../../../../platform/resource-kit';

/**
 * The addresses the patient app's support requests are mailed to (permission manage_mobile_support_mail):
 * GET (params), GET /select (the active ones as options), GET /{id}, POST, PUT /{id}, DELETE /{id}, POST /toggle-status.
 */
export default resourceRoutes(mobileSupportMailResource, { repository: (fastify) => fastify.mobileSupportMails, tags: ['Admin'] });
