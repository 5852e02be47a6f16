/**
 * Common foods and drinks of a bariatric diet, with their nutrients per serving (rounded from typical
 * food-label values): calories in kcal, carbohydrate, protein, fat, sugars, added sugar and fiber in
 * grams, water in fluid ounces. `null` is a value a food database leaves out (it counts as 0). Used by
 * the demo and the scale seeds only.
 */
import type { MealType } from '@baridesk/domain';

export interface SeedFood {
  name: string;
  /** The meals it is usually logged at. */
  meals: readonly MealType[];
  calories: number;
  carb: number;
  protein: number;
  fat: number;
  sugars: number;
  addedSugar: number | null;
  fiber: number;
  water: number | null;
}

type Row = [
  name: string,
  meals: readonly MealType[],
  calories: number,
  carb: number,
  protein: number,
  fat: number,
  sugars: number,
  addedSugar: number | null,
  fiber: number,
  water: number | null,
];

const B: readonly MealType[] = ['breakfast'];
const L: readonly MealType[] = ['lunch'];
const D: readonly MealType[] = ['dinner'];
const LD: readonly MealType[] = ['lunch', 'dinner'];
const S: readonly MealType[] = ['snacks'];
const O: readonly MealType[] = ['other'];

const ROWS: readonly Row[] = [
  ['Scrambled eggs (2 large)', B, 182, 2, 12.2, 13.6, 1.6, null, 0, 3.4],
  ['Greek yogurt, plain nonfat (6 oz)', ['breakfast', 'snacks'], 100, 6.1, 17.3, 0.7, 5.5, 0, 0, 5],
  ['Oatmeal, cooked (1 cup)', B, 166, 28.1, 5.9, 3.6, 0.6, 0, 4, 7],
  ['Protein shake (11 fl oz)', ['breakfast', 'snacks'], 160, 5, 30, 3, 1, 1, 1, 10],
  ['Whole wheat toast (1 slice)', B, 81, 13.8, 4, 1.1, 1.4, 1, 1.9, 0.4],
  ['Cottage cheese, 2% (1/2 cup)', ['breakfast', 'snacks'], 92, 5, 11.9, 2.5, 4.1, 0, 0, 3.3],
  ['Turkey sausage (2 links)', B, 140, 1, 12, 10, 0, 0, 0, 1.5],
  ['Blueberries (1/2 cup)', ['breakfast', 'snacks'], 42, 10.7, 0.5, 0.2, 7.4, null, 1.8, 2.4],
  ['Banana (1 medium)', ['breakfast', 'snacks'], 105, 27, 1.3, 0.4, 14.4, null, 3.1, 3],
  ['Coffee with skim milk (8 fl oz)', ['breakfast', 'other'], 30, 3, 2, 0.1, 3, 0, 0, 7.8],
  ['Grilled chicken breast (3 oz)', LD, 128, 0, 26, 2.7, 0, null, 0, 2],
  ['Tuna salad (1/2 cup)', L, 192, 9.6, 16.4, 9.5, 2, 1, 0, 2.6],
  ['Turkey wrap (1 wrap)', L, 290, 30, 22, 9, 3, 2, 3, 4],
  ['Garden salad with vinaigrette (1.5 cups)', LD, 90, 8, 1.5, 6, 4, 2, 2.5, 5],
  ['Black bean soup (1 cup)', L, 170, 28, 9, 2.5, 3, 0, 8, 7],
  ['Chicken noodle soup (1 cup)', L, 120, 15, 8, 3, 1.5, 0, 1, 7.5],
  ['Hard-boiled egg (1 large)', ['breakfast', 'lunch', 'snacks'], 78, 0.6, 6.3, 5.3, 0.6, null, 0, 1.3],
  ['Lentil soup (1 cup)', L, 180, 30, 11, 2, 3, 0, 9, 7],
  ['Deli turkey slices (2 oz)', L, 60, 2, 10, 1, 1, 1, 0, 1.5],
  ['String cheese (1 stick)', ['lunch', 'snacks'], 80, 1, 7, 6, 0, 0, 0, 0.5],
  ['Baked salmon (4 oz)', D, 233, 0, 25.4, 14, 0, null, 0, 2.6],
  ['Lean ground turkey (3 oz)', D, 170, 0, 21, 9, 0, null, 0, 2],
  ['Steamed broccoli (1 cup)', D, 55, 11.2, 3.7, 0.6, 2.2, null, 5.1, 4.8],
  ['Brown rice (1/2 cup)', D, 108, 22.4, 2.5, 0.9, 0.3, 0, 1.8, 2.4],
  ['Roasted sweet potato (1/2 cup)', D, 90, 20.7, 2, 0.2, 6.5, null, 3.3, 2.6],
  ['Grilled shrimp (3 oz)', D, 84, 0.2, 20.4, 0.2, 0, null, 0, 2.2],
  ['Baked tilapia (4 oz)', D, 145, 0, 29.7, 3, 0, null, 0, 2.8],
  ['Green beans (1 cup)', D, 44, 9.9, 2.4, 0.4, 2, null, 4, 4.6],
  ['Cauliflower rice (1 cup)', D, 25, 5.3, 2, 0.3, 2, null, 2, 3.2],
  ['Turkey chili (1 cup)', LD, 220, 20, 22, 6, 6, 2, 6, 7],
  ['Spaghetti with meat sauce (1 cup)', D, 330, 40, 17, 11, 8, 4, 4, 6],
  ['Almonds (1 oz)', S, 164, 6.1, 6, 14.2, 1.2, 0, 3.5, 0],
  ['Apple (1 medium)', S, 95, 25.1, 0.5, 0.3, 18.9, null, 4.4, 5.2],
  ['Protein bar (1 bar)', S, 200, 22, 20, 7, 1, 1, 9, 0.2],
  ['Sugar-free gelatin (1 cup)', S, 10, 0, 1, 0, 0, 0, 0, 7.5],
  ['Baby carrots with hummus', S, 105, 13, 3, 5, 4, 0, 4, 3.3],
  ['Peanut butter (1 tbsp)', S, 94, 3.2, 4, 8, 1.5, 1, 1, null],
  ['Cheddar cheese (1 oz)', S, 113, 0.4, 7, 9.3, 0.1, 0, 0, 0.4],
  ['Air-popped popcorn (3 cups)', S, 93, 18.6, 3.1, 1.1, 0.2, 0, 3.6, 0.1],
  ['Dark chocolate (1 oz)', S, 170, 13, 2.2, 12, 6.8, 6.8, 3.1, null],
  ['Water (8 fl oz)', O, 0, 0, 0, 0, 0, 0, 0, 8],
  ['Sugar-free electrolyte drink (16 fl oz)', O, 10, 2, 0, 0, 0, 0, 0, 16],
  ['Skim milk (1 cup)', ['breakfast', 'other'], 83, 12.2, 8.3, 0.2, 12.5, 0, 0, 7.4],
  ['Orange juice (1 cup)', ['breakfast', 'other'], 112, 25.8, 1.7, 0.5, 20.8, 0, 0.5, 7.3],
];

export const SEED_FOODS: readonly SeedFood[] = ROWS.map(
  ([name, meals, calories, carb, protein, fat, sugars, addedSugar, fiber, water]) => ({
    name,
    meals,
    calories,
    carb,
    protein,
    fat,
    sugars,
    addedSugar,
    fiber,
    water,
  }),
);

/** The foods usually logged at a meal (never empty). */
export function foodsFor(meal: MealType): readonly SeedFood[] {
  const found = SEED_FOODS.filter((food) => food.meals.includes(meal));
  return found.length > 0 ? found : SEED_FOODS;
}
