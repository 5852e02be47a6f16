/**
 * The demo's how-to guides and shop (docs/admin.md "How to use the app and the shop"): a few guide
 * categories with guides in order (one switched off, one in a category of its own), and shop items of
 * each surgery type with one default per type. Rich text is written as the sanitiser leaves it; no
 * images (a seed writes no files).
 */
import type { Tx } from '../db/client';
import { howToCategories, howToItems, shopItems } from '../db/schema';

const GUIDES: readonly { category: string; title: string; description: string; video_url?: string; off?: true }[] = [
  { category: 'Getting started', title: 'Signing in for the first time', description: '<p>Open the app and type the <strong>program code</strong> your clinic gave you.</p>' },
  {
    category: 'Getting started',
    title: 'Finding your way around',
    description: '<p>The main menu holds your food log, weight, water, messages and events.</p>',
    video_url: 'https://videos.baridesk.example/getting-started',
  },
  { category: 'Logging', title: 'Logging a meal', description: '<p>Tap <strong>Add food</strong>, search for it and choose the serving.</p>', video_url: 'https://videos.baridesk.example/log-a-meal' },
  { category: 'Logging', title: 'Logging your weight', description: '<p>Weigh yourself in the morning and tap <strong>Add weight</strong>.</p>' },
  { category: 'Logging', title: 'Logging water', description: '<p>Each tap on the glass adds one cup.</p>', off: true },
  { category: 'Messages', title: 'Reading your care team’s messages', description: '<p>New messages show a dot on the bell.</p>' },
];

const SHOP: readonly { surgery_type: 'surgical' | 'non_surgical'; title: string; description: string; link: string; is_default?: true; off?: true }[] = [
  { surgery_type: 'surgical', title: 'Bariatric multivitamin', description: 'Chewable, one a day after surgery.', link: 'https://shop.baridesk.example/multivitamin', is_default: true },
  { surgery_type: 'surgical', title: 'Protein shake, vanilla', description: '30 g of protein per serving.', link: 'https://shop.baridesk.example/protein-vanilla' },
  { surgery_type: 'surgical', title: 'Portion control plate', description: 'Sections sized for the first months.', link: 'https://shop.baridesk.example/plate', off: true },
  { surgery_type: 'non_surgical', title: 'Meal replacement bars', description: 'A box of 12.', link: 'https://shop.baridesk.example/bars', is_default: true },
  { surgery_type: 'non_surgical', title: 'Smart scale', description: 'Sends your weight to the app.', link: 'https://shop.baridesk.example/scale' },
];

/** The how-to guides and shop items of the demo; global rows, written once for every program. */
export async function insertDemoHowToAndShop(tx: Tx, now: Date) {
  const stamp = { created_at: now, updated_at: now };
  const names = [...new Set(GUIDES.map((guide) => guide.category))];
  const categories = await tx
    .insert(howToCategories)
    .values(names.map((name, i) => ({ name, order_index: i + 1, ...stamp })))
    .returning({ id: howToCategories.id, name: howToCategories.name });
  const categoryId = (name: string) => categories.find((category) => category.name === name)!.id;
  await tx.insert(howToItems).values(
    GUIDES.map((guide, i) => ({
      category_id: categoryId(guide.category),
      title: guide.title,
      description: guide.description,
      video_url: guide.video_url ?? null,
      status: guide.off ? 0 : 1,
      order_index: i + 1,
      ...stamp,
    })),
  );
  await tx.insert(shopItems).values(
    SHOP.map((item, i) => ({
      surgery_type: item.surgery_type,
      title: item.title,
      description: item.description,
      link: item.link,
      is_default: item.is_default ? 1 : 0,
      status: item.off ? 0 : 1,
      order_index: i + 1,
      ...stamp,
    })),
  );
}
