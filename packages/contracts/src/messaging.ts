/**
 * Message templates (staff area, "Message templates"): the texts picked for on-demand and scheduled
 * messages. API under /api/alerts/message-templates, on the resource kit; the names below are the kit's
 * derived schemas under the names the app uses.
 */
import {
  defineResource,
  field,
  type ResourceItem,
} from './resource-kit';
import { requiredString } from './rules';

/** Longest template text: what the patient app shows in one message. */
export const MESSAGE_TEMPLATE_MAX_LENGTH = 2000;
/** Status of a new template when the form sends none: Active. */
export const DEFAULT_MESSAGE_TEMPLATE_STATUS = 1;

export const MESSAGE_TEMPLATE_MESSAGES = {
  created: 'Template created successfully.',
  updated: 'Template updated successfully.',
  deleted: 'Template deleted successfully.',
  notFound: 'Template not found.',
  titleTaken: 'A template with this title already exists.',
} as const;

export const MESSAGE_TEMPLATE_SORTS = ['title', 'status', 'created_at', 'updated_at'] as const;

/**
 * The spec's calls: GET /api/alerts/message-templates (page, perPage, search in title or text, sort,
 * direction, status), POST store, update (every field, status included), delete. No show and no
 * toggle-status: the status is a field of the form. Titles are unique per program whatever their case.
 */
export const messageTemplateResource = defineResource({
  name: 'message-template',
  entity: 'message_template',
  labels: { singular: 'Template', plural: 'Message templates' },
  fields: {
    title: field('text', 'Title', requiredString('title')),
    message: field('textarea', 'Message', requiredString('message', { max: MESSAGE_TEMPLATE_MAX_LENGTH }), { column: false }),
  },
  labelField: 'title',
  sorts: MESSAGE_TEMPLATE_SORTS,
  defaultSort: 'title',
  unique: { field: 'title', message: MESSAGE_TEMPLATE_MESSAGES.titleTaken },
  scope: 'program',
  // The spec hides Templates from self-service staff.
  permission: { who: 'staff-not-self-service', refusal: 'Message templates are not available to self-service staff.' },
  status: true,
  defaultStatus: DEFAULT_MESSAGE_TEMPLATE_STATUS,
  ordering: false,
  messages: MESSAGE_TEMPLATE_MESSAGES,
  paths: { base: '/api/alerts/message-templates', show: false, toggleStatus: false },
});

const { schemas } = messageTemplateResource;

export type MessageTemplate = ResourceItem<typeof messageTemplateResource>;
export const messageTemplateListQuery = schemas.listQuery;
export const messageTemplateListResponse = schemas.listResponse;
export const messageTemplateDeleteBody = schemas.deleteBody;
export const messageTemplateSavedResponse = schemas.savedResponse;
