import type { PermissionSlug, ProgramUserMenuFlag, UserType } from '@baridesk/domain';

/** Who is calling, resolved once per request from the session, and handed to every repository. */
export interface Scope {
  accountId: number;
  sessionId: number;
  type: UserType;
  /** The program whose data the caller may see; null for super admins. */
  programId: number | null;
  permissions: readonly PermissionSlug[];
  administrativeRights: boolean;
  selfService: boolean;
  /** A program user's menu flags; null for sub users (every menu) and super admins. */
  flags: Readonly<Record<ProgramUserMenuFlag, 0 | 1>> | null;
}

/** A caller of the staff area: always bound to one program. */
export interface StaffScope extends Scope {
  type: 'sub_user' | 'program_user';
  programId: number;
}

/** A super admin: bound to no program; what they may open is their permission slugs (id 48: every one). */
export interface AdminScope extends Scope {
  type: 'super_admin';
  programId: null;
}

export const isSuperAdmin = (scope: Scope): scope is AdminScope => scope.type === 'super_admin';

export const isStaff = (scope: Scope): scope is StaffScope =>
  (scope.type === 'sub_user' || scope.type === 'program_user') && scope.programId !== null;

/**
 * Who may call a route. `public`: anyone; `signed-in`: any valid session; `staff`: a program's sub user or
 * program user; `sub_user`: the program account only; `super_admin`: with `permission` when the route names one;
 * `patient`: a patient signed in to the app (a patient session, which no staff route accepts).
 */
export type Access = 'public' | 'signed-in' | 'staff' | 'sub_user' | 'program_user' | 'super_admin' | 'patient';

/** Narrows a scope the api autohook already checked to a staff scope (typing only; 403 if misused). */
export function staffScope(scope: Scope): StaffScope {
  if (!isStaff(scope)) throw Object.assign(new Error('This is available to program staff only.'), { statusCode: 403 });
  return scope;
}
