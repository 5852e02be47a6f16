import { Alert, Button, Spinner } from '@chakra-ui/react';

export const REPORT_PREPARING_MESSAGE = 'Your report is being prepared. Leave this window open. It may take a few minutes.';

export type ReportBannerProps = {
  /** The report being prepared ("Pre-Op Report"), shown as the banner's title. */
  label?: string;
  onCancel: () => void;
};

/** Shown while a report download is prepared (spec section 4); Cancel stops it. */
export function ReportBanner({ label, onCancel }: ReportBannerProps) {
  return (
    <Alert.Root status="info" role="status" alignItems="center" borderWidth="1px" borderColor="brand.border">
      <Alert.Indicator>
        <Spinner size="sm" />
      </Alert.Indicator>
      <Alert.Content>
        {label ? <Alert.Title>{label}</Alert.Title> : null}
        <Alert.Description>{REPORT_PREPARING_MESSAGE}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
    </Alert.Root>
  );
}
