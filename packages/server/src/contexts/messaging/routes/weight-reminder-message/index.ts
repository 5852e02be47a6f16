import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  WEIGHT_REMINDER_MESSAGES,
  weightReminderResponse,
  weightReminderSaveBody,
  weightReminderSavedResponse,
  type WeightReminderSaveBody,
} from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { staffScope } from '../../../../lib/scope';
import { inMenuArea } from '../../../../lib/menu-area';

/**
 * The program's automatic weight reminder: GET reads it (the defaults while none is stored), POST '' and
 * POST /update store it (the spec lists both paths; they do the same). The field-status switch is
 * PUT /api/weight-reminder/message-field-status/update.
 */
export default async function weightReminderMessageRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'messages');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const tags = ['Automatic messages'];

  app.get('', { schema: { response: { 200: weightReminderResponse }, tags } }, async (request) => ({
    data: await fastify.weightReminder.get(staffScope(request.scope)),
  }));

  const save = async (request: FastifyRequest<{ Body: WeightReminderSaveBody }>) => {
    const { settings } = await fastify.weightReminder.save(staffScope(request.scope), request.body, fastify.clock.now(), (tx, change) =>
      fastify.audit.record(
        request,
        {
          action: 'weight-reminder.update',
          entity: 'weight_reminder_settings',
          entityId: change.id,
          // Settings, not patient data; the text itself stays out of the log, its length is enough.
          detail: {
            changed: change.changed,
            status: change.settings.status,
            interval_days: change.settings.interval_days,
            message_field_status: change.settings.message_field_status,
            message_length: change.settings.message.length,
          },
        },
        tx,
      ),
    );
    return { data: settings, message: WEIGHT_REMINDER_MESSAGES.saved };
  };

  const saveSchema = { body: weightReminderSaveBody, response: { 200: weightReminderSavedResponse }, tags };
  app.post('', { schema: saveSchema }, save);
  app.post('/update', { schema: saveSchema }, save);
}
