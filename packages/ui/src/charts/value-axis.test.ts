import { valueAxisOf } from './value-axis';

const ticksOf = (axis: { min: number; max: number; step: number } | null) => {
  if (!axis) return null;
  const ticks: number[] = [];
  for (let tick = axis.min; tick <= axis.max; tick += axis.step) ticks.push(tick);
  return ticks;
};

test('weights of 177 to 196 lb get ticks every 5 lb, not 177/187/196', () => {
  expect(valueAxisOf([177, 181.4, 196])).toEqual({ min: 175, max: 200, step: 5 });
  expect(ticksOf(valueAxisOf([177, 181.4, 196]))).toEqual([175, 180, 185, 190, 195, 200]);
});

test('a starting weight of 290 lb and a goal of 180 lb: ticks every 20 lb', () => {
  expect(valueAxisOf([290, 270, 250, 180])).toEqual({ min: 160, max: 300, step: 20 });
});

test('a narrow range keeps round steps of 10 or less, with room above and below', () => {
  expect(valueAxisOf([250, 262])).toEqual({ min: 245, max: 265, step: 5 });
  expect(valueAxisOf([230, 262])).toEqual({ min: 220, max: 270, step: 10 });
  expect(valueAxisOf([200, 203])).toEqual({ min: 199, max: 204, step: 1 });
  expect(valueAxisOf([200])).toEqual({ min: 199, max: 201, step: 1 });
});

test('every step is 1, 2 or 5 times a power of ten, whole, and at most seven intervals', () => {
  for (const [low, high] of [[0, 7], [101, 399], [150, 151], [90, 410], [1200, 2600], [0, 100000]]) {
    const axis = valueAxisOf([low!, high!])!;
    expect(axis.min).toBeLessThanOrEqual(low!);
    expect(axis.max).toBeGreaterThanOrEqual(high!);
    expect((axis.max - axis.min) / axis.step).toBeLessThanOrEqual(7);
    expect(Number.isInteger(axis.step)).toBe(true);
    expect([1, 2, 5]).toContain(axis.step / 10 ** Math.floor(Math.log10(axis.step)));
  }
});

test('nothing to show: null', () => {
  expect(valueAxisOf([])).toBeNull();
  expect(valueAxisOf([null, Number.NaN])).toBeNull();
});
