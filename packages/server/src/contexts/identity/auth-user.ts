import { PROGRAM_USER_MENU_FLAGS, type ProgramUserMenuFlag } from '@baridesk/domain';
import type { AuthUser } from '@baridesk/contracts';
import type { Principal } from './principal';
import type { Scope } from '../../lib/scope';
import { asFlag } from '../../lib/sql';

/** A program user's 0/1 menu flags; null for every other account (sub users have every menu). */
function menuFlagsOf({ programUser }: Principal): Record<ProgramUserMenuFlag, 0 | 1> | null {
  if (!programUser) return null;
  return Object.fromEntries(PROGRAM_USER_MENU_FLAGS.map((f) => [f, asFlag(programUser[f])])) as Record<ProgramUserMenuFlag, 0 | 1>;
}

/** The caller's scope, derived from the rows their session was resolved from. */
export function toScope(principal: Principal): Scope {
  const { account, programUser, program } = principal;
  const flags = menuFlagsOf(principal);
  return {
    accountId: account.id,
    sessionId: principal.session.id,
    type: account.type,
    programId: account.type === 'super_admin' ? null : (program?.id ?? null),
    permissions: principal.permissions.map((p) => p.slug),
    administrativeRights: account.type === 'sub_user' || programUser?.administrative_rights === 1,
    selfService: programUser?.self_service === 1,
    flags,
  };
}

/** The signed-in user as the specs' "Auth user" lists it. */
export function toAuthUser(principal: Principal): AuthUser {
  const { account, programUser, program, superAdmin } = principal;
  const name =
    account.type === 'super_admin'
      ? `${superAdmin?.first_name ?? ''} ${superAdmin?.last_name ?? ''}`.trim()
      : account.type === 'program_user'
        ? (programUser?.name ?? '')
        : (program?.owner_name ?? program?.title ?? '');
  const isProgramAccount = account.type === 'sub_user';
  return {
    id: account.id,
    name,
    email: account.email,
    created: account.created_at.toISOString(),
    type: account.type,
    program_id: account.type === 'super_admin' ? null : (program?.id ?? null),
    popup_msg1: isProgramAccount ? (program?.popup_msg ?? null) : null,
    popup_status: isProgramAccount ? asFlag(program?.popup_status) : 0,
    programmer_code: account.type === 'super_admin' ? null : (program?.programmer_code ?? null),
    sub_user:
      program && account.type !== 'super_admin'
        ? { id: program.id, title: program.title, programmer_code: program.programmer_code }
        : null,
    permissions: principal.permissions,
    administrative_rights: isProgramAccount ? 1 : asFlag(programUser?.administrative_rights),
    self_service: asFlag(programUser?.self_service),
    // Only program users are asked to accept the licence terms; other accounts count as having accepted.
    terms_and_conditions_check: programUser ? asFlag(programUser.terms_and_conditions_check) : 1,
    is_password_changed: asFlag(account.is_password_changed),
    menu_flags: account.type === 'program_user' ? menuFlagsOf(principal) : null,
  };
}
