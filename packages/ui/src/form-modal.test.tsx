import { screen } from '@testing-library/react';
import { renderUi } from './test/render-ui';
import { FormModal } from './form-modal';

test('submits its form from the footer button, and Cancel closes', async () => {
  const onSubmit = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
  const onClose = jest.fn();
  const { user } = await renderUi(
    <FormModal title="Add Quote" submitLabel="Add Quote" submitting={false} onSubmit={onSubmit} onClose={onClose}>
      <input aria-label="Quote" />
    </FormModal>,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Add Quote' });
  expect(dialog).toContainElement(screen.getByRole('textbox', { name: 'Quote' }));
  await user.click(screen.getByRole('button', { name: 'Add Quote' }));
  expect(onSubmit).toHaveBeenCalledTimes(1);
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(onClose).toHaveBeenCalled();
});

test('while submitting, Cancel is disabled', async () => {
  await renderUi(
    <FormModal title="Edit Quote" submitLabel="Save Changes" submitting onSubmit={jest.fn()} onClose={jest.fn()}>
      <p>Fields</p>
    </FormModal>,
  );
  expect(await screen.findByRole('button', { name: 'Cancel' })).toBeDisabled();
});
