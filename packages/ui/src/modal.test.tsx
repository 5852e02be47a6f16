import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { Modal } from './modal';
import { pressEscapeIn, renderUi } from './test/render-ui';

function Harness({ dismissible }: { dismissible?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Add New Section
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Add Dynamic Section"
        dismissible={dismissible}
        footer={<button type="button">Save</button>}
      >
        <p>Name</p>
      </Modal>
    </>
  );
}

test('opens as a named dialog with body and footer; the close button and Escape close it', async () => {
  const { user } = await renderUi(<Harness />);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Add New Section' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Dynamic Section' });
  expect(dialog).toHaveTextContent('Name');
  expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  await user.click(screen.getByRole('button', { name: 'Add New Section' }));
  await pressEscapeIn(user, await screen.findByRole('dialog'));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await waitFor(() => expect(screen.getByRole('button', { name: 'Add New Section' })).toHaveFocus());
});

test('a modal that is not dismissible has no close button and ignores Escape', async () => {
  const { user } = await renderUi(<Harness dismissible={false} />);
  await user.click(screen.getByRole('button', { name: 'Add New Section' }));
  const dialog = await screen.findByRole('dialog');
  expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  await pressEscapeIn(user, dialog);
  expect(screen.getByRole('dialog')).toBeInTheDocument();
});

test('gives the focus to finalFocusEl on closing, when the opener is gone', async () => {
  function FromAMenu() {
    const [open, setOpen] = useState(false);
    const [menu, setMenu] = useState(true);
    return (
      <>
        <button type="button" id="actions">
          Actions
        </button>
        {menu ? (
          // A menu item that closes its menu as it opens the dialog: nothing is left to give the focus back to.
          <button type="button" onClick={() => (setMenu(false), setOpen(true))}>
            History
          </button>
        ) : null}
        <Modal open={open} onClose={() => setOpen(false)} title="History" finalFocusEl={() => document.getElementById('actions')}>
          <p>Moves</p>
        </Modal>
      </>
    );
  }
  const { user } = await renderUi(<FromAMenu />);
  await user.click(screen.getByRole('button', { name: 'History' }));
  await pressEscapeIn(user, await screen.findByRole('dialog', { name: 'History' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await waitFor(() => expect(screen.getByRole('button', { name: 'Actions' })).toHaveFocus());
});
