/**
 * The patient app's main menu (super admins, permission manage_main_menu): the app's entries, seeded as
 * reference data, each switched on or off for every program's patients. GET /api/admin/main-menu, POST
 * /api/admin/main-menu/toggle-status {id, status}; the app reads GET /api/app/main-menu.
 */
import * as v from 'valibot';
import { envelope } from './common';
import { defineResource, field, type ResourceItem } from './resource-kit';
import { requiredString } from './rules';

/** The app's main menu in its order: the key the app knows an entry by, and the label it shows. */
export const APP_MAIN_MENU_ENTRIES = [
  { key: 'home', label: 'Home' },
  { key: 'food-log', label: 'Food Log' },
  { key: 'weight', label: 'Weight' },
  { key: 'water', label: 'Water' },
  { key: 'messages', label: 'Messages' },
  { key: 'events', label: 'Events' },
  { key: 'resources', label: 'Resources' },
  { key: 'recipes', label: 'Recipes' },
  { key: 'shop', label: 'Shop' },
  { key: 'trophies', label: 'Trophies' },
  { key: 'how-to-use-app', label: 'How to Use the App' },
  { key: 'support', label: 'Support' },
] as const;

export const APP_MAIN_MENU_MESSAGES = {
  created: 'Menu entry created successfully.',
  updated: 'Menu entry updated successfully.',
  statusUpdated: 'Menu status updated successfully.',
  deleted: 'Menu entry deleted successfully.',
  notFound: 'Menu entry not found.',
} as const;

/**
 * The entries are the app's own screens, so super admins switch them and nothing else: no store, update
 * or delete. The list is in the app's order.
 */
export const appMainMenuResource = defineResource({
  name: 'app-main-menu',
  entity: 'app_main_menu',
  labels: { singular: 'Menu entry', plural: 'Main Menu' },
  fields: { label: field('text', 'Menu entry', requiredString('label')) },
  labelField: 'label',
  extra: { key: v.string(), order_index: v.number() },
  sorts: ['order_index', 'label', 'status'],
  defaultSort: 'order_index',
  scope: 'global',
  permission: { who: 'super-admin', slug: 'manage_main_menu' },
  status: true,
  ordering: false,
  messages: APP_MAIN_MENU_MESSAGES,
  paths: { base: '/api/admin/main-menu', show: false, store: false, update: false, delete: false },
});

export type AppMainMenuEntry = ResourceItem<typeof appMainMenuResource>;

/** GET /api/app/main-menu: the entries switched on, in the app's order. */
export const appMainMenuResponse = envelope(v.array(v.object({ key: v.string(), label: v.string() })));
export type AppMainMenuResponse = v.InferOutput<typeof appMainMenuResponse>;
