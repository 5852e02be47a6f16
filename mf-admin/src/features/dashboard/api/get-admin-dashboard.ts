import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@baridesk/api-client';
import type { AdminDashboard } from '@baridesk/contracts';

export type AdminDashboardResponse = { data: AdminDashboard };

export const getAdminDashboard = (signal?: AbortSignal) => getJson<AdminDashboardResponse>('admin/dashboard', { signal });

export const adminDashboardQueryOptions = () =>
  queryOptions({ queryKey: ['admin-dashboard'], queryFn: ({ signal }) => getAdminDashboard(signal) });

export const useAdminDashboard = () => useQuery(adminDashboardQueryOptions());
