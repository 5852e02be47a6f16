import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { MfaCodeBody, MfaRecoveryCodesResponse } from '@baridesk/contracts';
import { mfaStatusQueryKey } from './get-mfa-status';

/** POST /api/mfa/recovery-codes: a new set (the old codes stop working), asked with a current code. */
export const renewRecoveryCodes = (body: MfaCodeBody) => postJson<MfaRecoveryCodesResponse>('mfa/recovery-codes', body);

export const useRenewRecoveryCodes = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'mfa', 'recovery-codes'] as const,
    mutationFn: renewRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaStatusQueryKey }),
  });
};
