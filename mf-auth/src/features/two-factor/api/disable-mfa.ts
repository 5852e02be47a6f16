import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { MfaDisableBody } from '@baridesk/contracts';
import { mfaStatusQueryKey } from './get-mfa-status';

/** POST /api/mfa/disable: turns the second factor off, with the password and a current code. */
export const disableMfa = (body: MfaDisableBody) => postJson<{ message: string }>('mfa/disable', body);

export const useDisableMfa = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'mfa', 'disable'] as const,
    mutationFn: disableMfa,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaStatusQueryKey }),
  });
};
