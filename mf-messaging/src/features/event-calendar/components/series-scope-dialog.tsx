import { Button, Stack, Text } from '@baridesk/ui';
import { Modal } from '@baridesk/ui/overlays';
import { formatDate } from '@baridesk/domain';
import type { EventEditScope } from '@baridesk/contracts';

export type SeriesScopeDialogProps = {
  action: 'edit' | 'delete';
  /** The event's title, named in the question. */
  title: string;
  /** The day of the series the user opened ('yyyy-MM-dd'). */
  day: string;
  onChoose: (scope: EventEditScope) => void;
  onCancel: () => void;
};

const WORDS = {
  edit: { heading: 'Edit a repeating event', one: 'This event only', all: 'All events in the series' },
  delete: { heading: 'Delete a repeating event', one: 'This event only', all: 'All events in the series' },
} as const;

/**
 * The question a day of a series asks before it is changed or deleted: that day only (scope occurrence,
 * with the day) or the whole series. Escape or Cancel leaves everything as it was.
 */
export function SeriesScopeDialog({ action, title, day, onChoose, onCancel }: SeriesScopeDialogProps) {
  const words = WORDS[action];
  return (
    <Modal
      open
      role="alertdialog"
      title={words.heading}
      onClose={onCancel}
      footer={
        <Stack direction={{ base: 'column', sm: 'row' }} gap="2" width={{ base: 'full', sm: 'auto' }}>
          <Button variant="outline" colorPalette="gray" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="outline" colorPalette={action === 'delete' ? 'red' : undefined} onClick={() => onChoose('series')}>
            {words.all}
          </Button>
          <Button colorPalette={action === 'delete' ? 'red' : undefined} onClick={() => onChoose('occurrence')}>
            {words.one}
          </Button>
        </Stack>
      }
    >
      <Text>
        “{title}” repeats. {action === 'edit' ? 'Change' : 'Delete'} the event of {formatDate(day)} only, or every event in the series?
      </Text>
    </Modal>
  );
}
