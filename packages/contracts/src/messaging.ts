/** Message templates (staff area, "Message templates"): the texts picked for on-demand and scheduled messages. */
import * as v from 'valibot';
import { envelope, flag, listQuery, messageOnly, pageOf } from './common';
import { flag01, id, requiredString } from './rules';

/** Longest template text: what the patient app shows in one message. */
export const MESSAGE_TEMPLATE_MAX_LENGTH = 2000;
/** Status of a new template when the form sends none: Active. */
export const DEFAULT_MESSAGE_TEMPLATE_STATUS = 1;

export const messageTemplateSchema = v.object({
  id: v.number(),
  title: v.string(),
  message: v.string(),
  status: flag,
  created_at: v.string(),
  updated_at: v.string(),
});
export type MessageTemplate = v.InferOutput<typeof messageTemplateSchema>;

export const MESSAGE_TEMPLATE_SORTS = ['title', 'status', 'created_at', 'updated_at'] as const;
export type MessageTemplateSort = (typeof MESSAGE_TEMPLATE_SORTS)[number];

/** GET /api/alerts/message-templates: page, perPage, search (title or text), sort, direction, status. */
export const messageTemplateListQuery = listQuery(MESSAGE_TEMPLATE_SORTS, 'title', { status: true });
export type MessageTemplateListQuery = v.InferOutput<typeof messageTemplateListQuery>;
export const messageTemplateListResponse = envelope(pageOf(messageTemplateSchema));
export type MessageTemplateListResponse = v.InferOutput<typeof messageTemplateListResponse>;

const templateFields = {
  title: requiredString('title'),
  message: requiredString('message', { max: MESSAGE_TEMPLATE_MAX_LENGTH }),
};

/** POST /api/alerts/message-templates/store */
export const messageTemplateStoreBody = v.object({
  ...templateFields,
  status: v.optional(flag01, DEFAULT_MESSAGE_TEMPLATE_STATUS),
});
export type MessageTemplateStoreBody = v.InferOutput<typeof messageTemplateStoreBody>;

/** POST /api/alerts/message-templates/update: every field, status included. */
export const messageTemplateUpdateBody = v.object({ id, ...templateFields, status: flag01 });
export type MessageTemplateUpdateBody = v.InferOutput<typeof messageTemplateUpdateBody>;

/** POST /api/alerts/message-templates/delete */
export const messageTemplateDeleteBody = v.object({ id });
export type MessageTemplateDeleteBody = v.InferOutput<typeof messageTemplateDeleteBody>;

/** The answer of store (201) and update: the template as saved, and the notice to show. */
export const messageTemplateSavedResponse = v.object({ data: messageTemplateSchema, message: v.string() });
export type MessageTemplateSavedResponse = v.InferOutput<typeof messageTemplateSavedResponse>;
export const messageTemplateDeleteResponse = messageOnly;

export const MESSAGE_TEMPLATE_MESSAGES = {
  created: 'Template created successfully.',
  updated: 'Template updated successfully.',
  deleted: 'Template deleted successfully.',
  notFound: 'Template not found.',
  titleTaken: 'A template with this title already exists.',
} as const;
