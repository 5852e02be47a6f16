import { useId } from 'react';
import { Card, Heading } from '@baridesk/ui';
import { Tabs } from '@baridesk/ui/overlays';
import { ChecklistNotesTab } from './checklist-notes-tab';
import { InternalNotesTab } from './internal-notes-tab';

/**
 * A patient's staff notes, under the record: internal notes and checklist notes, each in its tab. A
 * tab's notes load when it is first opened; what is typed in a tab's form stays while the other is shown.
 */
export function PatientNotesPanel({ patientId }: { patientId: number }) {
  const headingId = useId();
  return (
    <Card.Root as="section" aria-labelledby={headingId}>
      <Card.Header>
        <Heading as="h2" size="md" id={headingId}>
          Notes
        </Heading>
      </Card.Header>
      <Card.Body>
        <Tabs.Root defaultValue="internal" variant="line" lazyMount>
          <Tabs.List aria-label="Notes">
            <Tabs.Trigger value="internal">Internal notes</Tabs.Trigger>
            <Tabs.Trigger value="checklist">Checklist notes</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="internal" pt="4">
            <InternalNotesTab patientId={patientId} />
          </Tabs.Content>
          <Tabs.Content value="checklist" pt="4">
            <ChecklistNotesTab patientId={patientId} />
          </Tabs.Content>
        </Tabs.Root>
      </Card.Body>
    </Card.Root>
  );
}
