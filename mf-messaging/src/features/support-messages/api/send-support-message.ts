import { useMutation } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { SupportMessageBody } from '@baridesk/contracts';

type Sent = { data: { id: number; type: string; created_at: string; mailed: boolean }; message: string };

/** POST /api/support-message/store: stored, then mailed to the support team. */
export const sendSupportMessage = (body: SupportMessageBody) => postJson<Sent>('support-message/store', body);

export const useSendSupportMessage = () => useMutation({ mutationFn: sendSupportMessage });
