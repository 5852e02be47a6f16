import { useMemo } from 'react';
import { useAppStore } from '@baridesk/store';
import { LayoutFrame } from './layout-frame';
import { buildAdminMenu } from './menu-model';
import type { SidebarContent } from './sidebar';

/** The super-admin area's frame: the navbar and a sidebar of what the admin's permissions open. */
export function AdminLayout() {
  const user = useAppStore((state) => state.user);
  const sidebar = useMemo((): SidebarContent => ({ status: 'success', entries: user ? buildAdminMenu(user) : [] }), [user]);
  return <LayoutFrame sidebar={sidebar} />;
}
