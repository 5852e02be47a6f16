import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, onScheduler, postJson, queryOf } from '@baridesk/api-client';
import { groupResource, type GroupShow, type GroupShowQuery, type GroupStoreBody, type GroupUpdateBody, type SendGroupMessageBody, type SendGroupMessageResponse } from '@baridesk/contracts';
import { refreshResource, resourceKey } from '@baridesk/ui/resources';

const BASE = 'admin/groups';
/** The member picker's search: patients of every program (GET /api/admin/groups/patients). */
export const GROUP_PATIENTS_SEARCH = `${BASE}/patients`;

type ShowParams = Partial<Pick<GroupShowQuery, 'page' | 'perPage' | 'search' | 'sort' | 'direction'>>;

/** GET /{id}: the group and one page of its members. Under the kit's key, so the list's changes refresh it and back. */
export const useGroup = (id: number | null, params: ShowParams = {}) =>
  useQuery({
    queryKey: [...resourceKey(groupResource), 'show', id, params],
    queryFn: ({ signal }) => getJson<{ data: GroupShow }>(`${BASE}/${id}`, { searchParams: queryOf(params), signal }).then((answer) => answer.data),
    enabled: id !== null,
  });

type Saved = { data: GroupShow['group']; message: string };

export function useSaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GroupStoreBody | GroupUpdateBody) => ('id' in body ? postJson<Saved>(`${BASE}/update`, body) : postJson<Saved>(`${BASE}/store`, body)),
    onSuccess: () => refreshResource(queryClient, groupResource),
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { group_id: number; patient_id: number }) => postJson<{ message: string }>(`${BASE}/remove-member`, body),
    onSuccess: () => refreshResource(queryClient, groupResource),
  });
}

/** POST /scheduler/api/manage-users/send-group-message. */
export const sendGroupMessage = (body: SendGroupMessageBody) => postJson<SendGroupMessageResponse>('manage-users/send-group-message', body, onScheduler());
