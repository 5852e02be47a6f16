import { Button, Text } from '@baridesk/ui';
import { Modal } from '@baridesk/ui/overlays';

export const NEW_EVENT_PATH = '/event-calender/form';

export type NoEventsNoticeProps = {
  open: boolean;
  onClose: () => void;
  onAddEvent: () => void;
};

/** After sign-in, when the program's calendar is empty: an invitation to add the first event. */
export function NoEventsNotice({ open, onClose, onAddEvent }: NoEventsNoticeProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="No events yet"
      size="md"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Not now
          </Button>
          <Button colorPalette="brand" onClick={onAddEvent}>
            Add an event
          </Button>
        </>
      }
    >
      <Text>
        Your program has no events in its calendar. Add support-group meetings and seminars so patients can see them in
        the app.
      </Text>
    </Modal>
  );
}
