import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { DYNAMIC_SECTION_NOTICE_TITLE, dynamicSectionResource } from '@baridesk/contracts';
import { bus } from '@baridesk/event-bus';
import { callResource, refreshResource } from '@baridesk/ui/resources';

/**
 * What the sub user changes of a section from its screen: its status or the section itself (delete). The
 * sidebar lists the active sections, so it is told to reload; the notices carry the spec's title.
 */
export function useSectionChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { id: number; status: 0 | 1 } | { id: number; remove: true }) =>
      'remove' in change
        ? callResource<{ message: string }>(dynamicSectionResource, 'delete', { id: change.id })
        : callResource<{ message: string }>(dynamicSectionResource, 'toggleStatus', { id: change.id, body: { status: change.status } }),
    onSuccess: (answer) => {
      notifySuccess(answer.message, DYNAMIC_SECTION_NOTICE_TITLE);
      bus.emit('sidebar:changed');
    },
    onError: (error) => notifyError(error, DYNAMIC_SECTION_NOTICE_TITLE),
    onSettled: () => refreshResource(queryClient, dynamicSectionResource),
  });
}

/** The sidebar follows a section's name, status and place: after the kit saved one, it reloads. */
export const sidebarChanged = () => bus.emit('sidebar:changed');
