import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteJson, downloadFile, getJson, putJson, queryOf, type DownloadOptions } from '@baridesk/api-client';
import type {
  ManageUserListItem,
  ManageUserRecord,
  ManageUserSavedResponse,
  ManageUsersExportQuery,
  ManageUsersListQuery,
  ManageUsersProgram,
  Page,
  PatientUpdateInput,
} from '@baridesk/contracts';

const BASE = 'admin/manage-users';
/** Every query of these screens starts with this key, so a change refreshes the list and the patient. */
export const manageUsersKey = ['admin-manage-users'] as const;

export type ManageUsersParams = Partial<ManageUsersListQuery>;

/** GET /api/admin/manage-users: one page of patients of every program. */
export const useManageUsers = (params: ManageUsersParams) =>
  useQuery({
    queryKey: [...manageUsersKey, 'list', params],
    queryFn: ({ signal }) => getJson<{ data: Page<ManageUserListItem> }>(BASE, { searchParams: queryOf(params), signal }),
    placeholderData: keepPreviousData,
  });

/** GET /programs: the live programs to filter by. */
export const useManageUsersPrograms = () =>
  useQuery({
    queryKey: [...manageUsersKey, 'programs'],
    queryFn: async ({ signal }) => (await getJson<{ data: ManageUsersProgram[] }>(`${BASE}/programs`, { signal })).data,
    staleTime: 5 * 60_000,
  });

/** GET /{id}: the patient's record with its program. */
export const useManageUser = (id: number | null) =>
  useQuery({
    queryKey: [...manageUsersKey, 'record', id],
    queryFn: async ({ signal }) => (await getJson<{ data: ManageUserRecord }>(`${BASE}/${id}`, { signal })).data,
    enabled: id !== null,
  });

/** PUT /{id}: the staff edit's body, every field. */
export function useUpdateManageUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PatientUpdateInput & { id: number }) => putJson<ManageUserSavedResponse>(`${BASE}/${body.id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: manageUsersKey }),
  });
}

/** DELETE /{id}: the patient is kept, inactive. */
export function useDeleteManageUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteJson<{ message: string }>(`${BASE}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: manageUsersKey }),
  });
}

/** GET /patient-report/excel: the list's patients (search, filters, order) as an Excel file the browser saves. */
export const exportManageUsers = (query: Partial<ManageUsersExportQuery>, signal?: AbortSignal, onProgress?: DownloadOptions['onProgress']) =>
  downloadFile(`${BASE}/patient-report/excel`, {
    searchParams: queryOf(query),
    signal,
    onProgress,
    fallbackName: 'patients-all-programs.xlsx',
  });
