import * as v from 'valibot';
import { TROPHY_DEFAULTS, describeTrophyRule, trophyCardResource } from './admin-trophies';

const rule = { rule_type: 'food_log', days: 1, days_condition: 'in_row', surgery_days: null, surgery_day_type: 'day', date: null };

test('a card says its rule in words', () => {
  expect(describeTrophyRule(rule)).toBe('Food logged on 1 day');
  expect(describeTrophyRule({ ...rule, rule_type: 'weight_log', days: 7 })).toBe('Weight logged on 7 days in a row');
  expect(describeTrophyRule({ ...rule, rule_type: 'water_log', days: 30, days_condition: 'in_total' })).toBe('Water logged on 30 days in total');
  expect(describeTrophyRule({ ...rule, rule_type: 'surgery_anniversary', surgery_days: 1, surgery_day_type: 'month' })).toBe('1 month after surgery');
  expect(describeTrophyRule({ ...rule, rule_type: 'surgery_anniversary', surgery_days: 2, surgery_day_type: 'week' })).toBe('2 weeks after surgery');
  expect(describeTrophyRule({ ...rule, rule_type: 'date', date: '2027-01-01' })).toBe('On Jan 01, 2027');
});

test("the store body gives the spec's defaults and reads a form's text", () => {
  const stored = v.parse(trophyCardResource.schemas.storeBody, { title: 'Card', notification_content: 'Well done' });
  expect(stored).toMatchObject({ ...TROPHY_DEFAULTS, surgery_days: null, status: 1 });
  const fromForm = v.parse(trophyCardResource.schemas.storeBody, { title: 'Card', notification_content: 'x', rule_type: '', days: '3', user_tier: '', surgery_days: '' });
  expect(fromForm).toMatchObject({ rule_type: 'food_log', days: 3, surgery_days: null });
  expect(v.safeParse(trophyCardResource.schemas.storeBody, { title: 'Card', notification_content: 'x', days: '1.5' }).success).toBe(false);
});
