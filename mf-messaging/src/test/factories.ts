import type { AutomaticRule, MessageTemplate } from '@baridesk/contracts';

let nextId = 1;

/** A message template as the API lists it; fresh id unless given. */
export function buildMessageTemplate(overrides: Partial<MessageTemplate> = {}): MessageTemplate {
  const id = overrides.id ?? nextId++;
  return {
    id,
    title: `Template ${id}`,
    message: `Hello, this is message ${id}.`,
    status: 1,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-05T10:00:00.000Z',
    ...overrides,
  };
}

/** An automatic message rule as the API lists it; fresh id unless given. */
export function buildAutomaticRule(overrides: Partial<AutomaticRule> = {}): AutomaticRule {
  const id = overrides.id ?? nextId++;
  return {
    id,
    trigger: 'days_before_surgery',
    days: 3,
    stage: null,
    checklist_item_id: null,
    checklist_item_title: null,
    title: `Automatic ${id}`,
    message: `Automatic message ${id}.`,
    channels: ['inbox'],
    status: 1,
    sent_count: 0,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-05T10:00:00.000Z',
    ...overrides,
  };
}
