import { useQuery } from '@tanstack/react-query';
import { downloadFile, getJson, patchJson, type DownloadOptions } from '@baridesk/api-client';
import type { Permission, SuperAdminChangePasswordBody } from '@baridesk/contracts';

const BASE = 'admin/super-admin';

/** GET /api/admin/permissions: every permission a super admin can hold, in id order. */
export const usePermissions = () =>
  useQuery({
    queryKey: ['admin-permissions'],
    queryFn: () => getJson<{ data: Permission[] }>('admin/permissions').then((answer) => answer.data),
    staleTime: Infinity,
  });

/** PATCH /change-password/{id}: another super admin's password (or one's own, with the current one). */
export const changeSuperAdminPassword = (id: number, body: SuperAdminChangePasswordBody) =>
  patchJson<{ message: string }>(`${BASE}/change-password/${id}`, body);

/** GET /excel-report: the super admins the list shows (search, status, order) as an Excel file the browser saves. */
export const exportSuperAdmins = (searchParams: Record<string, string>, signal?: AbortSignal, onProgress?: DownloadOptions['onProgress']) =>
  downloadFile(`${BASE}/excel-report`, { searchParams, signal, onProgress, fallbackName: 'super-admins.xlsx' });
