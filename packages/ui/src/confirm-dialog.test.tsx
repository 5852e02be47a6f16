import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { ConfirmDialog, useConfirm } from './confirm-dialog';
import { pressEscapeIn, renderUi } from './test/render-ui';

function Props(props: { busy?: boolean; onConfirm: () => void; onCancel: () => void }) {
  return <ConfirmDialog open title="Delete patient" message="Delete Jane Doe?" {...props} />;
}

test('focuses Cancel first; the buttons confirm and cancel', async () => {
  const onConfirm = jest.fn();
  const onCancel = jest.fn();
  const { user } = await renderUi(<Props onConfirm={onConfirm} onCancel={onCancel} />);
  const dialog = await screen.findByRole('alertdialog', { name: 'Delete patient' });
  expect(dialog).toHaveTextContent('Delete Jane Doe?');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());

  await user.click(screen.getByRole('button', { name: 'Delete' }));
  expect(onConfirm).toHaveBeenCalledTimes(1);
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(onCancel).toHaveBeenCalledTimes(1);
});

test('Escape cancels', async () => {
  const onCancel = jest.fn();
  const { user } = await renderUi(<Props onConfirm={jest.fn()} onCancel={onCancel} />);
  await pressEscapeIn(user, await screen.findByRole('alertdialog'));
  await waitFor(() => expect(onCancel).toHaveBeenCalledTimes(1));
});

test('while busy nothing can be dismissed', async () => {
  const onCancel = jest.fn();
  const { user } = await renderUi(<Props busy onConfirm={jest.fn()} onCancel={onCancel} />);
  const dialog = await screen.findByRole('alertdialog');
  expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  await pressEscapeIn(user, dialog);
  expect(onCancel).not.toHaveBeenCalled();
});

function DeleteButton({ onAnswer }: { onAnswer: (confirmed: boolean) => void }) {
  const { confirm, dialog } = useConfirm();
  const [asked, setAsked] = useState(0);
  return (
    <>
      <button
        type="button"
        onClick={async () => {
          setAsked((count) => count + 1);
          onAnswer(await confirm({ title: 'Delete tag', message: 'Delete this tag?', confirmLabel: 'Remove' }));
        }}
      >
        Delete tag {asked}
      </button>
      {dialog}
    </>
  );
}

test('useConfirm resolves true on confirm and false on cancel or Escape', async () => {
  const onAnswer = jest.fn();
  const { user } = await renderUi(<DeleteButton onAnswer={onAnswer} />);

  await user.click(screen.getByRole('button', { name: /Delete tag/ }));
  await screen.findByRole('alertdialog', { name: 'Delete tag' });
  await user.click(screen.getByRole('button', { name: 'Remove' }));
  await waitFor(() => expect(onAnswer).toHaveBeenLastCalledWith(true));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

  await user.click(screen.getByRole('button', { name: /Delete tag/ }));
  await screen.findByRole('alertdialog');
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(onAnswer).toHaveBeenLastCalledWith(false));
  // The closing dialog stays until its exit ends; a new question before that could find the old one.
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

  await user.click(screen.getByRole('button', { name: /Delete tag/ }));
  await pressEscapeIn(user, await screen.findByRole('alertdialog'));
  await waitFor(() => expect(onAnswer).toHaveBeenCalledTimes(3), { timeout: 3_000 });
  expect(onAnswer).toHaveBeenLastCalledWith(false);
});
