import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AUTOMATIC_MESSAGES as MESSAGES,
  automaticChecklistItemsResponse,
  automaticRuleListQuery,
  automaticRunResponse,
  automaticRuleListResponse,
  automaticRuleSaveBody,
  automaticRuleSavedResponse,
  idParams,
  messageOnly,
  type AutomaticRule,
} from '@baridesk/contracts';
import { staffScope } from '../../../../lib/scope';
import { inMenuArea } from '../../../../lib/menu-area';
import { ValidationError, type ValibotTypeProvider } from '../../../../lib/valibot';
import { AUTOMATIC_RUN_JOB } from '../../plugins/automatic-run';

const entity = 'automatic_message_rule';

/** A rule's settings for the audit record: no patient is concerned, and the text is summed up by its length. */
export const ruleSettings = (rule: AutomaticRule) => ({
  trigger: rule.trigger,
  days: rule.days,
  stage: rule.stage,
  checklist_item_id: rule.checklist_item_id,
  channels: rule.channels,
  status: rule.status,
  title: rule.title,
  message_length: rule.message.length,
});

/**
 * Automatic messages (/automatic-messages): a program's rules. List, create, edit, delete; the on/off
 * switch is the spec's PUT /api/AutomaticMessages/message-field-status/update. POST /run queues the
 * program's daily run now (the same run as the early-morning one: a patient already sent to is skipped).
 */
export default async function automaticMessagesRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'messages');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const tags = ['Automatic messages'];
  const audit = (request: FastifyRequest, action: string, id: number | null, detail: Record<string, unknown>) =>
    fastify.audit.record(request, { action: `automatic-message.${action}`, entity, entityId: id, detail });

  app.get('', { schema: { querystring: automaticRuleListQuery, response: { 200: automaticRuleListResponse }, tags } }, async (request) => ({
    data: await fastify.automaticMessages.list(staffScope(request.scope), request.query),
  }));

  app.get('/checklist-items', { schema: { response: { 200: automaticChecklistItemsResponse }, tags } }, async (request) => ({
    data: await fastify.automaticMessages.checklistItems(staffScope(request.scope)),
  }));

  app.post('', { schema: { body: automaticRuleSaveBody, response: { 201: automaticRuleSavedResponse }, tags } }, async (request, reply) => {
    const result = await fastify.automaticMessages.create(staffScope(request.scope), request.body, fastify.clock.now());
    if ('errors' in result) throw new ValidationError(result.errors);
    await audit(request, 'create', result.change.rule.id, ruleSettings(result.change.rule));
    return reply.code(201).send({ data: result.change.rule, message: MESSAGES.created });
  });

  app.put(
    '/:id',
    { schema: { params: idParams, body: automaticRuleSaveBody, response: { 200: automaticRuleSavedResponse }, tags } },
    async (request) => {
      const result = await fastify.automaticMessages.update(staffScope(request.scope), request.params.id, request.body, fastify.clock.now());
      if (!result) throw fastify.httpErrors.notFound(MESSAGES.notFound);
      if ('errors' in result) throw new ValidationError(result.errors);
      const { rule, changed } = result.change;
      await audit(request, 'update', rule.id, { ...ruleSettings(rule), changed });
      return { data: rule, message: MESSAGES.updated };
    },
  );

  app.delete('/:id', { schema: { params: idParams, response: { 200: messageOnly }, tags } }, async (request) => {
    const rule = await fastify.automaticMessages.remove(staffScope(request.scope), request.params.id, fastify.clock.now());
    if (!rule) throw fastify.httpErrors.notFound(MESSAGES.notFound);
    await audit(request, 'delete', rule.id, ruleSettings(rule));
    return { message: MESSAGES.deleted };
  });

  app.post('/run', { schema: { response: { 202: automaticRunResponse }, tags } }, async (request, reply) => {
    const { programId } = staffScope(request.scope);
    // One queued run per program at a time; a second click while it waits is the same run.
    const jobId = await fastify.jobs.send(AUTOMATIC_RUN_JOB, { programId }, { singletonKey: `${programId}:now` });
    await audit(request, 'run', null, { queued: jobId !== null });
    return reply.code(202).send({ message: MESSAGES.runQueued, queued: jobId !== null });
  });
}
