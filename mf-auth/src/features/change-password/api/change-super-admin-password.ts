import { useMutation } from '@tanstack/react-query';
import { changeSuperAdminPassword } from '@baridesk/api-client';
import type { SuperAdminChangePasswordBody } from '@baridesk/contracts';

export const changeSuperAdminPasswordMutationKey = ['admin', 'super-admin', 'change-password'] as const;

export type ChangeSuperAdminPasswordInput = { id: number; body: SuperAdminChangePasswordBody };

/** PATCH /api/admin/super-admin/change-password/{id}: here always the signed-in super admin's own. */
export const useChangeSuperAdminPassword = () =>
  useMutation({
    mutationKey: changeSuperAdminPasswordMutationKey,
    mutationFn: ({ id, body }: ChangeSuperAdminPasswordInput) => changeSuperAdminPassword(id, body),
  });
