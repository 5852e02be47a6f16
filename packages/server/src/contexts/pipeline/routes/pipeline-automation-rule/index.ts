import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  PIPELINE_MESSAGES as MESSAGES,
  pipelineRuleDeleteQuery,
  pipelineRuleDeletedResponse,
  pipelineRuleListQuery,
  pipelineRuleListResponse,
  pipelineRulePriorityBody,
  pipelineRulePriorityResponse,
  pipelineRuleSavedResponse,
  pipelineRuleSettingsQuery,
  pipelineRuleSettingsResponse,
  pipelineRuleStoreBody,
  pipelineRuleToggleBody,
  pipelineRuleUpdateBody,
  type PipelineRuleRecord,
} from '@baridesk/contracts';
import { needsAdministrativeRights } from '../../../../lib/administrative-rights';
import { staffScope } from '../../../../lib/scope';
import { ValidationError, type ValibotTypeProvider } from '../../../../lib/valibot';
import { changedRuleFields } from '../../plugins/pipeline-rules-repository';
import { inMenuArea } from '../../../../lib/menu-area';

const entity = 'pipeline_rule';

/** A rule's settings for the audit record (ids and numbers; no patient is concerned). */
const settingsOf = (rule: PipelineRuleRecord) => ({
  stage: rule.stage,
  type: rule.type,
  from_status_id: rule.from_status_id,
  to_status_id: rule.to_status_id,
  days: rule.days,
  checklist_item_id: rule.checklist_item_id,
  percent: rule.percent,
  status: rule.status,
});

/**
 * Pipeline automation rules (customize pipeline): reading is for staff but self-service ones; every
 * change needs administrative rights (or the program's own account).
 */
export default async function pipelineAutomationRuleRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'pipeline');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const tags = ['Pipeline automation'];
  const changes = needsAdministrativeRights(fastify);


  const audit = (request: FastifyRequest, action: string, id: number, detail: Record<string, unknown>) =>
    fastify.audit.record(request, { action: `pipeline-rule.${action}`, entity, entityId: id, detail });

  app.get('', { schema: { querystring: pipelineRuleListQuery, response: { 200: pipelineRuleListResponse }, tags } }, async (request) => ({
    data: await fastify.pipelineRules.list(staffScope(request.scope), request.query.stage),
  }));

  app.get(
    '/new-todo-settings',
    { schema: { querystring: pipelineRuleSettingsQuery, response: { 200: pipelineRuleSettingsResponse }, tags } },
    async (request) => ({ data: await fastify.pipelineRules.settings(staffScope(request.scope), request.query.stage) }),
  );

  app.post(
    '/store',
    { onRequest: changes, schema: { body: pipelineRuleStoreBody, response: { 201: pipelineRuleSavedResponse }, tags } },
    async (request, reply) => {
      const result = await fastify.pipelineRules.create(staffScope(request.scope), request.body, fastify.clock.now());
      if (!result) throw fastify.httpErrors.notFound(MESSAGES.ruleNotFound);
      if ('errors' in result) throw new ValidationError(result.errors);
      if ('tooMany' in result) throw fastify.httpErrors.conflict(MESSAGES.tooManyRules);
      await audit(request, 'create', result.saved.id, settingsOf(result.saved));
      return reply.code(201).send({ data: result.saved, message: MESSAGES.ruleCreated });
    },
  );

  app.put(
    '/update',
    { onRequest: changes, schema: { body: pipelineRuleUpdateBody, response: { 200: pipelineRuleSavedResponse }, tags } },
    async (request) => {
      const result = await fastify.pipelineRules.update(staffScope(request.scope), request.body, fastify.clock.now());
      if (!result || 'tooMany' in result) throw fastify.httpErrors.notFound(MESSAGES.ruleNotFound);
      if ('errors' in result) throw new ValidationError(result.errors);
      const changed = result.before ? changedRuleFields(result.before, result.saved) : [];
      await audit(request, 'update', result.saved.id, { ...settingsOf(result.saved), changed });
      return { data: result.saved, message: MESSAGES.ruleUpdated };
    },
  );

  app.delete(
    '/delete',
    { onRequest: changes, schema: { querystring: pipelineRuleDeleteQuery, response: { 200: pipelineRuleDeletedResponse }, tags } },
    async (request) => {
      const deleted = await fastify.pipelineRules.remove(staffScope(request.scope), request.query.id);
      if (!deleted) throw fastify.httpErrors.notFound(MESSAGES.ruleNotFound);
      await audit(request, 'delete', deleted.id, settingsOf(deleted));
      return { message: MESSAGES.ruleDeleted };
    },
  );

  app.post(
    '/toggle-active',
    { onRequest: changes, schema: { body: pipelineRuleToggleBody, response: { 200: pipelineRuleSavedResponse }, tags } },
    async (request) => {
      const rule = await fastify.pipelineRules.toggle(staffScope(request.scope), request.body.id, fastify.clock.now());
      if (!rule) throw fastify.httpErrors.notFound(MESSAGES.ruleNotFound);
      await audit(request, 'toggle-active', rule.id, { stage: rule.stage, status: rule.status });
      return { data: rule, message: rule.status === 1 ? MESSAGES.ruleOn : MESSAGES.ruleOff };
    },
  );

  app.post(
    '/update-priority',
    { onRequest: changes, schema: { body: pipelineRulePriorityBody, response: { 200: pipelineRulePriorityResponse }, tags } },
    async (request) => {
      const { stage, ids } = request.body;
      const rules = await fastify.pipelineRules.reorder(staffScope(request.scope), stage, ids, fastify.clock.now());
      if (!rules) throw new ValidationError({ ids: [MESSAGES.rulesMismatch] });
      await fastify.audit.record(request, { action: 'pipeline-rule.update-priority', entity, detail: { stage, ids } });
      return { data: rules, message: MESSAGES.prioritiesSaved };
    },
  );
}
