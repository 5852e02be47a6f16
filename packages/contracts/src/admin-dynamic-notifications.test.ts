import * as v from 'valibot';
import { checkDynamicMetadata, describeDynamicRule, dynamicNotificationResource } from './admin-dynamic-notifications';

describe('checkDynamicMetadata', () => {
  it("keeps a rule's own keys, as numbers, with the defaults", () => {
    expect(checkDynamicMetadata('surgery_date', { type: 'after', days: '0', surgery_type: ' Sleeve ', weight_lost: 3 })).toEqual({
      metadata: { type: 'after', days: 0, duration: 'day', surgery_type: 'Sleeve' },
    });
    expect(checkDynamicMetadata('reminder', { days: 2, duration: 'month' })).toEqual({ metadata: { type: 'signup', days: 2, duration: 'month' } });
    expect(checkDynamicMetadata('weight_lost', { weight_lost: '12.5' })).toEqual({ metadata: { weight_lost: 12.5 } });
  });

  it('answers each wrong key on its path, and an unknown rule on rule_type', () => {
    expect(checkDynamicMetadata('weight', { days: 400, duration: 'fortnight' })).toEqual({
      errors: { 'metadata.days': ['Days must be a whole number between 1 and 365.'], 'metadata.duration': ['Please enter valid duration.'] },
    });
    expect(checkDynamicMetadata('surgery_date', { days: 1 })).toEqual({ errors: { 'metadata.type': ['Type is required.'] } });
    expect(checkDynamicMetadata('signup', null)).toEqual({ errors: { 'metadata.days': ['Days is required.'] } });
    expect(checkDynamicMetadata('birthday', {})).toEqual({ errors: { rule_type: ['Please enter valid rule.'] } });
  });
});

describe('the store body', () => {
  const parse = (body: Record<string, unknown>) => v.safeParse(dynamicNotificationResource.schemas.storeBody, { rule_type: 'signup', message: 'Hi', ...body });

  it('reads metadata and stages as a form sends them, and defaults the patient type', () => {
    const parsed = parse({ metadata: '{"days":3}', stages: '[3,1]' });
    expect(parsed.success && parsed.output).toMatchObject({ metadata: { days: 3 }, stages: [1, 3], patient_type: 'all' });
    const listed = parse({ metadata: { days: 3 }, stages: '2, 3' });
    expect(listed.success && listed.output).toMatchObject({ stages: [2, 3] });
  });

  it('refuses metadata that is not an object, and unknown or repeated stages', () => {
    for (const body of [{ metadata: '[1]' }, { metadata: 'nope' }, { stages: [4] }, { stages: '1,1' }, { patient_type: 'vip' }]) {
      expect(parse(body).success).toBe(false);
    }
  });
});

describe('describeDynamicRule', () => {
  it('says each rule in words', () => {
    expect(describeDynamicRule('surgery_date', { type: 'before', days: 3, duration: 'day', surgery_type: 'Sleeve' })).toBe('3 days before surgery (Sleeve)');
    expect(describeDynamicRule('surgery_date', { type: 'after', days: 0 })).toBe('On the surgery day');
    expect(describeDynamicRule('weight', { days: 2, duration: 'week' })).toBe('No weight logged for 2 weeks');
    expect(describeDynamicRule('weight_lost', { weight_lost: 25 })).toBe('Lost 25 lb');
    expect(describeDynamicRule('reminder', { type: 'surgery', days: 1, duration: 'month' })).toBe('Every 1 month from surgery');
    expect(describeDynamicRule('food', { days: 1, duration: 'day' })).toBe('No food logged for 1 day');
    expect(describeDynamicRule('signup', { days: 30 })).toBe('30 days after sign-up');
  });
});
