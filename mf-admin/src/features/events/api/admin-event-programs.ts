import { useQuery } from '@tanstack/react-query';
import { getJson } from '@baridesk/api-client';
import type { AdminEventProgram } from '@baridesk/contracts';

/** GET /api/admin/event/programs: every program an event can belong to, by title (the form's Program and the list's filter). */
export const useAdminEventPrograms = () =>
  useQuery({
    queryKey: ['admin-events', 'programs'],
    queryFn: async ({ signal }) => (await getJson<{ data: AdminEventProgram[] }>('admin/event/programs', { signal })).data,
    staleTime: 5 * 60_000,
  });
