import type { AdminDashboard, Quote } from '@baridesk/contracts';

let nextId = 1;

/** A quote as the API lists it; fresh id unless given. */
export function buildQuote(overrides: Partial<Quote> = {}): Quote {
  const id = overrides.id ?? nextId++;
  return {
    id,
    description: `Small steps every day add up (${id}).`,
    date_quote: '2026-03-05',
    status: 1,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function buildAdminDashboard(overrides: Partial<AdminDashboard> = {}): AdminDashboard {
  return {
    programs: { total: 42, active: 37 },
    programUsers: { total: 1250, active: 1100 },
    patients: { total: 18342, byStage: { '1': 9000, '2': 8000, '3': 1342 } },
    superAdmins: 4,
    quotes: { total: 365, today: null },
    ...overrides,
  };
}
