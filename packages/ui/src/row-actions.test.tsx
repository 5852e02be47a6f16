import { screen, waitFor, within } from '@testing-library/react';
import { renderUi } from './test/render-ui';
import { RowActions } from './row-actions';

test('Edit is on the row; Delete is not beside it but in the row’s "More actions" menu, both naming the row', async () => {
  const onEdit = jest.fn();
  const onDelete = jest.fn();
  const { user } = await renderUi(
    <RowActions name="Welcome" onEdit={onEdit} onDelete={onDelete}>
      <button type="button">Preview</button>
    </RowActions>,
  );
  expect(screen.getAllByRole('button').map((button) => button.getAttribute('aria-label') ?? button.textContent)).toEqual([
    'Preview',
    'Edit Welcome',
    'More actions for Welcome',
  ]);
  expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Edit Welcome' }));
  expect(onEdit).toHaveBeenCalledTimes(1);
  expect(onDelete).not.toHaveBeenCalled();

  await user.click(screen.getByRole('button', { name: 'More actions for Welcome' }));
  const menu = await screen.findByRole('menu');
  await user.click(within(menu).getByRole('menuitem', { name: 'Delete…' }));
  expect(onDelete).toHaveBeenCalledTimes(1);
  expect(onEdit).toHaveBeenCalledTimes(1);
});

test('the menu opens and chooses from the keyboard', async () => {
  const onDelete = jest.fn();
  const { user } = await renderUi(<RowActions name="Welcome" onEdit={jest.fn()} onDelete={onDelete} />);
  await user.tab();
  await user.tab();
  expect(screen.getByRole('button', { name: 'More actions for Welcome' })).toHaveFocus();
  await user.keyboard('{Enter}');
  const item = await screen.findByRole('menuitem', { name: 'Delete…' });
  // Opened from the keyboard, the menu highlights its first item a frame later: Enter chooses it from then on.
  await waitFor(() => expect(item).toHaveAttribute('data-highlighted'));
  await user.keyboard('{Enter}');
  expect(onDelete).toHaveBeenCalledTimes(1);
});
