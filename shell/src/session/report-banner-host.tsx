import { useEffect, useState } from 'react';
import { bus, type BariDeskEvents } from '@baridesk/event-bus';
import { Box } from '@baridesk/ui';
import { ReportBanner } from '@baridesk/ui/overlays';

/**
 * Shows the report-preparation banner while any remote says a report is being prepared
 * ('report:preparing'); Cancel tells the remote to stop (the same event with null).
 */
export function ReportBannerHost() {
  const [report, setReport] = useState<BariDeskEvents['report:preparing']>(null);
  useEffect(() => bus.on('report:preparing', setReport), []);
  if (!report) return null;
  return (
    <Box position="fixed" insetX="0" bottom="4" zIndex="toast" display="flex" justifyContent="center" px="4" pointerEvents="none">
      <Box maxW="xl" w="full" pointerEvents="auto" boxShadow="lg" borderRadius="md" bg="bg">
        <ReportBanner label={report.label} onCancel={() => bus.emit('report:preparing', null)} />
      </Box>
    </Box>
  );
}
