import type { FollowUpRow } from '@baridesk/contracts';

export type FollowUpStateKey = FollowUpRow['state'];

export const FOLLOW_UP_STATE_LABELS: Record<FollowUpStateKey, string> = { due: 'Due', overdue: 'Overdue', seen: 'Seen' };
