import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchSidebarMenu } from '@baridesk/api-client';
import { bus } from '@baridesk/event-bus';

export const SIDEBAR_MENU_KEY = ['sidebar-menu'] as const;

export const sidebarMenuQuery = () =>
  queryOptions({
    queryKey: SIDEBAR_MENU_KEY,
    queryFn: async () => (await fetchSidebarMenu()).data,
    // The menu belongs to whoever is signed in: it lives only while the staff layout shows it, so the
    // next user signing in on this browser never sees the previous one's menu.
    gcTime: 0,
  });

/** GET /api/sidebar-menu, reloaded whenever something tells the bus the menu changed (a section added…). */
export function useSidebarMenu({ enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  useEffect(
    () => bus.on('sidebar:changed', () => void queryClient.invalidateQueries({ queryKey: SIDEBAR_MENU_KEY })),
    [queryClient],
  );
  return useQuery({ ...sidebarMenuQuery(), enabled });
}
