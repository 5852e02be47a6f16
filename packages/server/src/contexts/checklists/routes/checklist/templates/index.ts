import type { FastifyInstance } from 'fastify';
import {
  CHECKLIST_MESSAGES as MESSAGES,
  checklistActiveTemplatesQuery,
  checklistOtherTemplatesQuery,
  checklistTemplateDeletedResponse,
  checklistTemplateDetailResponse,
  checklistTemplateIdBody,
  checklistTemplateListQuery,
  checklistTemplateListResponse,
  checklistTemplateOptionsResponse,
  checklistTemplateParams,
  checklistTemplateSavedResponse,
  checklistTemplateStoreBody,
  checklistTemplateToggleResponse,
  checklistTemplateUpdateBody,
  type ChecklistTemplateDetail,
} from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';
import { ValidationError } from '../../../../../lib/valibot';
import { staffScope } from '../../../../../lib/scope';
import { patientNotFound } from '../../../../patients';
import type { TemplateSaveResult } from '../../../plugins/checklists-repository';
import { inMenuArea } from '../../../../../lib/menu-area';

const entity = 'checklist_template';

/** What a template's audit record keeps: its shape, never its items' text. */
const shapeOf = (template: ChecklistTemplateDetail) => ({
  stage: template.stage,
  name: template.name,
  status: template.status,
  is_default: template.is_default,
  items: template.items.length,
});

/**
 * Checklist templates: GET /api/checklist/templates (a page), /{id}, /allActive, /other; POST /store,
 * /update, /toggle-status, /delete. Any staff member of the program but self-service ones (the spec
 * hides Templates from them); no administrative rights needed.
 */
export default async function checklistTemplateRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'pipeline');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const tags = ['Checklist templates'];

  const notFound = () => fastify.httpErrors.notFound(MESSAGES.templateNotFound);
  /** The refusals of a save, as field errors (or 404). */
  function refusalOf(result: Exclude<TemplateSaveResult, { saved: ChecklistTemplateDetail }>): Error {
    if (result === null) return notFound();
    if ('nameTaken' in result) return new ValidationError({ name: [MESSAGES.duplicateName] });
    return new ValidationError({ items: [MESSAGES.itemNotInTemplate] });
  }

  app.get(
    '',
    { schema: { querystring: checklistTemplateListQuery, response: { 200: checklistTemplateListResponse }, tags } },
    async (request) => ({ data: await fastify.checklists.listTemplates(staffScope(request.scope), request.query) }),
  );

  app.get(
    '/allActive',
    { schema: { querystring: checklistActiveTemplatesQuery, response: { 200: checklistTemplateOptionsResponse }, tags } },
    async (request) => ({ data: await fastify.checklists.activeTemplates(staffScope(request.scope), request.query.stage) }),
  );

  app.get(
    '/other',
    { schema: { querystring: checklistOtherTemplatesQuery, response: { 200: checklistTemplateOptionsResponse }, tags } },
    async (request) => {
      const action = 'patient.checklist-templates.other';
      const { patient_id, stage } = request.query;
      const data = await fastify.checklists.otherTemplates(staffScope(request.scope), patient_id, stage);
      if (!data) return patientNotFound(fastify, request, patient_id, action, { stage });
      // It tells which templates are on the patient's checklist: a read of the patient.
      await fastify.audit.record(request, {
        action,
        entity: 'patient',
        entityId: patient_id,
        patientId: patient_id,
        detail: { stage, templateIds: data.map((t) => t.id) },
      });
      return { data };
    },
  );

  app.get(
    '/:id',
    { schema: { params: checklistTemplateParams, response: { 200: checklistTemplateDetailResponse }, tags } },
    async (request) => {
      const template = await fastify.checklists.findTemplate(staffScope(request.scope), request.params.id);
      if (!template) throw notFound();
      return { data: template };
    },
  );

  app.post(
    '/store',
    { schema: { body: checklistTemplateStoreBody, response: { 201: checklistTemplateSavedResponse }, tags } },
    async (request, reply) => {
      const result = await fastify.checklists.createTemplate(staffScope(request.scope), request.body, fastify.clock.now());
      if (!result || !('saved' in result)) throw refusalOf(result);
      const template = result.saved;
      await fastify.audit.record(request, { action: 'checklist-template.create', entity, entityId: template.id, detail: shapeOf(template) });
      return reply.code(201).send({ data: template, message: MESSAGES.templateCreated });
    },
  );

  app.post(
    '/update',
    { schema: { body: checklistTemplateUpdateBody, response: { 200: checklistTemplateSavedResponse }, tags } },
    async (request) => {
      const scope = staffScope(request.scope);
      const before = await fastify.checklists.findTemplate(scope, request.body.id);
      if (!before) throw notFound();
      const result = await fastify.checklists.updateTemplate(scope, request.body, fastify.clock.now());
      if (!result || !('saved' in result)) throw refusalOf(result);
      const template = result.saved;
      const kept = new Set(template.items.map((item) => item.id));
      const had = new Set(before.items.map((item) => item.id));
      await fastify.audit.record(request, {
        action: 'checklist-template.update',
        entity,
        entityId: template.id,
        detail: {
          ...shapeOf(template),
          ...(before.name === template.name ? {} : { previousName: before.name }),
          itemsAdded: template.items.filter((item) => !had.has(item.id)).length,
          itemsRemoved: before.items.filter((item) => !kept.has(item.id)).map((item) => item.id),
        },
      });
      return { data: template, message: MESSAGES.templateUpdated };
    },
  );

  app.post(
    '/toggle-status',
    { schema: { body: checklistTemplateIdBody, response: { 200: checklistTemplateToggleResponse }, tags } },
    async (request) => {
      const template = await fastify.checklists.toggleTemplate(staffScope(request.scope), request.body.id, fastify.clock.now());
      if (!template) throw notFound();
      await fastify.audit.record(request, {
        action: 'checklist-template.toggle-status',
        entity,
        entityId: template.id,
        detail: { status: template.status },
      });
      return { data: template, message: template.status === 1 ? MESSAGES.templateOn : MESSAGES.templateOff };
    },
  );

  app.post(
    '/delete',
    { schema: { body: checklistTemplateIdBody, response: { 200: checklistTemplateDeletedResponse }, tags } },
    async (request) => {
      const deleted = await fastify.checklists.deleteTemplate(staffScope(request.scope), request.body.id, fastify.clock.now());
      if (!deleted) throw notFound();
      await fastify.audit.record(request, {
        action: 'checklist-template.delete',
        entity,
        entityId: deleted.id,
        detail: { stage: deleted.stage, name: deleted.name },
      });
      return { message: MESSAGES.templateDeleted };
    },
  );
}
