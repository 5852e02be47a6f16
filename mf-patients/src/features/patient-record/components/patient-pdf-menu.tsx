import { PATIENT_REPORT_TYPES, PATIENT_REPORT_TYPE_LABELS, type PatientReportType } from '@baridesk/contracts';
import { Button } from '@baridesk/ui';
import { Menu, Portal } from '@baridesk/ui/overlays';

export type PatientPdfMenuProps = {
  onSelect: (type: PatientReportType) => void;
  /** While a report is being prepared (one at a time). */
  busy?: boolean;
};

/**
 * "Download PDF" with the two reports to choose from: Summary (details, outcomes, the weight chart, the
 * latest weigh-ins and notes) and Full (also every weigh-in and note, checklist notes and water).
 */
export function PatientPdfMenu({ onSelect, busy = false }: PatientPdfMenuProps) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="outline" colorPalette="gray" disabled={busy}>
          Download PDF
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {PATIENT_REPORT_TYPES.map((type) => (
              // The item's own click (Enter on a highlighted item clicks it too): the root's onSelect was seen
              // to fire only for the first choice made on a page.
              <Menu.Item key={type} value={type} onClick={() => onSelect(type)}>
                {PATIENT_REPORT_TYPE_LABELS[type]}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
