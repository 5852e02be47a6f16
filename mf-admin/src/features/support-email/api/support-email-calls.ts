import { useQuery } from '@tanstack/react-query';
import { getJson, postJson } from '@baridesk/api-client';
import type { SupportEmailBody, SupportEmailSetting } from '@baridesk/contracts';

const BASE = 'admin/support-email';
export const SUPPORT_EMAIL_KEY = ['admin-support-email'] as const;

/** GET /api/admin/support-email: the address in use (the saved one, else the deployment's default). */
export const useSupportEmail = () =>
  useQuery({ queryKey: SUPPORT_EMAIL_KEY, queryFn: ({ signal }) => getJson<{ data: SupportEmailSetting }>(BASE, { signal }).then((answer) => answer.data) });

/** POST /update {email}. */
export const saveSupportEmail = (body: SupportEmailBody) => postJson<{ data: SupportEmailSetting; message: string }>(`${BASE}/update`, body);
