/**
 * Groups of patients (super admins, permission groups; admin-public-auth §3 "Group: name, user_ids,
 * status"): patients of any program gathered under a name, to send them one message together.
 *
 * GET /api/admin/groups (the list), GET /{id} (the group, its members paged and searched), POST /store,
 * POST /update, POST /toggle-status, POST /destroy {id}, POST /remove-member {group_id, patient_id},
 * GET /patients (the member picker: manage-users' search over every program); and on the scheduler
 * service POST /scheduler/api/manage-users/send-group-message.
 */
import * as v from 'valibot';
import { envelope, flag, listQuery, pageOf } from './common';
import { MESSAGE_TEMPLATE_MAX_LENGTH } from './messaging';
import { defineResource, field, type ResourceItem } from './resource-kit';
import { MAX_ID, flag01, id, requiredId, requiredString } from './rules';
import { messageChannelsInput } from './staff-messages';

/** The most patients one save adds (a picker's choices, one page at a time). */
export const MAX_GROUP_MEMBERS_PER_SAVE = 5000;

export const GROUP_MESSAGES = {
  created: 'Group created successfully.',
  updated: 'Group updated successfully.',
  statusUpdated: 'Group status updated successfully.',
  deleted: 'Group deleted successfully.',
  notFound: 'Group not found.',
  nameTaken: 'A group with this name already exists.',
  noMembers: 'Choose at least one patient.',
  tooManyMembers: `Choose at most ${MAX_GROUP_MEMBERS_PER_SAVE} patients at a time.`,
  badMember: 'Each patient id must be a positive whole number.',
  duplicateMember: 'Each patient may be chosen only once.',
  unknownMembers: 'Some of the chosen patients do not exist.',
  memberRemoved: 'Patient removed from the group.',
  notAMember: 'This patient is not a member of the group.',
  sent: 'Group message queued for sending.',
  inactive: 'This group is switched off. Switch it on to message its members.',
  noRecipients: 'No active patient is a member of this group.',
} as const;

/** The list's call, toggle-status and destroy are the kit's; the rest is this module's own (members are patients of any program). */
export const groupResource = defineResource({
  name: 'group',
  entity: 'patient_group',
  labels: { singular: 'Group', plural: 'Groups' },
  fields: { name: field('text', 'Name', requiredString('name')) },
  labelField: 'name',
  extra: { members_count: v.number() },
  sorts: ['name', 'members_count', 'status', 'created_at'],
  defaultSort: 'name',
  unique: { field: 'name', message: GROUP_MESSAGES.nameTaken },
  scope: 'global',
  permission: { who: 'super-admin', slug: 'groups' },
  status: true,
  ordering: false,
  messages: GROUP_MESSAGES,
  paths: { base: '/api/admin/groups', show: false, store: false, update: false, delete: { method: 'POST', path: '/destroy' } },
});

export type Group = ResourceItem<typeof groupResource>;

const isPatientId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= MAX_ID;

/** Patients to add: ids of patients of any program, each once. */
const memberIds = (min: number) =>
  v.pipe(
    v.array(v.unknown(), GROUP_MESSAGES.badMember),
    v.minLength(min, GROUP_MESSAGES.noMembers),
    v.maxLength(MAX_GROUP_MEMBERS_PER_SAVE, GROUP_MESSAGES.tooManyMembers),
    v.check((ids) => ids.every(isPatientId), GROUP_MESSAGES.badMember),
    v.check((ids) => new Set(ids).size === ids.length, GROUP_MESSAGES.duplicateMember),
    v.transform((ids) => ids as number[]),
  );

/** POST /store: a name, its first members (at least one) and a status (on unless told). */
export const groupStoreBody = v.object({ name: requiredString('name'), user_ids: v.optional(memberIds(1), []), status: v.optional(flag01.wrapped, 1) });
export type GroupStoreBody = v.InferOutput<typeof groupStoreBody>;

/** POST /update: the name, and patients to add (members already in it stay; Remove takes one out). */
export const groupUpdateBody = v.object({ id, name: requiredString('name'), user_ids: v.optional(memberIds(0), []) });
export type GroupUpdateBody = v.InferOutput<typeof groupUpdateBody>;

export const groupSavedResponse = v.object({ data: groupResource.schemas.item, message: v.string() });

/** A member: the patient, their program and when they joined. */
export const groupMemberSchema = v.object({
  patient_id: v.number(),
  name: v.string(),
  email: v.nullable(v.string()),
  status: flag,
  program_id: v.number(),
  program_name: v.string(),
  added_at: v.string(),
});
export type GroupMember = v.InferOutput<typeof groupMemberSchema>;

export const GROUP_MEMBER_SORTS = ['name', 'program', 'added_at'] as const;
/** GET /{id}: the members' page, search (name, e-mail), sort. */
export const groupShowQuery = listQuery(GROUP_MEMBER_SORTS, 'name');
export type GroupShowQuery = v.InferOutput<typeof groupShowQuery>;
export const groupShowResponse = envelope(v.object({ group: groupResource.schemas.item, members: pageOf(groupMemberSchema) }));
export type GroupShow = v.InferOutput<typeof groupShowResponse>['data'];

/** POST /remove-member. */
export const groupRemoveMemberBody = v.object({ group_id: requiredId('group'), patient_id: requiredId('patient') });
export type GroupRemoveMemberBody = v.InferOutput<typeof groupRemoveMemberBody>;

/** POST /scheduler/api/manage-users/send-group-message: one text to every active member, through the channels (the inbox unless told). */
export const sendGroupMessageBody = v.object({
  group_id: requiredId('group'),
  title: requiredString('title'),
  message: requiredString('message', { max: MESSAGE_TEMPLATE_MAX_LENGTH }),
  channels: messageChannelsInput,
});
export type SendGroupMessageBody = v.InferOutput<typeof sendGroupMessageBody>;

/** 201: the messages made (one per program among the members) and how many active members they reach. */
export const sendGroupMessageResponse = v.object({
  data: v.object({ messages: v.array(v.object({ id: v.number(), program_id: v.number() })), recipients: v.number() }),
  message: v.string(),
});
export type SendGroupMessageResponse = v.InferOutput<typeof sendGroupMessageResponse>;

/** The group page's form: the name, and the ids of the patients the page's picker chose (checked again by store or update). */
export const groupFormBody = v.object({ name: requiredString('name'), user_ids: v.array(v.number()) });
/** The Send message dialog's values: the message without its group (the page's). */
export const groupMessageComposeBody = v.object(v.omit(sendGroupMessageBody, ['group_id']).entries);
