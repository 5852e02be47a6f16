/** The calls of signing in and out, the session guard, the shell's chrome and dynamic sections. */
import type {
  AuthUser,
  ChangePasswordBody,
  DynamicContentSection,
  DynamicSectionListQuery,
  DynamicSectionStoreBody,
  LoginBody,
  LoginResponse,
  Page,
  SidebarMenu,
  SuperAdminChangePasswordBody,
} from '@baridesk/contracts';
import { bus } from '@baridesk/event-bus';
import { getJson, patchJson, postJson } from './requests';

/** The success body of the API: `{ data }`, sometimes with a message to show. */
export type ApiEnvelope<T> = { data: T; message?: string };

export type MessageResponse = { message: string };

export type TokenValidation = { valid: true; type: AuthUser['type']; expiresInMinutes: number };

export const login = (body: LoginBody) => postJson<LoginResponse>('login', body);

/** Ends the session on the server. Failures are ignored (spec): the caller signs out locally anyway. */
export async function logout(): Promise<void> {
  try {
    await postJson<MessageResponse>('logout');
  } catch {
    // Nothing to tell the user: an expired or revoked token is as good as logged out.
  }
}

export const fetchUser = () => getJson<ApiEnvelope<AuthUser>>('user');

/** The navigation guard's check; throws an ApiRequestError (401) when the session is gone. */
export const validateToken = () => getJson<ApiEnvelope<TokenValidation>>('token/validate');

export const fetchSidebarMenu = () => getJson<ApiEnvelope<SidebarMenu>>('sidebar-menu');

export const acceptTerms = (programUserId: number) =>
  postJson<ApiEnvelope<{ terms_and_conditions_check: 0 | 1 }>>('program-user-terms-check', { programUserId });

/** The sub user saw the dashboard popup message: it is not shown again. */
export const dismissPopup = () => postJson<ApiEnvelope<{ popup_status: 0 | 1 }>>('dashboard-popup-status/update');

export const changePassword = (body: ChangePasswordBody) => postJson<MessageResponse>('change-password', body);

export const changeSuperAdminPassword = (id: number, body: SuperAdminChangePasswordBody) =>
  patchJson<MessageResponse>(`admin/super-admin/change-password/${id}`, body);

/** Query values as the URL carries them; unset ones are left out. */
function toSearchParams(query: Record<string, string | number | undefined>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params[key] = String(value);
  return params;
}

export const fetchDynamicSections = (query: Partial<DynamicSectionListQuery> = {}) =>
  getJson<ApiEnvelope<Page<DynamicContentSection>>>('content/dynamic-content-section', {
    searchParams: toSearchParams(query),
  });

export type DynamicSectionInput = Omit<DynamicSectionStoreBody, 'status'> & Partial<Pick<DynamicSectionStoreBody, 'status'>>;

/** Adds a dynamic section; the sidebar lists them, so it is told to reload. */
export async function storeDynamicSection(body: DynamicSectionInput): Promise<ApiEnvelope<DynamicContentSection>> {
  const created = await postJson<ApiEnvelope<DynamicContentSection>>('content/dynamic-content-section/store', body);
  bus.emit('sidebar:changed');
  return created;
}
