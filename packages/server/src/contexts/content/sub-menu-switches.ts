/**
 * A new program's content menu: one sub-menu switch per title of the spec (Calendar, Contact Us, …),
 * every one on, so its staff and patients find every content menu at once and its sub user switches off
 * what the program does not publish (Manage Menu). Without them a program would have no content menu
 * at all: the sidebar, the content routes' guard and the app all read these switches.
 */
import { inArray } from 'drizzle-orm';
import { SUB_MENU_TITLES } from '@baridesk/domain';
import type { Tx } from '../../db/client';
import { subMenuManagers, subMenus } from '../../db/schema';

/**
 * Gives the program a switch, on, for every sub-menu title it lacks one for, in the caller's
 * transaction (the program's store). A title missing from `sub_menus` (a database that was never
 * seeded) is added first. Switches the program already has are left as they are.
 */
export async function grantContentSwitches(tx: Tx, programId: number, now: Date): Promise<void> {
  const titles = [...SUB_MENU_TITLES];
  let menus = await tx.select({ id: subMenus.id, title: subMenus.title }).from(subMenus).where(inArray(subMenus.title, titles));
  const missing = titles.filter((title) => !menus.some((menu) => menu.title === title));
  if (missing.length > 0) {
    const added = await tx
      .insert(subMenus)
      .values(missing.map((title) => ({ title })))
      .onConflictDoNothing({ target: subMenus.title })
      .returning({ id: subMenus.id, title: subMenus.title });
    // A title another transaction added meanwhile is read back rather than added twice.
    menus = added.length === missing.length ? [...menus, ...added] : await tx.select({ id: subMenus.id, title: subMenus.title }).from(subMenus).where(inArray(subMenus.title, titles));
  }
  await tx
    .insert(subMenuManagers)
    .values(menus.map((menu) => ({ program_id: programId, sub_menu_id: menu.id, status: 1, created_at: now, updated_at: now })))
    .onConflictDoNothing({ target: [subMenuManagers.program_id, subMenuManagers.sub_menu_id] });
}
