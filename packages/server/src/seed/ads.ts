/**
 * The demo's ads (docs/admin.md "Ads"): the app's ad places as ad sets (reference data: the app draws a
 * set by its placement), a few banner ads in them and discount ads around today, with some counts so
 * the screens show impressions, clicks and CTR. No images: a seed writes no files.
 */
import { AD_PLACEMENTS, type AdPlacement } from '@baridesk/contracts';
import type { Tx } from '../db/client';
import { adSets, ads } from '../db/schema';

const day = (now: Date, offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);

export async function insertDemoAds(tx: Tx, now: Date): Promise<void> {
  const sets = await tx
    .insert(adSets)
    .values((Object.keys(AD_PLACEMENTS) as AdPlacement[]).map((placement) => ({ name: AD_PLACEMENTS[placement], placement, created_at: now, updated_at: now })))
    .returning({ id: adSets.id, placement: adSets.placement });
  const setOf = (placement: AdPlacement) => sets.find((set) => set.placement === placement)!.id;
  const stamp = { created_at: now, updated_at: now };
  await tx.insert(ads).values([
    { kind: 'banner', ad_set_id: setOf('home'), title: 'Protein shakes, 20% off this month', link: 'https://shop.example.com/protein', impressions: 1240, clicks: 37, order_index: 1, ...stamp },
    { kind: 'banner', ad_set_id: setOf('home'), title: 'Join the Thursday support group', description: 'Meet others on the same journey, online or in person.', link: 'https://northside.example.com/groups', impressions: 860, clicks: 12, order_index: 2, ...stamp },
    { kind: 'banner', ad_set_id: setOf('food_log'), title: 'Bariatric vitamins: chewable and easy', link: 'https://shop.example.com/vitamins', impressions: 310, clicks: 9, order_index: 3, ...stamp },
    { kind: 'banner', ad_set_id: setOf('resources'), title: 'New: meal-prep video series', link: 'https://videos.example.com/meal-prep', status: 0, order_index: 4, ...stamp },
    {
      kind: 'discount',
      title: '15% off portion-control plates',
      description: 'Use the code at checkout.',
      discount_code: 'BARI15',
      link: 'https://shop.example.com/plates',
      starts_on: day(now, -7),
      ends_on: day(now, 30),
      impressions: 420,
      clicks: 21,
      order_index: 1,
      ...stamp,
    },
    { kind: 'discount', title: 'Free shipping on supplements', discount_code: 'SHIPFREE', link: 'https://shop.example.com/supplements', starts_on: day(now, 10), ends_on: day(now, 40), order_index: 2, ...stamp },
  ]);
}
