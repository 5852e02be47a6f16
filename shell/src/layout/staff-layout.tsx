import { useMemo, useState } from 'react';
import { selectIsSignedIn, selectIsSuperAdmin, useAppStore } from '@baridesk/store';
import { AddSectionModal } from './add-section-modal';
import { LayoutFrame } from './layout-frame';
import { buildAdminMenu, buildStaffMenu, isGroup } from './menu-model';
import type { SidebarContent } from './sidebar';
import { useSidebarMenu } from './use-sidebar-menu';
import { useAlertCount } from './use-alert-counts';
import { useSupportChat } from '../session/support-chat';

/** The staff area's frame: the sidebar from GET /api/sidebar-menu and the navbar around the page. */
export function StaffLayout() {
  const user = useAppStore((state) => state.user);
  // Pages for any signed-in user (change password) sit in this frame: a super admin gets the admin menu.
  const isSuperAdmin = useAppStore(selectIsSuperAdmin);
  const signedIn = useAppStore(selectIsSignedIn);
  const menu = useSidebarMenu({ enabled: signedIn && !isSuperAdmin });
  const [addingSection, setAddingSection] = useState(false);

  const { data, status, refetch } = menu;
  // Counted only for those whose menu has Alerts (the messages area open to them).
  const hasAlerts = useMemo(() => (data ? buildStaffMenu(data).some((entry) => !isGroup(entry) && entry.to === '/alerts') : false), [data]);
  const alerts = useAlertCount(hasAlerts && !isSuperAdmin);
  const sidebar = useMemo((): SidebarContent => {
    if (isSuperAdmin) return { status: 'success', entries: user ? buildAdminMenu(user) : [] };
    if (data) return { status: 'success', entries: buildStaffMenu(data, { alerts }) };
    if (status === 'error') return { status: 'error', retry: () => void refetch() };
    return { status: 'pending' };
  }, [isSuperAdmin, user, data, status, refetch, alerts]);
  useSupportChat(signedIn && !isSuperAdmin ? user : null);

  return (
    <>
      <LayoutFrame sidebar={sidebar} onAddSection={() => setAddingSection(true)} />
      <AddSectionModal open={addingSection} onClose={() => setAddingSection(false)} />
    </>
  );
}
