import { useMemo, useState } from 'react';
import { selectIsSignedIn, selectIsSuperAdmin, useAppStore } from '@baridesk/store';
import { AddSectionModal } from './add-section-modal';
import { LayoutFrame } from './layout-frame';
import { buildAdminMenu, buildStaffMenu } from './menu-model';
import type { SidebarContent } from './sidebar';
import { useSidebarMenu } from './use-sidebar-menu';

/** The staff area's frame: the sidebar from GET /api/sidebar-menu and the navbar around the page. */
export function StaffLayout() {
  const user = useAppStore((state) => state.user);
  // Pages for any signed-in user (change password) sit in this frame: a super admin gets the admin menu.
  const isSuperAdmin = useAppStore(selectIsSuperAdmin);
  const signedIn = useAppStore(selectIsSignedIn);
  const menu = useSidebarMenu({ enabled: signedIn && !isSuperAdmin });
  const [addingSection, setAddingSection] = useState(false);

  const { data, status, refetch } = menu;
  const sidebar = useMemo((): SidebarContent => {
    if (isSuperAdmin) return { status: 'success', entries: user ? buildAdminMenu(user) : [] };
    if (data) return { status: 'success', entries: buildStaffMenu(data) };
    if (status === 'error') return { status: 'error', retry: () => void refetch() };
    return { status: 'pending' };
  }, [isSuperAdmin, user, data, status, refetch]);

  return (
    <>
      <LayoutFrame sidebar={sidebar} onAddSection={() => setAddingSection(true)} />
      <AddSectionModal open={addingSection} onClose={() => setAddingSection(false)} />
    </>
  );
}
