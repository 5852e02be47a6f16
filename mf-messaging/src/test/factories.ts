import type { MessageTemplate } from '@baridesk/contracts';

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
