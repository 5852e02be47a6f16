/**
 * The demo's Bari resources and recipes (docs/admin.md "Bari resources and recipes"): resource
 * categories with sub-categories and a few resources of each link type in order; recipe categories and
 * recipes with their nutrition facts per serving, filed under one or more categories, one a draft. Rich
 * text is written as the sanitiser leaves it; no images (a seed writes no files). The recipes' author is
 * the spec's draft user (RECIPE_DRAFT_USER_ID, the built-in super admin): nobody signed in wrote them.
 */
import { RECIPE_DRAFT_USER_ID } from '@baridesk/domain';
import type { Tx } from '../db/client';
import { bariResourceCategories, bariResourceSubCategories, bariResources, recipeCategories, recipes } from '../db/schema';

type Nutrition = Partial<Record<'nf_calories' | 'nf_protein' | 'nf_total_fat' | 'nf_saturated_fat' | 'nf_total_carbohydrate' | 'nf_dietary_fiber' | 'nf_sugars' | 'nf_sodium' | 'nf_cholesterol' | 'nf_calcium', number>>;

const RECIPES: readonly { name: string; categories: readonly string[]; ingredient: string; recipe: string; servings: number; unit: string; grams: number; nutrition: Nutrition; draft?: true; featured?: true }[] = [
  {
    name: 'Greek yogurt protein bowl',
    categories: ['Breakfast', 'High protein'],
    ingredient: '<ul><li>170 g plain Greek yogurt</li><li>1 scoop unflavoured protein powder</li><li>30 g blueberries</li></ul>',
    recipe: '<ol><li>Stir the protein powder into the yogurt.</li><li>Top with the blueberries.</li></ol>',
    servings: 1,
    unit: 'bowl',
    grams: 230,
    nutrition: { nf_calories: 260, nf_protein: 38, nf_total_fat: 4.5, nf_saturated_fat: 2.5, nf_total_carbohydrate: 16, nf_dietary_fiber: 1.2, nf_sugars: 11, nf_sodium: 120, nf_cholesterol: 25, nf_calcium: 280 },
    featured: true,
  },
  {
    name: 'Egg muffins with spinach',
    categories: ['Breakfast', 'High protein', 'Puree and soft foods'],
    ingredient: '<ul><li>6 eggs</li><li>60 g baby spinach</li><li>40 g low-fat feta</li></ul>',
    recipe: '<ol><li>Whisk the eggs; fold in the spinach and feta.</li><li>Bake in a muffin tin at 180 °C for 20 minutes.</li></ol>',
    servings: 6,
    unit: 'muffin',
    grams: 60,
    nutrition: { nf_calories: 90, nf_protein: 7.5, nf_total_fat: 6, nf_saturated_fat: 2.2, nf_total_carbohydrate: 1, nf_sugars: 0.5, nf_sodium: 180, nf_cholesterol: 190, nf_calcium: 70 },
  },
  {
    name: 'Turkey chili',
    categories: ['Lunch and dinner', 'High protein'],
    ingredient: '<ul><li>500 g lean ground turkey</li><li>1 can kidney beans</li><li>1 can crushed tomatoes</li><li>Chili powder and cumin</li></ul>',
    recipe: '<ol><li>Brown the turkey.</li><li>Add the beans, tomatoes and spices; simmer for 30 minutes.</li></ol>',
    servings: 6,
    unit: 'cup',
    grams: 250,
    nutrition: { nf_calories: 240, nf_protein: 24, nf_total_fat: 7, nf_saturated_fat: 2, nf_total_carbohydrate: 18, nf_dietary_fiber: 6, nf_sugars: 5, nf_sodium: 420, nf_cholesterol: 60 },
  },
  {
    name: 'Cauliflower mash',
    categories: ['Lunch and dinner', 'Puree and soft foods'],
    ingredient: '<ul><li>1 head of cauliflower</li><li>2 tbsp light cream cheese</li><li>Garlic powder</li></ul>',
    recipe: '<p>Steam the cauliflower until soft, then blend it with the cream cheese and garlic until smooth.</p>',
    servings: 4,
    unit: 'cup',
    grams: 150,
    nutrition: { nf_calories: 60, nf_protein: 3, nf_total_fat: 2.5, nf_total_carbohydrate: 7, nf_dietary_fiber: 3, nf_sugars: 3, nf_sodium: 90 },
  },
  {
    name: 'Peanut butter protein bites',
    categories: ['Snacks'],
    ingredient: '<ul><li>120 g natural peanut butter</li><li>2 scoops vanilla protein powder</li><li>40 g oats</li></ul>',
    recipe: '<p>Mix everything, roll into 12 balls and chill for an hour.</p>',
    servings: 12,
    unit: 'bite',
    grams: 20,
    nutrition: { nf_calories: 95, nf_protein: 6, nf_total_fat: 5, nf_saturated_fat: 1, nf_total_carbohydrate: 6, nf_dietary_fiber: 1, nf_sugars: 2, nf_sodium: 45 },
    draft: true,
  },
];

const RESOURCE_CATEGORIES: readonly (readonly [name: string, subs: readonly string[]])[] = [
  ['Nutrition', ['Protein', 'Vitamins and supplements']],
  ['Exercise', ['Getting started']],
  ['Emotional health', []],
];

const RESOURCES: readonly { title: string; category: string; sub?: string; link: string; link_type: 'article' | 'video' | 'pdf' | 'podcast'; minutes: number; off?: true }[] = [
  { title: 'Why protein comes first', category: 'Nutrition', sub: 'Protein', link: 'https://resources.example.com/protein-first', link_type: 'article', minutes: 6 },
  { title: 'Your daily vitamins after surgery', category: 'Nutrition', sub: 'Vitamins and supplements', link: 'https://resources.example.com/vitamins.pdf', link_type: 'pdf', minutes: 10 },
  { title: 'Ten-minute chair workout', category: 'Exercise', sub: 'Getting started', link: 'https://videos.example.com/chair-workout', link_type: 'video', minutes: 10 },
  { title: 'Walking plan for the first month', category: 'Exercise', link: 'https://resources.example.com/walking-plan', link_type: 'article', minutes: 5 },
  { title: 'Emotional eating: a conversation', category: 'Emotional health', link: 'https://podcasts.example.com/emotional-eating', link_type: 'podcast', minutes: 35 },
  { title: 'Head hunger or stomach hunger?', category: 'Emotional health', link: 'https://videos.example.com/head-hunger', link_type: 'video', minutes: 8, off: true },
];

export async function insertDemoResourcesAndRecipes(tx: Tx, now: Date): Promise<void> {
  const stamp = { created_at: now, updated_at: now };

  const categories = await tx
    .insert(bariResourceCategories)
    .values(RESOURCE_CATEGORIES.map(([name], i) => ({ name, order_index: i + 1, ...stamp })))
    .returning({ id: bariResourceCategories.id, name: bariResourceCategories.name });
  const categoryId = (name: string) => categories.find((c) => c.name === name)!.id;
  const subs = await tx
    .insert(bariResourceSubCategories)
    .values(RESOURCE_CATEGORIES.flatMap(([name, names]) => names.map((sub, i) => ({ category_id: categoryId(name), name: sub, order_index: i + 1, ...stamp }))))
    .returning({ id: bariResourceSubCategories.id, name: bariResourceSubCategories.name });
  const subId = (name: string | undefined) => (name ? subs.find((s) => s.name === name)!.id : null);
  await tx.insert(bariResources).values(
    RESOURCES.map((r, i) => ({
      title: r.title,
      bari_resource_category_id: categoryId(r.category),
      bari_resource_sub_category_id: subId(r.sub),
      link: r.link,
      link_type: r.link_type,
      engagement_time: r.minutes,
      status: r.off ? 0 : 1,
      order_index: i + 1,
      ...stamp,
    })),
  );

  const recipeCategoryNames = [...new Set(RECIPES.flatMap((r) => r.categories))];
  const recipeCategoryRows = await tx
    .insert(recipeCategories)
    .values(recipeCategoryNames.map((name, i) => ({ name, order_index: i + 1, ...stamp })))
    .returning({ id: recipeCategories.id, name: recipeCategories.name });
  const recipeCategoryId = (name: string) => recipeCategoryRows.find((c) => c.name === name)!.id;
  await tx.insert(recipes).values(
    RECIPES.map((r) => ({
      user_id: RECIPE_DRAFT_USER_ID,
      category_ids: r.categories.map(recipeCategoryId),
      name: r.name,
      ingredient: r.ingredient,
      recipe: r.recipe,
      recipes_flag: r.featured ? 1 : 0,
      status: r.draft ? 0 : 1,
      nf_totalItem: r.servings,
      nf_serving_size_qty: 1,
      nf_serving_size_unit: r.unit,
      nf_serving_weight_grams: r.grams,
      ...r.nutrition,
      ...stamp,
    })),
  );
}
