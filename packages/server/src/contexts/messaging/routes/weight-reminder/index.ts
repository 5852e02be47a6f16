import type { FastifyInstance } from 'fastify';
import { WEIGHT_REMINDER_MESSAGES, weightReminderFieldStatusBody, weightReminderSavedResponse } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { staffScope } from '../../../../lib/scope';
import { inMenuArea } from '../../../../lib/menu-area';

/**
 * PUT /api/weight-reminder/message-field-status/update: switches the weight reminder between the program's
 * own text (1) and the app's default (0), leaving the other settings as they are.
 */
export default async function weightReminderRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'messages');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  app.put(
    '/message-field-status/update',
    { schema: { body: weightReminderFieldStatusBody, response: { 200: weightReminderSavedResponse }, tags: ['Automatic messages'] } },
    async (request) => {
      const status = request.body.message_field_status;
      const { settings } = await fastify.weightReminder.setMessageFieldStatus(
        staffScope(request.scope),
        status,
        fastify.clock.now(),
        (tx, change) =>
          fastify.audit.record(
            request,
            {
              action: 'weight-reminder.message-field-status',
              entity: 'weight_reminder_settings',
              entityId: change.id,
              detail: { changed: change.changed, message_field_status: status },
            },
            tx,
          ),
      );
      return { data: settings, message: status === 1 ? WEIGHT_REMINDER_MESSAGES.ownMessageOn : WEIGHT_REMINDER_MESSAGES.ownMessageOff };
    },
  );
}
