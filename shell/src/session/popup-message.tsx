import { useState } from 'react';
import { dismissPopup, notifyError } from '@baridesk/api-client';
import { appStore, useAppStore } from '@baridesk/store';
import { Button, Text } from '@baridesk/ui';
import { Modal } from '@baridesk/ui/overlays';
import { hasPendingPopup } from './sign-in-modals';

/** Shows the program's popup message once; OK records that it was seen. */
export function PopupMessage() {
  const user = useAppStore((s) => s.user);
  const [busy, setBusy] = useState(false);
  const open = hasPendingPopup(user);

  const acknowledge = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await dismissPopup();
    } catch (error) {
      notifyError(error);
    } finally {
      // Seen is seen: even if the server did not record it, it is not shown again in this session.
      const current = appStore.getState().user;
      if (current) appStore.getState().setUser({ ...current, popup_status: 0 });
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={() => void acknowledge()}
      title="Message"
      size="md"
      footer={
        <Button colorPalette="brand" onClick={() => void acknowledge()} loading={busy}>
          OK
        </Button>
      }
    >
      <Text whiteSpace="pre-line">{user?.popup_msg1}</Text>
    </Modal>
  );
}
