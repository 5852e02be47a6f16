/**
 * The value axis of a line chart: round bounds and a round step between its ticks (175, 180, 185 …
 * rather than 177, 187, 196), spanning every value the chart shows.
 */
export type ValueAxis = { min: number; max: number; step: number };

/** Steps a reader can add up at a glance: 1, 2, 5, 10, 20, 50 and so on. */
const STEP_FACTORS = [1, 2, 5];

/**
 * The smallest round step that spans `values` in at most `maxTicks` intervals, with the bounds on
 * multiples of it. A value on a bound gets one more step of room, so no point sits on the axis line.
 * Null when there is no finite value.
 */
export function valueAxisOf(values: readonly (number | null | undefined)[], maxTicks = 7): ValueAxis | null {
  const finite = values.filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
  if (finite.length === 0) return null;
  const low = Math.min(...finite);
  const high = Math.max(...finite);
  for (let magnitude = 10 ** Math.floor(Math.log10(Math.max(high - low, 1) / maxTicks)); ; magnitude *= 10) {
    for (const factor of STEP_FACTORS) {
      const step = factor * magnitude;
      // Below 1, the magnitude is a fraction: values are whole pounds, calories, grams at the finest.
      if (!Number.isInteger(step)) continue;
      let min = Math.floor(low / step) * step;
      let max = Math.ceil(high / step) * step;
      if (min === low && min - step >= 0) min -= step;
      if (max === high) max += step;
      if ((max - min) / step <= maxTicks) return { min, max, step };
    }
  }
}
