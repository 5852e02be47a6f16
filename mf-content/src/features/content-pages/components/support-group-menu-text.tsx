import { useState } from 'react';
import { SUPPORT_GROUP_MENU_DATA } from '@baridesk/contracts';
import { Button, Skeleton, Stack } from '@baridesk/ui';
import { LoadError } from '@baridesk/ui/lists';
import { Modal } from '@baridesk/ui/overlays';
import { useContentPage } from '../api/content-page';
import { ContentPageForm } from './content-page-form';

/** The app's heading over the support groups: its menu text's form, once the page has loaded. */
function MenuTextBody({ onClose }: { onClose: () => void }) {
  const query = useContentPage(SUPPORT_GROUP_MENU_DATA);
  if (query.isError) {
    return <LoadError title="The menu text could not be loaded." message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  if (query.isPending) {
    return (
      <Stack gap="3" role="status" aria-label="Loading the menu text">
        <Skeleton height="10" />
        <Skeleton height="40" />
      </Stack>
    );
  }
  return <ContentPageForm definition={SUPPORT_GROUP_MENU_DATA} page={query.data} menuLabel="Support Group" onSaved={onClose} onCancel={onClose} />;
}

/**
 * "Menu text" on the support group list: the heading, text, picture and link the app shows above the
 * program's support groups (GET and POST /api/content/support-group/menu-data), edited in a dialog.
 */
export function SupportGroupMenuTextButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Menu text
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title="Support Group menu text" size="xl">
        {open ? <MenuTextBody onClose={() => setOpen(false)} /> : null}
      </Modal>
    </>
  );
}
