import { act, screen } from '@testing-library/react';
import { bus } from '@baridesk/event-bus';
import { toaster } from './toaster';
import { renderUi } from './test/render-ui';

afterEach(() => {
  act(() => toaster.remove());
});

test('a notice sent on the bus appears as a toast, and stops after unmount', async () => {
  const { unmount } = await renderUi(<p>page</p>);
  act(() => {
    bus.emit('notify', { status: 'error', title: 'Terms And Conditions', message: 'Error', errors: ['Oops.'] });
  });
  expect(await screen.findByText('Terms And Conditions')).toBeInTheDocument();
  expect(screen.getByRole('listitem')).toHaveTextContent('Oops.');
  unmount();
  const spy = jest.spyOn(toaster, 'create');
  bus.emit('notify', { status: 'info', message: 'ignored' });
  expect(spy).not.toHaveBeenCalled();
  spy.mockRestore();
});
