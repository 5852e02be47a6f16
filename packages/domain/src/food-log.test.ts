import {
  averageOverNonZeroDays,
  dailyTotals,
  FOOD_LOG_TABS,
  foodLogTab,
  MEAL_CHART_SLICES,
  MEAL_TYPES,
  mealTypeOf,
  mealValue,
  nutrientValue,
  servingSize,
  TOP_FOODS_LIMIT,
  topFoods,
} from './food-log';

describe('food-log constants', () => {
  it('lists the eight tabs with their columns', () => {
    expect(FOOD_LOG_TABS).toEqual([
      { id: 1, label: 'Calories', column: 'nf_calories' },
      { id: 2, label: 'Carb', column: 'nf_total_carbohydrate' },
      { id: 3, label: 'Protein', column: 'nf_protein' },
      { id: 4, label: 'Fat', column: 'nf_total_fat' },
      { id: 5, label: 'Sugar', column: 'nf_sugars' },
      { id: 6, label: 'Added Sugar', column: 'nutrition_meal_second.nf_sugar_added' },
      { id: 7, label: 'Fiber', column: 'nf_dietary_fiber' },
      { id: 8, label: 'Water', column: 'nf_water' },
    ]);
  });

  it('fixes meal types and chart limits', () => {
    expect(MEAL_TYPES).toEqual(['breakfast', 'lunch', 'dinner', 'snacks', 'other']);
    expect(TOP_FOODS_LIMIT).toBe(10);
    expect(MEAL_CHART_SLICES).toBe(4);
  });

  it('finds a tab by id', () => {
    expect(foodLogTab(6)).toEqual({ id: 6, label: 'Added Sugar', column: 'nutrition_meal_second.nf_sugar_added' });
    expect(foodLogTab(8)?.column).toBe('nf_water');
    expect(foodLogTab(0)).toBeUndefined();
    expect(foodLogTab('1')).toBeUndefined();
  });
});

describe('mealTypeOf', () => {
  it('reads type first, then meal_type.name, case-insensitively', () => {
    expect(mealTypeOf({ type: 'lunch' })).toBe('lunch');
    expect(mealTypeOf({ type: ' Dinner ' })).toBe('dinner');
    expect(mealTypeOf({ meal_type: { name: 'Breakfast' } })).toBe('breakfast');
    expect(mealTypeOf({ type: 'snacks', meal_type: { name: 'lunch' } })).toBe('snacks');
    expect(mealTypeOf({ type: '', meal_type: { name: 'lunch' } })).toBe('lunch');
  });

  it('falls back to other', () => {
    expect(mealTypeOf({})).toBe('other');
    expect(mealTypeOf({ meal_type: null })).toBe('other');
    expect(mealTypeOf({ type: 'brunch' })).toBe('other');
    expect(mealTypeOf({ type: 3 })).toBe('other');
    expect(mealTypeOf({ meal_type: { name: 7 } })).toBe('other');
  });
});

describe('servingSize', () => {
  it('keeps numeric values, from numbers or text', () => {
    expect(servingSize(2)).toBe(2);
    expect(servingSize('1.5')).toBe(1.5);
    expect(servingSize(' 3 ')).toBe(3);
    expect(servingSize(0)).toBe(0);
    expect(servingSize('0')).toBe(0);
    expect(servingSize(-2)).toBe(-2);
  });

  it('counts empty, null and non-numeric values as 1', () => {
    for (const value of ['', '  ', null, undefined, 'abc', '1 cup', '1/2', NaN, Infinity, true, {}]) {
      expect(servingSize(value)).toBe(1);
    }
  });
});

describe('nutrientValue', () => {
  it('keeps numeric values, from numbers or text', () => {
    expect(nutrientValue(120)).toBe(120);
    expect(nutrientValue('45.6')).toBe(45.6);
    expect(nutrientValue('-3')).toBe(-3);
  });

  it('counts empty, null and non-numeric values as 0', () => {
    for (const value of ['', null, undefined, 'abc', '1 cup', '12g', NaN, -Infinity, false, []]) {
      expect(nutrientValue(value)).toBe(0);
    }
  });
});

describe('mealValue', () => {
  it('multiplies and rounds to a whole number', () => {
    expect(mealValue(100, 2)).toBe(200);
    expect(mealValue('33.3', '3')).toBe(100); // 99.9 -> 100
    expect(mealValue(10.25, 2)).toBe(21); // 20.5 -> 21 (half rounds up)
    expect(mealValue(10.2, 2)).toBe(20); // 20.4 -> 20
  });

  it('uses serving 1 and nutrient 0 for unreadable input', () => {
    expect(mealValue(150, '1 cup')).toBe(150);
    expect(mealValue(150, null)).toBe(150);
    expect(mealValue('abc', 3)).toBe(0);
    expect(mealValue('', '')).toBe(0);
  });

  it('handles zero and negative numbers without returning -0', () => {
    expect(mealValue(150, 0)).toBe(0);
    expect(Object.is(mealValue(-0.2, 1), 0)).toBe(true);
    expect(mealValue(-10, 2)).toBe(-20);
  });
});

describe('dailyTotals', () => {
  it('sums rounded meal values per day, in date order', () => {
    expect(
      dailyTotals([
        { date: '2026-03-06', nutrient: 200, serving: 1 },
        { date: '2026-03-05', nutrient: 100.4, serving: 1 }, // 100
        { date: '2026-03-05', nutrient: 100.4, serving: 1 }, // 100
        { date: '2026-03-05', nutrient: 50, serving: '2' }, // 100
      ]),
    ).toEqual([
      { date: '2026-03-05', total: 300 },
      { date: '2026-03-06', total: 200 },
    ]);
  });

  it('rounds per meal, not per day', () => {
    // Per meal: 0.4 -> 0, three times -> 0. Rounding the day instead would give round(1.2) = 1.
    expect(dailyTotals([0, 1, 2].map(() => ({ date: '2026-03-05', nutrient: 0.4, serving: 1 })))).toEqual([
      { date: '2026-03-05', total: 0 },
    ]);
  });

  it('groups date-times by their calendar day and skips blank dates', () => {
    expect(
      dailyTotals([
        { date: '2026-03-05 08:10:00', nutrient: 10, serving: null },
        { date: '2026-03-05T19:00:00Z', nutrient: 20, serving: 'abc' },
        { date: '', nutrient: 999, serving: 1 },
        { date: '   ', nutrient: 999, serving: 1 },
      ]),
    ).toEqual([{ date: '2026-03-05', total: 30 }]);
  });

  it('returns an empty list for no meals', () => {
    expect(dailyTotals([])).toEqual([]);
  });
});

describe('averageOverNonZeroDays', () => {
  it('averages only the non-zero values', () => {
    expect(averageOverNonZeroDays([0, 100, 0, 200, 0])).toBe(150);
    expect(averageOverNonZeroDays([10, 20, 30])).toBe(20);
    expect(averageOverNonZeroDays([1, 2])).toBe(1.5);
  });

  it('keeps negative values and does not round', () => {
    expect(averageOverNonZeroDays([-3, 0, 6])).toBe(1.5);
    expect(averageOverNonZeroDays([1, 1, 2])).toBeCloseTo(4 / 3, 12);
  });

  it('returns 0 when no value is non-zero', () => {
    expect(averageOverNonZeroDays([])).toBe(0);
    expect(averageOverNonZeroDays([0, 0])).toBe(0);
    expect(averageOverNonZeroDays([NaN, Infinity, 0])).toBe(0);
  });
});

describe('topFoods', () => {
  it('groups by name, sums, sorts descending', () => {
    expect(
      topFoods([
        { name: 'Apple', value: 50 },
        { name: 'Rice', value: 200 },
        { name: 'Apple', value: 100 },
        { name: ' Rice ', value: 10 },
      ]),
    ).toEqual([
      { name: 'Rice', value: 210 },
      { name: 'Apple', value: 150 },
    ]);
  });

  it('limits to 10 by default', () => {
    const items = Array.from({ length: 12 }, (_, i) => ({ name: `Food ${String(i).padStart(2, '0')}`, value: i }));
    const top = topFoods(items);
    expect(top).toHaveLength(10);
    expect(top[0]).toEqual({ name: 'Food 11', value: 11 });
    expect(top[9]).toEqual({ name: 'Food 02', value: 2 });
  });

  it('honours a custom limit', () => {
    const items = [
      { name: 'A', value: 1 },
      { name: 'B', value: 3 },
      { name: 'C', value: 2 },
    ];
    expect(topFoods(items, 2)).toEqual([
      { name: 'B', value: 3 },
      { name: 'C', value: 2 },
    ]);
    expect(topFoods(items, 1.9)).toEqual([{ name: 'B', value: 3 }]);
    expect(topFoods(items, 0)).toEqual([]);
    expect(topFoods(items, -1)).toEqual([]);
    expect(topFoods(items, NaN)).toEqual([]);
    expect(topFoods(items, Infinity)).toHaveLength(3);
  });

  it('breaks ties by name and is case-sensitive', () => {
    expect(
      topFoods([
        { name: 'egg', value: 5 },
        { name: 'Bread', value: 5 },
        { name: 'Egg', value: 5 },
      ]),
    ).toEqual([
      { name: 'Bread', value: 5 },
      { name: 'Egg', value: 5 },
      { name: 'egg', value: 5 },
    ]);
  });

  it('skips blank names, treats non-finite values as 0 and keeps negatives', () => {
    expect(
      topFoods([
        { name: '', value: 100 },
        { name: 'Soup', value: NaN },
        { name: 'Tea', value: -5 },
        { name: 'Soup', value: 3 },
      ]),
    ).toEqual([
      { name: 'Soup', value: 3 },
      { name: 'Tea', value: -5 },
    ]);
    expect(topFoods([])).toEqual([]);
  });
});
