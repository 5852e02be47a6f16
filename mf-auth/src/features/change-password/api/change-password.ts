import { useMutation } from '@tanstack/react-query';
import { changePassword } from '@baridesk/api-client';

export const changePasswordMutationKey = ['auth', 'change-password'] as const;

/** POST /api/change-password: a staff member's own password (also the forced first change). */
export const useChangePassword = () => useMutation({ mutationKey: changePasswordMutationKey, mutationFn: changePassword });
