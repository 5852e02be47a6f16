import { Alert, Button, Progress, Spinner, Stack, Text } from '@chakra-ui/react';
import { formatAmount } from '@baridesk/domain';

export const REPORT_PREPARING_MESSAGE = 'Your report is being prepared. Leave this window open. It may take a few minutes.';

/** How far a report has come: rows written of `total` (a PDF's total is not known until done: no progress is shown). */
export type ReportProgress = { done: number; total: number | null };

export type ReportBannerProps = {
  /** The report being prepared ("Pre-Op Report"), shown as the banner's title. */
  label?: string;
  /** Its progress, once the server makes it in the background; none before. */
  progress?: ReportProgress | null;
  onCancel: () => void;
};

/** "12,000 of 100,000 rows". */
export function progressText({ done, total }: { done: number; total: number }): string {
  return `${formatAmount(done)} of ${formatAmount(total)} rows`;
}

/**
 * Shown while a report download is prepared (spec section 4); Cancel stops it. A background export of a
 * known number of rows shows its progress: a bar named "Report progress" whose value reads as the rows text. The text sits outside
 * the banner's live region's announcements (aria-live off): read out every second it would drown the
 * screen reader; the bar is there to be read on demand.
 */
export function ReportBanner({ label, progress, onCancel }: ReportBannerProps) {
  const known = progress && progress.total !== null ? { done: Math.min(progress.done, progress.total), total: progress.total } : null;
  const rows = known ? progressText(known) : null;
  return (
    <Alert.Root status="info" role="status" alignItems="center" borderWidth="1px" borderColor="brand.border">
      <Alert.Indicator>
        <Spinner size="sm" />
      </Alert.Indicator>
      <Alert.Content>
        {label ? <Alert.Title>{label}</Alert.Title> : null}
        <Alert.Description>{REPORT_PREPARING_MESSAGE}</Alert.Description>
        {known && rows ? (
          <Stack gap="1" mt="2" aria-live="off">
            <Progress.Root value={known.done} max={Math.max(known.total, 1)} size="sm" maxW="sm">
              <Progress.Track aria-label="Report progress" aria-valuetext={rows}>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
            <Text textStyle="sm">{rows}</Text>
          </Stack>
        ) : null}
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
    </Alert.Root>
  );
}
