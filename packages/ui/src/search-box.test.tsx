import { useState } from 'react';
import { act, screen } from '@testing-library/react';
import { renderUi } from './test/render-ui';
import { SearchBox } from './search-box';

function Harness({ onCommit }: { onCommit: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <SearchBox
        label="Search templates"
        hideLabel
        placeholder="Search templates…"
        value={value}
        onCommit={(next) => {
          setValue(next);
          onCommit(next);
        }}
      />
      <button type="button" onClick={() => setValue('')}>
        Clear
      </button>
    </>
  );
}

test('passes the text on once typing pauses, once, and at once on Enter', async () => {
  const onCommit = jest.fn();
  const { user } = await renderUi(<Harness onCommit={onCommit} />);
  const box = screen.getByRole('searchbox', { name: 'Search templates' });
  expect(box).toHaveAttribute('placeholder', 'Search templates…');
  expect(box).toHaveAttribute('maxlength', '254');

  await user.type(box, 'welcome');
  expect(box).toHaveValue('welcome');
  expect(onCommit).not.toHaveBeenCalled();
  await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
  expect(onCommit).toHaveBeenCalledTimes(1);
  expect(onCommit).toHaveBeenCalledWith('welcome');

  await user.type(box, 's{Enter}');
  expect(onCommit).toHaveBeenLastCalledWith('welcomes');
  await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
  expect(onCommit).toHaveBeenCalledTimes(2);
});

test('a change from outside replaces what is typed, without passing the old text on', async () => {
  const onCommit = jest.fn();
  const { user } = await renderUi(<Harness onCommit={onCommit} />);
  const box = screen.getByRole('searchbox', { name: 'Search templates' });
  await user.type(box, 'abc{Enter}');
  await user.click(screen.getByRole('button', { name: 'Clear' }));
  expect(box).toHaveValue('');
  await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
  expect(onCommit).toHaveBeenCalledTimes(1);
});

test('shows its label when asked to', async () => {
  await renderUi(<SearchBox label="Surgery type" type="text" value="Sleeve" onCommit={jest.fn()} />);
  expect(screen.getByText('Surgery type')).toBeVisible();
  expect(screen.getByRole('textbox', { name: 'Surgery type' })).toHaveValue('Sleeve');
});
