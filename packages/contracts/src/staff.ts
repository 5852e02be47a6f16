import * as v from 'valibot';
import { STAGES } from '@baridesk/domain';
import { authUserSchema, programUserMenuFlags } from './auth';
import { envelope, flag } from './common';

export const dynamicContentSectionSchema = v.object({
  id: v.number(),
  name: v.string(),
  status: flag,
  created_at: v.string(),
  updated_at: v.string(),
});
export type DynamicContentSection = v.InferOutput<typeof dynamicContentSectionSchema>;

/** GET /api/sidebar-menu: everything the shell needs to draw the staff sidebar. */
export const sidebarMenuResponse = envelope(
  v.object({
    /** The program user's menu flags; null for a sub user, who sees every menu. */
    fromPUsTable: v.nullable(v.object({ ...programUserMenuFlags.entries, shop_url: flag, self_service: flag, administrative_rights: flag })),
    fromSubMenuManagers: v.array(
      v.object({ id: v.number(), status: flag, sub_menu: v.object({ id: v.number(), title: v.string() }) }),
    ),
    authUser: authUserSchema,
    dynamicContentSections: v.array(dynamicContentSectionSchema),
  }),
);
export type SidebarMenu = v.InferOutput<typeof sidebarMenuResponse>['data'];

const named = v.object({ id: v.number(), name: v.string() });

/** GET /api/pre-load-filters: the choices of the patient and report filters, for the caller's program. */
export const preLoadFiltersResponse = envelope(
  v.object({
    stages: v.array(v.object({ id: v.picklist(STAGES.map((s) => s.id)), label: v.string() })),
    tags: v.array(named),
    coordinators: v.array(named),
    locations: v.array(named),
    /** The program's types of surgery (distinct, ignoring case and blanks), sorted: the reports' surgery type filter. */
    surgeryTypes: v.array(v.string()),
  }),
);
export type PreLoadFilters = v.InferOutput<typeof preLoadFiltersResponse>['data'];

export const popupStatusResponse = envelope(v.object({ popup_status: flag }));
export const termsCheckResponse = envelope(v.object({ terms_and_conditions_check: flag }));
