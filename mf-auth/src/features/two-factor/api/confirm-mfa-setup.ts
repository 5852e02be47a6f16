import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { MfaCodeBody, MfaRecoveryCodesResponse } from '@baridesk/contracts';
import { mfaStatusQueryKey } from './get-mfa-status';

/** POST /api/mfa/confirm: the new authenticator's first code turns it on; answers the recovery codes once. */
export const confirmMfaSetup = (body: MfaCodeBody) => postJson<MfaRecoveryCodesResponse>('mfa/confirm', body);

export const useConfirmMfaSetup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'mfa', 'confirm'] as const,
    mutationFn: confirmMfaSetup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaStatusQueryKey }),
  });
};
