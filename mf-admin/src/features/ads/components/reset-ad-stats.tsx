import { useCallback } from 'react';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import type { AnyResource } from '@baridesk/contracts';
import { Button } from '@baridesk/ui';
import { useConfirm } from '@baridesk/ui/overlays';
import { useResetAdStats } from '../api/reset-ad-stats';

/** "Reset statistics" of an ad, after a question naming it; the server's answer is the notice. Render `dialog` in the screen. */
export function useAskResetAdStats(resource: AnyResource) {
  const { confirm, dialog } = useConfirm();
  const { mutateAsync } = useResetAdStats(resource);
  const askReset = useCallback(
    async (id: number, name: string) => {
      const confirmed = await confirm({
        title: 'Reset statistics',
        message: `Reset the statistics of "${name}"? Its impressions and clicks start again from 0; the old figures are not kept.`,
        confirmLabel: 'Reset',
        destructive: true,
      });
      if (!confirmed) return;
      try {
        notifySuccess((await mutateAsync(id)).message);
      } catch (error) {
        notifyError(error);
      }
    },
    [confirm, mutateAsync],
  );
  return { askReset, dialog };
}

/** A row's button, named with the ad for screen readers (the visible words begin the name). */
export function ResetAdStatsButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <Button size="xs" variant="outline" onClick={onClick} aria-label={`Reset statistics of ${name}`}>
      Reset statistics…
    </Button>
  );
}
