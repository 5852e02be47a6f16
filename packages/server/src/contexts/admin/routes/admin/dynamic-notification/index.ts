import type { FastifyInstance } from 'fastify';
import { dynamicNotificationResource, dynamicRunQueued, dynamicRunResponse } from '@baridesk/contracts';
import { resourceRoutes } from '../../../../platform/resource-kit';

const tags = ['Admin'];

/**
 * Dynamic notifications: super admins with manage_dynamic_notifications (id 48 always), the spec's calls
 * on the kit — GET list and /{id}, POST '' (create, JSON or form data with the image as a file), POST
 * /{id} with `_method=PUT` (update), DELETE /{id} (409 once it sent), PATCH /status/{id} — and POST /run,
 * every program's run queued now for its local day (Run now: the daily run's job, idempotent per trigger).
 */
export default resourceRoutes(dynamicNotificationResource, {
  repository: (fastify) => fastify.dynamicNotifications,
  tags,
  inUseNoun: 'patients',
  audit: {
    // The message is the label; its length and the rule say what changed without copying text into every record.
    create: (item) => ({ rule_type: item.rule_type, status: item.status }),
    update: (before, after) => ({
      rule_type: after.rule_type,
      changed: (['rule_type', 'metadata', 'patient_type', 'stages', 'message', 'image', 'url'] as const).filter(
        (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
      ),
    }),
    delete: (item) => ({ rule_type: item.rule_type }),
  },
  extend: (fastify: FastifyInstance) => {
    const config = { access: 'super_admin', permission: 'manage_dynamic_notifications' } as const;
    fastify.post('/run', { config, schema: { response: { 202: dynamicRunResponse }, tags } }, async (request, reply) => {
      const queued = await fastify.dynamicNotificationRuns.queueAll();
      await fastify.audit.record(request, { action: 'dynamic-notification.run', entity: 'dynamic_notification', detail: { programs: queued } });
      return reply.code(202).send({ data: { programs: queued }, message: dynamicRunQueued(queued) });
    });
  },
});
