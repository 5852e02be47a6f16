import { useId, useState, type ReactNode } from 'react';
import type { PatientChecklistItem } from '@baridesk/contracts';
import { formatDate } from '@baridesk/domain';
import { Badge, Box, Button, chakra, Flex, HStack, Stack, Text } from '@baridesk/ui';
import { ChecklistItemCheckbox } from './checklist-item-checkbox';
import { CheckedByModal, DueDateModal } from './item-modals';

type Dialog = 'due-date' | 'checked-by' | null;

export type ChecklistItemRowProps = {
  item: PatientChecklistItem;
  /** The checklist is deactivated: nothing can be ticked or changed. */
  locked: boolean;
  /** The item's notes, shown under it on demand; without it the row shows the count only. */
  notes?: ReactNode;
};

const notesText = (count: number) => (count === 1 ? '1 note' : `${count} notes`);

/** One item: its box, description, due date (Overdue), who ticked it and when, and its notes. */
export function ChecklistItemRow({ item, locked, notes }: ChecklistItemRowProps) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notesOpen, setNotesOpen] = useState(false);
  const notesId = useId();
  const done = item.completed === 1;

  return (
    <chakra.li borderWidth="1px" borderRadius="md" p="3" bg={done ? 'bg.subtle' : undefined}>
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <Stack gap="1" flex="1" minW="16rem">
          <ChecklistItemCheckbox itemId={item.id} checked={done} label={item.title} disabled={locked} />
          <Stack gap="1" ps="7">
            {item.description ? (
              <Text color="fg.muted" whiteSpace="pre-wrap">
                {item.description}
              </Text>
            ) : null}
            <HStack gap="2" wrap="wrap" textStyle="sm">
              <Text>{item.due_date ? `Due ${formatDate(item.due_date)}` : 'No due date'}</Text>
              {item.overdue ? <Badge colorPalette="red">Overdue</Badge> : null}
              {item.template_name ? <Text color="fg.muted">{`· ${item.template_name}`}</Text> : null}
            </HStack>
            {done ? (
              <Text textStyle="sm">{`Done by ${item.completed_by?.name ?? 'a former staff member'} on ${formatDate(item.completed_at)}`}</Text>
            ) : null}
          </Stack>
        </Stack>
        <HStack gap="2" wrap="wrap">
          {notes ? (
            <Button
              size="xs"
              variant="outline"
              colorPalette="gray"
              aria-expanded={notesOpen}
              aria-controls={notesId}
              aria-label={`Notes (${item.note_count}) on ${item.title}`}
              onClick={() => setNotesOpen((open) => !open)}
            >
              {`Notes (${item.note_count})`}
            </Button>
          ) : (
            <Text textStyle="sm" color="fg.muted">
              {notesText(item.note_count)}
            </Text>
          )}
          <Button size="xs" variant="outline" disabled={locked} aria-label={`Due date of ${item.title}`} onClick={() => setDialog('due-date')}>
            Due date
          </Button>
          {done ? (
            <Button
              size="xs"
              variant="outline"
              disabled={locked}
              aria-label={`Change who checked ${item.title}`}
              onClick={() => setDialog('checked-by')}
            >
              Change who checked
            </Button>
          ) : null}
        </HStack>
      </Flex>
      {notes && notesOpen ? (
        <Box id={notesId} mt="3" ps="7">
          {notes}
        </Box>
      ) : null}
      {dialog === 'due-date' ? <DueDateModal item={item} onClose={() => setDialog(null)} /> : null}
      {dialog === 'checked-by' ? <CheckedByModal item={item} onClose={() => setDialog(null)} /> : null}
    </chakra.li>
  );
}
