/**
 * Recipes (super admins, permission manage_recipe): the app's recipe book. A recipe is in one or more
 * recipe categories, has its ingredients and method as rich text, a picture and the nutrition facts per
 * serving as the food database names them (nf_*); a new one is a draft (status 0) until switched on.
 * Spec admin-public-auth §3 "Recipe", §7 "Recipes", §9.
 */
import * as v from 'valibot';
import { DEFAULT_RECIPE_STATUS } from '@baridesk/domain';
import { adminCategoryResource } from './admin-categories';
import { optionalNumberIn } from './admin-programs';
import { INVALID_ID } from './messages';
import { defineResource, field, flagField, imageField, type ResourceField, type ResourceItem } from './resource-kit';
import { id, MAX_ID, optionalString, requiredString } from './rules';

export const RECIPES_PATH = '/api/admin/manage-recipes';
export const RECIPE_CATEGORIES_PATH = '/api/admin/manage-recipes/category';

export const RECIPE_NAME_MAX_LENGTH = 254;
/** Ingredients and method: rich text, after the sanitiser. */
export const RECIPE_TEXT_MAX_LENGTH = 20_000;
/** The most categories one recipe is filed under. */
export const RECIPE_CATEGORIES_MAX = 20;
/** The picture shows as a wide tile in the app's recipe book. */
export const RECIPE_PICTURE_RULE = { minWidth: 400, minHeight: 225 } as const;
/** The nutrient columns are numeric(10, 2). */
export const NUTRIENT_MAX = 99_999_999.99;

export const RECIPE_GROUPS = { nutrition: 'Nutrition facts', foodDatabase: 'Food database item' } as const;

export const RECIPE_MESSAGES = {
  created: 'Recipe created successfully.',
  updated: 'Recipe updated successfully.',
  statusUpdated: 'Recipe status updated successfully.',
  deleted: 'Recipe deleted successfully.',
  notFound: 'Recipe not found.',
  categoriesRequired: 'Please choose at least one category.',
  categoriesMax: `A recipe may be in at most ${RECIPE_CATEGORIES_MAX} categories.`,
  categoryUnknown: 'Please choose categories from the list.',
} as const;

export const recipeCategoryResource = adminCategoryResource({
  name: 'recipe-category',
  entity: 'recipe_category',
  plural: 'Recipe Categories',
  slug: 'manage_recipe',
  held: { one: 'recipe', many: 'recipes' },
  // GET category/all (the form's and the filter's choices), and the category list's own calls.
  paths: { base: RECIPE_CATEGORIES_PATH, options: '/all' },
});

const ID_TEXT = /^\s*[1-9]\d*\s*$/;

/**
 * The recipe's categories: a list of ids (JSON, or the form's checkboxes as digit strings), or one text
 * of ids separated by commas, as a multipart form sends the field once. At least one, at most
 * RECIPE_CATEGORIES_MAX, repeats dropped (the first place kept). The server checks each names a recipe category.
 */
export const recipeCategoryIds = v.pipe(
  v.optional(v.union([v.array(v.union([v.number(), v.string()], INVALID_ID)), v.string(), v.null()], INVALID_ID), null),
  v.transform((value): unknown[] => {
    if (value === null || value === undefined) return [];
    if (Array.isArray(value)) return value;
    const text = value.trim();
    return text === '' ? [] : text.split(',');
  }),
  v.transform((values) => values.map((value) => (typeof value === 'number' ? value : ID_TEXT.test(String(value)) ? Number(String(value).trim()) : Number.NaN))),
  v.check((values) => values.every((value) => Number.isSafeInteger(value) && value > 0 && value <= MAX_ID), INVALID_ID),
  v.transform((values) => [...new Set(values)]),
  v.check((values) => values.length > 0, RECIPE_MESSAGES.categoriesRequired),
  v.check((values) => values.length <= RECIPE_CATEGORIES_MAX, RECIPE_MESSAGES.categoriesMax),
);

const optionalText = v.nullable(v.string());
const optionalNumber = v.nullable(v.number());

/** A nutrient: a number from 0 up, or none (blank gives null); a form's number input sends text. */
const nutrient = (label: string) =>
  field('number', label, optionalNumberIn(label, { min: 0, max: NUTRIENT_MAX }), { output: optionalNumber, column: false, group: RECIPE_GROUPS.nutrition });
const nutritionText = (label: string, max: number, group: string = RECIPE_GROUPS.nutrition) =>
  field('text', label, optionalString(label, { max }), { output: optionalText, column: false, group });

/**
 * Every nutrition field of spec §3, in the order the show page and the form list them (the food
 * database's names; `nf_totalItem` keeps its spelling). Amounts are per serving.
 */
export const RECIPE_NUTRITION_FIELDS = {
  nf_serving_size_qty: nutrient('Serving size'),
  nf_serving_size_unit: nutritionText('Serving unit', 64),
  nf_serving_weight_grams: nutrient('Serving weight (g)'),
  nf_calories: nutrient('Calories'),
  nf_total_fat: nutrient('Total fat (g)'),
  nf_saturated_fat: nutrient('Saturated fat (g)'),
  nf_trans_fatty_acid: nutrient('Trans fat (g)'),
  nf_polyunsaturated_fat: nutrient('Polyunsaturated fat (g)'),
  nf_monounsaturated_fat: nutrient('Monounsaturated fat (g)'),
  nf_cholesterol: nutrient('Cholesterol (mg)'),
  nf_sodium: nutrient('Sodium (mg)'),
  nf_total_carbohydrate: nutrient('Total carbohydrate (g)'),
  nf_dietary_fiber: nutrient('Dietary fiber (g)'),
  nf_sugars: nutrient('Sugars (g)'),
  nf_protein: nutrient('Protein (g)'),
  nf_calcium: nutrient('Calcium (mg)'),
  nf_totalItem: field('number', 'Servings in the recipe', optionalNumberIn('Servings in the recipe', { min: 0, max: MAX_ID, whole: true }), {
    output: optionalNumber,
    column: false,
    group: RECIPE_GROUPS.nutrition,
  }),
  nf_type: nutritionText('Nutrition type', 32),
  nf_remote_db_key: nutritionText('Food database key', 64),
} satisfies Record<string, ResourceField>;

export const RECIPE_SORTS = ['name', 'status', 'created_at', 'updated_at'] as const;

/**
 * GET /api/admin/manage-recipes (page, perPage, search in the name, sort, status, `category_id`: the
 * recipes filed under that category), GET /{id}, POST store and update (JSON, or multipart form data
 * with the picture as a file part), toggle-status, delete. `user_id` is not sent: the server records
 * who saved a new recipe (see the server's repository); the item gives it with the author's name.
 */
export const recipeResource = defineResource({
  name: 'recipe',
  entity: 'recipe',
  labels: { singular: 'Recipe', plural: 'Recipes' },
  fields: {
    name: field('text', 'Name', requiredString('name', { max: RECIPE_NAME_MAX_LENGTH })),
    category_ids: field('text', 'Categories', recipeCategoryIds, { output: v.array(v.number()), column: false }),
    picture: imageField('picture', 'Picture', RECIPE_PICTURE_RULE),
    recipes_flag: flagField('Featured'),
    // Side by side on a wide form, after the short fields.
    ingredient: field('richText', 'Ingredients', optionalString('ingredients', { max: RECIPE_TEXT_MAX_LENGTH }), { output: optionalText, column: false }),
    recipe: field('richText', 'Method', optionalString('method', { max: RECIPE_TEXT_MAX_LENGTH }), { output: optionalText, column: false }),
    ...RECIPE_NUTRITION_FIELDS,
    nt_check: flagField('Nutrition from the food database', { group: RECIPE_GROUPS.foodDatabase }),
    item_id: nutritionText('Item id', 64, RECIPE_GROUPS.foodDatabase),
    item_name: nutritionText('Item name', 254, RECIPE_GROUPS.foodDatabase),
    brand_id: nutritionText('Brand id', 64, RECIPE_GROUPS.foodDatabase),
    brand_name: nutritionText('Brand name', 254, RECIPE_GROUPS.foodDatabase),
  },
  labelField: 'name',
  extra: {
    /** The categories' names, alphabetically. */
    category_names: v.array(v.string()),
    /** Who wrote it: the super admin who stored it (48 for a draft made without one). */
    user_id: v.nullable(v.number()),
    user_name: v.nullable(v.string()),
  },
  sorts: RECIPE_SORTS,
  defaultSort: 'name',
  filters: { category_id: v.optional(id) },
  scope: 'global',
  permission: { who: 'super-admin', slug: 'manage_recipe' },
  status: true,
  defaultStatus: DEFAULT_RECIPE_STATUS,
  ordering: false,
  multipart: true,
  messages: RECIPE_MESSAGES,
  paths: { base: RECIPES_PATH },
});

export type Recipe = ResourceItem<typeof recipeResource>;
export type RecipeCategory = ResourceItem<typeof recipeCategoryResource>;
