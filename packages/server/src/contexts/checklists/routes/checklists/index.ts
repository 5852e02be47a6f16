import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CHECKLIST_MESSAGES as MESSAGES,
  checklistAddItemBody,
  checklistApplyTemplateBody,
  checklistCheckedByBody,
  checklistCheckersResponse,
  checklistDeactivateBody,
  checklistItemSavedResponse,
  checklistItemUpdateBody,
  checklistItemUpdateResponse,
  patientChecklistParams,
  patientChecklistQuery,
  patientChecklistResponse,
  patientChecklistSavedResponse,
} from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { ValidationError } from '../../../../lib/valibot';
import { staffScope } from '../../../../lib/scope';
import { patientNotFound } from '../../../patients';
import type { ChecklistRefusal } from '../../plugins/checklists-repository';
import { inMenuArea } from '../../../../lib/menu-area';

const entity = 'patient';

/** The 409 of a change of a deactivated checklist, with its reason. */
export const deactivatedMessage = (reason: string | null) => (reason ? `${MESSAGES.deactivated} Reason: ${reason}` : MESSAGES.deactivated);

/**
 * A patient's checklists: GET /api/checklists/{patientId}?stage, /checkers; POST /update-detail,
 * /update_checked_by_in_report, /apply-template, /add-item, /deactivate. Program staff but self-service
 * accounts; another program's patient or item is not found. Every read and change is audited with ids
 * and flags only (never an item's title or a deactivation reason).
 */
export default async function patientChecklistRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'pipeline');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const tags = ['Checklists'];

  /** Audits a refused call and throws its answer. */
  async function refuse(
    request: FastifyRequest,
    action: string,
    refusal: ChecklistRefusal,
    asked: { patientId?: number; itemId?: number; detail?: Record<string, unknown> },
  ): Promise<never> {
    const detail = { ...asked.detail, ...(asked.itemId === undefined ? {} : { itemId: asked.itemId }), refused: refusal.refused };
    if (refusal.refused === 'patient-not-found') return patientNotFound(fastify, request, asked.patientId ?? 0, action, detail);
    if (refusal.refused === 'item-not-found') {
      await fastify.audit.record(request, { action, entity: 'patient_checklist_item', entityId: asked.itemId, success: false, detail });
      throw fastify.httpErrors.notFound(MESSAGES.itemNotFound);
    }
    const patientId = refusal.patientId;
    await fastify.audit.record(request, { action, entity, entityId: patientId, patientId, success: false, detail });
    switch (refusal.refused) {
      case 'template-not-found':
        throw fastify.httpErrors.notFound(MESSAGES.templateNotFound);
      case 'deactivated':
        throw fastify.httpErrors.conflict(deactivatedMessage(refusal.reason));
      case 'not-completed':
        throw fastify.httpErrors.conflict(MESSAGES.notCompleted);
      case 'fields':
        throw new ValidationError(refusal.errors);
    }
  }

  app.get('/checkers', { schema: { response: { 200: checklistCheckersResponse }, tags } }, async (request) => ({
    data: await fastify.checklists.checkers(staffScope(request.scope), fastify.clock.now()),
  }));

  app.get(
    '/:patientId',
    { schema: { params: patientChecklistParams, querystring: patientChecklistQuery, response: { 200: patientChecklistResponse }, tags } },
    async (request) => {
      const action = 'patient.checklist.read';
      const { patientId } = request.params;
      const data = await fastify.checklists.checklist(staffScope(request.scope), patientId, request.query.stage, fastify.clock.now());
      if (!data) return patientNotFound(fastify, request, patientId, action, { stage: request.query.stage ?? 'current' });
      await fastify.audit.record(request, {
        action,
        entity,
        entityId: patientId,
        patientId,
        detail: { stage: data.stage, items: data.total, completed: data.completed },
      });
      return { data };
    },
  );

  app.post(
    '/update-detail',
    { schema: { body: checklistItemUpdateBody, response: { 200: checklistItemUpdateResponse }, tags } },
    async (request) => {
      const action = 'patient.checklist-item.update';
      const { id, completed, due_date } = request.body;
      const asked = { completed, dueDate: due_date === undefined ? 'unchanged' : due_date === null ? 'cleared' : 'set' };
      const result = await fastify.checklists.updateItem(staffScope(request.scope), request.body, fastify.clock.now());
      if ('refused' in result) return refuse(request, action, result, { itemId: id, detail: asked });
      const { item, changedCompletion, changedDueDate, moves, ...counts } = result;
      await fastify.audit.record(request, {
        action,
        entity,
        entityId: result.card.id,
        patientId: result.card.id,
        detail: {
          itemId: id,
          stage: item.stage,
          ...asked,
          completionChanged: changedCompletion,
          dueDateChanged: changedDueDate,
          percent: counts.percent,
          moves: moves.map((move) => ({ ruleId: move.rule_id, toStatusId: move.to_status.id })),
        },
      });
      const message = completed === 1 ? MESSAGES.ticked : completed === 0 ? MESSAGES.unticked : MESSAGES.detailSaved;
      return { data: { item, completed: counts.completed, total: counts.total, percent: counts.percent, moves, card: counts.card }, message };
    },
  );

  app.post(
    '/update_checked_by_in_report',
    { schema: { body: checklistCheckedByBody, response: { 200: checklistItemSavedResponse }, tags } },
    async (request) => {
      const action = 'patient.checklist-item.checked-by';
      const { id, completed_by } = request.body;
      const result = await fastify.checklists.correctChecker(staffScope(request.scope), request.body, fastify.clock.now());
      if ('refused' in result) return refuse(request, action, result, { itemId: id, detail: { completedBy: completed_by } });
      await fastify.audit.record(request, {
        action,
        entity,
        entityId: result.patientId,
        patientId: result.patientId,
        detail: { itemId: id, stage: result.item.stage, completedBy: completed_by },
      });
      return { data: result.item, message: MESSAGES.checkerSaved };
    },
  );

  app.post(
    '/apply-template',
    { schema: { body: checklistApplyTemplateBody, response: { 200: patientChecklistSavedResponse }, tags } },
    async (request) => {
      const action = 'patient.checklist.apply-template';
      const { patient_id, template_id } = request.body;
      const result = await fastify.checklists.applyTemplate(staffScope(request.scope), patient_id, template_id, fastify.clock.now());
      if ('refused' in result) return refuse(request, action, result, { patientId: patient_id, detail: { templateId: template_id } });
      await fastify.audit.record(request, {
        action,
        entity,
        entityId: patient_id,
        patientId: patient_id,
        detail: { templateId: template_id, stage: result.stage, itemsAdded: result.added },
      });
      return { data: result.checklist, message: MESSAGES.templateApplied };
    },
  );

  app.post(
    '/add-item',
    { schema: { body: checklistAddItemBody, response: { 201: patientChecklistSavedResponse }, tags } },
    async (request, reply) => {
      const action = 'patient.checklist-item.create';
      const { patient_id, stage } = request.body;
      const result = await fastify.checklists.addItem(staffScope(request.scope), request.body, fastify.clock.now());
      if ('refused' in result) return refuse(request, action, result, { patientId: patient_id, detail: { stage } });
      await fastify.audit.record(request, {
        action,
        entity,
        entityId: patient_id,
        patientId: patient_id,
        detail: { itemId: result.itemId, stage, dueDate: request.body.due_date !== null },
      });
      return reply.code(201).send({ data: result.checklist, message: MESSAGES.itemAdded });
    },
  );

  app.post(
    '/deactivate',
    { schema: { body: checklistDeactivateBody, response: { 200: patientChecklistSavedResponse }, tags } },
    async (request) => {
      const action = 'patient.checklist.deactivate';
      const { patient_id, checklist_deactivate, checklist_deactivate_reason } = request.body;
      const result = await fastify.checklists.setDeactivated(
        staffScope(request.scope),
        patient_id,
        checklist_deactivate,
        checklist_deactivate_reason ?? null,
        fastify.clock.now(),
      );
      if ('refused' in result) return refuse(request, action, result, { patientId: patient_id, detail: { checklistDeactivate: checklist_deactivate } });
      // The reason is the patient's story: never in the audit record.
      await fastify.audit.record(request, {
        action,
        entity,
        entityId: patient_id,
        patientId: patient_id,
        detail: { checklistDeactivate: checklist_deactivate, moves: result.moves },
      });
      return { data: result.checklist, message: checklist_deactivate === 1 ? MESSAGES.deactivatedSaved : MESSAGES.activatedSaved };
    },
  );
}
