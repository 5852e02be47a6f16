import type { PatientChecklist } from '@baridesk/contracts';
import { Stack, Text } from '@baridesk/ui';
import { Progress } from '@baridesk/ui/lists';

/** "3 of 5 done (60%)" and its bar. */
export function ChecklistProgress({ checklist, label }: { checklist: Pick<PatientChecklist, 'completed' | 'total' | 'percent'>; label: string }) {
  const text = `${checklist.completed} of ${checklist.total} done (${checklist.percent}%)`;
  return (
    <Stack gap="1" maxW="md">
      <Text fontWeight="medium">{text}</Text>
      <Progress.Root value={checklist.percent} size="sm" colorPalette="brand">
        <Progress.Track aria-label={label} aria-valuetext={text}>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Stack>
  );
}
