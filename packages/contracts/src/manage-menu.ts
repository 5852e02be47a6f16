/** Manage Menu (sub users): switching the program's content sub-menus on and off. */
import * as v from 'valibot';
import { envelope, flag, searchParam } from './common';
import { flag01, id } from './rules';

export const manageMenuEntrySchema = v.object({
  id: v.number(),
  status: flag,
  sub_menu: v.object({ id: v.number(), title: v.string() }),
});
export type ManageMenuEntry = v.InferOutput<typeof manageMenuEntrySchema>;

/** GET /api/content/manage-menu: an optional search in the sub-menu titles. */
export const manageMenuListQuery = v.object({
  search: searchParam,
});
export type ManageMenuListQuery = v.InferOutput<typeof manageMenuListQuery>;

/** Every sub-menu switch of the program, in sub-menu order (no paging: there are 24). */
export const manageMenuListResponse = envelope(v.array(manageMenuEntrySchema));
export type ManageMenuListResponse = v.InferOutput<typeof manageMenuListResponse>;

/** POST /api/content/manage-menu/toggle-status: the switch's id (not the sub-menu's) and its new status. */
export const manageMenuToggleBody = v.object({ id, status: flag01 });
export type ManageMenuToggleBody = v.InferOutput<typeof manageMenuToggleBody>;

export const manageMenuToggleResponse = v.object({ data: v.object({ id: v.number(), status: flag }), message: v.string() });
export type ManageMenuToggleResponse = v.InferOutput<typeof manageMenuToggleResponse>;

export const MANAGE_MENU_MESSAGES = {
  updated: 'Menu status updated successfully.',
  notFound: 'Menu not found.',
} as const;
