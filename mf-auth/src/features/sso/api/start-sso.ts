import { useMutation } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { SsoStartBody, SsoStartResponse } from '@baridesk/contracts';

/** POST /api/sso/start: the address of the program's identity provider, where the browser goes next. */
export const startSso = (body: SsoStartBody) => postJson<SsoStartResponse>('sso/start', body);

export const startSsoMutationKey = ['auth', 'sso', 'start'] as const;

export const useStartSso = () => useMutation({ mutationKey: startSsoMutationKey, mutationFn: startSso });
