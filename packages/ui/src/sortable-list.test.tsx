import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { Text } from '@chakra-ui/react';
import { SortableList } from './sortable-list';
import { inOrder, movedIds } from './reorder';
import { renderUi } from './test/render-ui';

type Row = { id: number; name: string };
const rows: Row[] = [
  { id: 1, name: 'Seminar' },
  { id: 2, name: 'Consult' },
  { id: 3, name: 'Surgery' },
];

/**
 * jsdom lays nothing out (every box 0 × 0), so the keyboard sensor could not tell the rows apart: give each
 * row of the list the place a browser would, one under the other, 40 px high.
 */
let original: typeof Element.prototype.getBoundingClientRect;
beforeEach(() => {
  original = Element.prototype.getBoundingClientRect;
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const row = this.closest('li');
    if (!row?.parentElement) return original.call(this);
    const index = [...row.parentElement.children].indexOf(row);
    return new DOMRect(0, index * 40, 400, 36);
  };
});
afterEach(() => {
  Element.prototype.getBoundingClientRect = original;
});

function Harness({ onReorder, disabled }: { onReorder: (ids: number[]) => void; disabled?: boolean }) {
  const [items, setItems] = useState(rows);
  return (
    <SortableList
      items={items}
      nameOf={(row) => row.name}
      label="Stages"
      disabled={disabled}
      onReorder={(ids) => {
        onReorder(ids);
        setItems((current) => inOrder(current, ids));
      }}
    >
      {(row) => <Text>{row.name}</Text>}
    </SortableList>
  );
}

const names = () => within(screen.getByRole('list', { name: 'Stages' })).getAllByRole('listitem').map((item) => item.textContent);

test('Move up and Move down move one place, keep the focus on the moved row, and stop at the ends', async () => {
  const onReorder = jest.fn();
  const { user } = await renderUi(<Harness onReorder={onReorder} />);
  expect(screen.getByRole('button', { name: 'Move up Seminar' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Move down Surgery' })).toBeDisabled();

  await user.click(screen.getByRole('button', { name: 'Move down Seminar' }));
  expect(onReorder).toHaveBeenLastCalledWith([2, 1, 3]);
  expect(names()).toEqual([expect.stringContaining('Consult'), expect.stringContaining('Seminar'), expect.stringContaining('Surgery')]);
  await waitFor(() => expect(screen.getByRole('button', { name: 'Move down Seminar' })).toHaveFocus());

  await user.click(screen.getByRole('button', { name: 'Move down Seminar' }));
  expect(onReorder).toHaveBeenLastCalledWith([2, 3, 1]);
  // At the bottom now: its Move down is disabled, so Move up has the focus.
  await waitFor(() => expect(screen.getByRole('button', { name: 'Move up Seminar' })).toHaveFocus());
});

test('the drag handle moves a row from the keyboard and says what happens', async () => {
  const onReorder = jest.fn();
  const { user } = await renderUi(<Harness onReorder={onReorder} />);
  const handle = screen.getByRole('button', { name: 'Drag Seminar' });
  expect(handle).toHaveAccessibleDescription(/press Space/);

  handle.focus();
  await user.keyboard('[Space]');
  expect(await screen.findByText('Picked up Seminar, at position 1 of 3.')).toBeInTheDocument();
  await user.keyboard('[ArrowDown]');
  await user.keyboard('[Space]');
  await waitFor(() => expect(onReorder).toHaveBeenCalledWith([2, 1, 3]));
  expect(await screen.findByText('Seminar was dropped at position 2 of 3.')).toBeInTheDocument();

  // Escape puts it back: no new order.
  screen.getByRole('button', { name: 'Drag Surgery' }).focus();
  await user.keyboard('[Space]');
  await user.keyboard('[ArrowUp]');
  await user.keyboard('[Escape]');
  expect(await screen.findByText(/Moving Surgery was cancelled/)).toBeInTheDocument();
  expect(onReorder).toHaveBeenCalledTimes(1);
});

test('a disabled list (a save under way) does not move', async () => {
  const onReorder = jest.fn();
  const { user } = await renderUi(<Harness onReorder={onReorder} disabled />);
  expect(screen.getByRole('button', { name: 'Move down Seminar' })).toBeDisabled();
  await user.click(screen.getByRole('button', { name: 'Move up Surgery' }));
  expect(onReorder).not.toHaveBeenCalled();
});

test('movedIds and inOrder', () => {
  expect(movedIds(rows, 2, 0)).toEqual([3, 1, 2]);
  expect(inOrder(rows, [3, 1]).map((row) => row.id)).toEqual([3, 1, 2]);
});
