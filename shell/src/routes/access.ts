import { hasPermission, mayOpenMenuArea } from '@baridesk/domain';
import { menuAreaHolderOf, type AuthUser } from '@baridesk/contracts';
import type { Access } from './route-table';

export type Decision = { allow: true } | { allow: false; redirect: string };

const allow: Decision = { allow: true };
const to = (redirect: string): Decision => ({ allow: false, redirect });

/** Where a signed-in user lands: super admins on their dashboard, staff on theirs. */
export const homeOf = (user: AuthUser): string => (user.type === 'super_admin' ? '/admin/dashboard' : '/dashboard');

/**
 * The guards of both specs, as one pure decision: may this user open a page with this access rule?
 * `user` is null when signed out. `fromLogin` is true when the sign-in screen sent the user here.
 */
export function decideAccess(access: Access, user: AuthUser | null, path: string, fromLogin = false): Decision {
  switch (access.kind) {
    case 'public':
      return allow;
    case 'guest':
      return user ? to(homeOf(user)) : allow;
    case 'login-flow':
      return fromLogin ? allow : to(user ? homeOf(user) : '/login');
    default:
      break;
  }
  if (!user) return to('/login');
  // Staff whose password was never changed change it first, once (super admins are not forced).
  if (user.type !== 'super_admin' && user.is_password_changed !== 1 && path !== '/change-password') {
    return to('/change-password');
  }
  if (access.kind === 'signed-in') return allow;
  if (access.kind === 'admin') {
    if (user.type !== 'super_admin') return to('/dashboard');
    if (access.permission && !hasPermission({ id: user.id, type: user.type, permissions: user.permissions.map((p) => p.slug) }, access.permission)) {
      return to('/admin/dashboard');
    }
    return allow;
  }
  // Staff pages.
  if (user.type === 'super_admin') return to('/admin/dashboard');
  // The program user's menu flags and self-service, by the same table the server and the sidebar read.
  if (access.area && !mayOpenMenuArea(menuAreaHolderOf(user), access.area)) return to('/dashboard');
  if (access.subUserOnly && user.type !== 'sub_user') return to('/dashboard');
  if (access.programUserOnly && user.type !== 'program_user') return to('/dashboard');
  if (access.administrativeRights && user.administrative_rights !== 1) return to('/pipeline');
  return allow;
}
