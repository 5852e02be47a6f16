/**
 * The demo's trophy cards (cards_and_trophies): four cards, one of each kind of rule, for every tier.
 * "First weigh-in" asks for one day with a weigh-in, so the first awarding run gives it to every
 * Northside patient who logged a weight, the demo app patient among them, and tells them in the inbox.
 * No images: a seed writes no files.
 */
import type { Tx } from '../db/client';
import { trophyCards } from '../db/schema';

export const DEMO_FIRST_TROPHY = 'First weigh-in';
export const DEMO_TROPHY_TITLES = [DEMO_FIRST_TROPHY, 'Seven-day food streak', 'One month after surgery', 'Happy New Year'];

export async function insertDemoTrophies(tx: Tx, now: Date): Promise<void> {
  const nextNewYear = `${now.getUTCFullYear() + 1}-01-01`;
  const stamp = { created_at: now, updated_at: now };
  await tx.insert(trophyCards).values([
    {
      title: DEMO_FIRST_TROPHY,
      rule_type: 'weight_log',
      days: 1,
      days_condition: 'in_total',
      link: 'https://www.asmbs.org/patients/life-after-bariatric-surgery',
      notification_content: 'You logged your first weigh-in. Every weigh-in helps your care team follow your progress. Keep it up!',
      order_index: 1,
      ...stamp,
    },
    {
      title: DEMO_TROPHY_TITLES[1]!,
      rule_type: 'food_log',
      days: 7,
      days_condition: 'in_row',
      notification_content: 'You logged your food seven days in a row. That habit is one of the best predictors of success.',
      order_index: 2,
      ...stamp,
    },
    {
      title: DEMO_TROPHY_TITLES[2]!,
      rule_type: 'surgery_anniversary',
      surgery_days: 1,
      surgery_day_type: 'month',
      notification_content: 'One month since your surgery. Congratulations on everything you have done so far!',
      order_index: 3,
      ...stamp,
    },
    {
      title: DEMO_TROPHY_TITLES[3]!,
      rule_type: 'date',
      date: nextNewYear,
      notification_content: 'Happy New Year from your care team! Here is to a healthy year ahead.',
      order_index: 4,
      ...stamp,
    },
  ]);
}
