import { placeAfterKey } from './board-navigation';

describe('placeAfterKey', () => {
  const counts = [3, 0, 1, 5];

  it('goes up and down within a column, and stops at its ends', () => {
    expect(placeAfterKey(counts, { column: 0, row: 1 }, 'ArrowDown')).toEqual({ column: 0, row: 2 });
    expect(placeAfterKey(counts, { column: 0, row: 2 }, 'ArrowDown')).toBeUndefined();
    expect(placeAfterKey(counts, { column: 0, row: 1 }, 'ArrowUp')).toEqual({ column: 0, row: 0 });
    expect(placeAfterKey(counts, { column: 0, row: 0 }, 'ArrowUp')).toBeUndefined();
    expect(placeAfterKey(counts, { column: 3, row: 2 }, 'Home')).toEqual({ column: 3, row: 0 });
    expect(placeAfterKey(counts, { column: 3, row: 2 }, 'End')).toEqual({ column: 3, row: 4 });
  });

  it('goes sideways to the next column with cards, to the same row or that column’s last', () => {
    expect(placeAfterKey(counts, { column: 0, row: 2 }, 'ArrowRight')).toEqual({ column: 2, row: 0 });
    expect(placeAfterKey(counts, { column: 2, row: 0 }, 'ArrowLeft')).toEqual({ column: 0, row: 0 });
    expect(placeAfterKey(counts, { column: 2, row: 0 }, 'ArrowRight')).toEqual({ column: 3, row: 0 });
    expect(placeAfterKey(counts, { column: 3, row: 4 }, 'ArrowLeft')).toEqual({ column: 2, row: 0 });
    expect(placeAfterKey(counts, { column: 3, row: 4 }, 'ArrowRight')).toBeUndefined();
    expect(placeAfterKey(counts, { column: 0, row: 0 }, 'ArrowLeft')).toBeUndefined();
  });

  it('leaves other keys alone', () => {
    expect(placeAfterKey(counts, { column: 0, row: 0 }, 'Enter')).toBeUndefined();
    expect(placeAfterKey(counts, { column: 0, row: 0 }, 'a')).toBeUndefined();
  });
});
