import { screen, within } from '@testing-library/react';
import { ErrorList } from './error-list';
import { renderUi } from './test/render-ui';

test('lists messages as bullets in an alert', async () => {
  await renderUi(<ErrorList errors={['Name is required.', 'Please enter valid URL.']} />);
  const list = screen.getByRole('alert');
  expect(list.tagName).toBe('UL');
  expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Name is required.',
    'Please enter valid URL.',
  ]);
});

test('lists a field-error map field after field', async () => {
  await renderUi(<ErrorList errors={{ name: ['Name is required.'], url: ['Please enter valid URL.', 'Too long.'] }} />);
  expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Name is required.',
    'Please enter valid URL.',
    'Too long.',
  ]);
});

test('renders nothing without messages', async () => {
  await renderUi(<ErrorList errors={{}} />);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});
