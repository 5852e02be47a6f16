import { useId } from 'react';
import { Box, Button, Heading, Stack, Text } from '@baridesk/ui';
import { Modal } from '@baridesk/ui/overlays';
import { formatDate } from '@baridesk/domain';
import type { EventEditScope } from '@baridesk/contracts';

export type SeriesScopeProps = {
  action: 'edit' | 'delete';
  /** The event's title, named in the question. */
  title: string;
  /** The day of the series the user opened ('yyyy-MM-dd'). */
  day: string;
  onChoose: (scope: EventEditScope) => void;
  onCancel: () => void;
};

const HEADINGS = { edit: 'Edit a repeating event', delete: 'Delete a repeating event' } as const;

function Question({ action, title, day }: Pick<SeriesScopeProps, 'action' | 'title' | 'day'>) {
  return (
    <Text>
      “{title}” repeats. {action === 'edit' ? 'Change' : 'Delete'} the event of {formatDate(day)} only, or every event in the series?
    </Text>
  );
}

function Answers({ action, onChoose, onCancel }: Pick<SeriesScopeProps, 'action' | 'onChoose' | 'onCancel'>) {
  const palette = action === 'delete' ? 'red' : undefined;
  return (
    <Stack direction={{ base: 'column', sm: 'row' }} gap="2">
      <Button colorPalette={palette} onClick={() => onChoose('occurrence')}>
        This event only
      </Button>
      <Button variant="outline" colorPalette={palette} onClick={() => onChoose('series')}>
        All events in the series
      </Button>
      <Button variant="outline" colorPalette="gray" onClick={onCancel}>
        Cancel
      </Button>
    </Stack>
  );
}

/**
 * The question a day of a series asks before it is changed: that day only (scope occurrence, with the
 * day) or the whole series. Asked on the form's page itself, not in a dialog: the page is opened by a
 * navigation, and the shell then moves the focus to the page's heading, which would close a dialog.
 */
export function SeriesScopeQuestion(props: SeriesScopeProps) {
  const headingId = useId();
  return (
    <Box role="group" aria-labelledby={headingId} borderWidth="1px" borderRadius="md" p="4" maxW="2xl">
      <Stack gap="3">
        <Heading as="h2" size="md" id={headingId}>
          {HEADINGS[props.action]}
        </Heading>
        <Question {...props} />
        <Answers {...props} />
      </Stack>
    </Box>
  );
}

/** The same question in a dialog, for Delete on the event's page; Escape or Cancel leaves everything as it was. */
export function SeriesScopeDialog(props: SeriesScopeProps) {
  return (
    <Modal open role="alertdialog" title={HEADINGS[props.action]} onClose={props.onCancel} footer={<Answers {...props} />}>
      <Question {...props} />
    </Modal>
  );
}
