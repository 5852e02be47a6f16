import { Settings } from 'luxon';
import {
  addCalendarDays,
  appliedRuleKey,
  evaluatePipeline,
  type PatientPipelineFacts,
  type PipelineMove,
  type PipelineRule,
  ruleMatches,
  settlePipeline,
  sweepPipeline,
  triggerKey,
} from './pipeline-engine';

const A = 10;
const B = 20;
const C = 30;
const NONE: ReadonlySet<string> = new Set();

function rule(overrides: Partial<PipelineRule> & Pick<PipelineRule, 'id' | 'type'>): PipelineRule {
  return { stage: 1, active: true, priority: 1, fromStatusId: A, toStatusId: B, ...overrides };
}

function patient(overrides: Partial<PatientPipelineFacts> = {}): PatientPipelineFacts {
  return {
    patientId: 1,
    stage: 1,
    statusId: A,
    stageEnteredOn: '2026-01-01',
    surgeryDate: null,
    checklistPercent: 0,
    completedItemIds: [],
    checklistDeactivated: false,
    ...overrides,
  };
}

describe('addCalendarDays', () => {
  it('crosses month and year ends', () => {
    expect(addCalendarDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addCalendarDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addCalendarDays('2026-01-15', 0)).toBe('2026-01-15');
  });

  it('counts the leap day', () => {
    expect(addCalendarDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addCalendarDays('2024-02-29', 1)).toBe('2024-03-01');
    expect(addCalendarDays('2024-02-29', 365)).toBe('2025-02-28');
    expect(addCalendarDays('2025-02-28', 1)).toBe('2025-03-01');
  });

  it('does not shift across DST changes, whatever the default zone', () => {
    const saved = Settings.defaultZone;
    try {
      for (const zone of ['America/New_York', 'Australia/Lord_Howe', 'Pacific/Chatham', 'utc']) {
        Settings.defaultZone = zone;
        expect(addCalendarDays('2026-03-07', 1)).toBe('2026-03-08'); // US spring forward on 03-08
        expect(addCalendarDays('2026-03-08', 1)).toBe('2026-03-09');
        expect(addCalendarDays('2026-03-01', 30)).toBe('2026-03-31');
        expect(addCalendarDays('2026-10-31', 1)).toBe('2026-11-01'); // US fall back on 11-01
        expect(addCalendarDays('2026-11-01', 1)).toBe('2026-11-02');
        expect(addCalendarDays('2026-03-29', 1)).toBe('2026-03-30'); // EU spring forward
      }
    } finally {
      Settings.defaultZone = saved;
    }
  });

  it('rejects what is not a calendar day or a whole number of days', () => {
    expect(addCalendarDays('2026-02-30', 1)).toBeNull();
    expect(addCalendarDays('20260201', 1)).toBeNull();
    expect(addCalendarDays('2026-02-01T00:00', 1)).toBeNull();
    expect(addCalendarDays('', 1)).toBeNull();
    expect(addCalendarDays('2026-02-01', 1.5)).toBeNull();
  });
});

describe('triggerKey', () => {
  const facts = patient({ surgeryDate: '2026-02-10', stageEnteredOn: '2026-01-05' });

  it('names the occurrence for each type', () => {
    expect(triggerKey(rule({ id: 1, type: 6 }), facts)).toBe('surgery-date:2026-02-10');
    expect(triggerKey(rule({ id: 1, type: 1, days: 7 }), facts)).toBe('surgery-date+7:2026-02-10');
    expect(triggerKey(rule({ id: 1, type: 5, days: 3 }), facts)).toBe('stage-days:3:2026-01-05');
    expect(triggerKey(rule({ id: 1, type: 2, checklistItemId: 42 }), facts)).toBe('item:42');
    expect(triggerKey(rule({ id: 1, type: 4, percent: 75 }), facts)).toBe('percent:75');
    expect(appliedRuleKey(rule({ id: 9, type: 4, percent: 75 }), facts)).toBe('9|percent:75');
  });

  it('changes with a new surgery date or stage entry, not with the status', () => {
    const surgery = rule({ id: 1, type: 1, days: 7 });
    const inStage = rule({ id: 2, type: 5, days: 3 });
    expect(triggerKey(surgery, { ...facts, surgeryDate: '2026-03-01' })).not.toBe(triggerKey(surgery, facts));
    expect(triggerKey(inStage, { ...facts, stageEnteredOn: '2026-04-01' })).not.toBe(triggerKey(inStage, facts));
    expect(triggerKey(surgery, { ...facts, statusId: C })).toBe(triggerKey(surgery, facts));
  });
});

describe('ruleMatches', () => {
  const today = '2026-03-10';

  describe('type 1, surgery date passed x days', () => {
    const r = rule({ id: 1, type: 1, days: 5 });
    it('matches from exactly N days after surgery, not at N-1', () => {
      expect(ruleMatches(r, patient({ surgeryDate: '2026-03-05' }), today)).toBe(true);
      expect(ruleMatches(r, patient({ surgeryDate: '2026-03-01' }), today)).toBe(true);
      expect(ruleMatches(r, patient({ surgeryDate: '2026-03-06' }), today)).toBe(false);
    });
    it('needs a surgery date and valid days', () => {
      expect(ruleMatches(r, patient(), today)).toBe(false);
      expect(ruleMatches(r, patient({ surgeryDate: 'not a date' }), today)).toBe(false);
      expect(ruleMatches({ ...r, days: undefined }, patient({ surgeryDate: '2026-01-01' }), today)).toBe(false);
      expect(ruleMatches({ ...r, days: -1 }, patient({ surgeryDate: '2026-03-10' }), today)).toBe(false);
      expect(ruleMatches({ ...r, days: 0 }, patient({ surgeryDate: '2026-03-10' }), today)).toBe(true);
      expect(ruleMatches({ ...r, days: 0 }, patient({ surgeryDate: '2026-03-11' }), today)).toBe(false);
    });
    it('counts calendar days across month ends, the leap day and DST', () => {
      const month = rule({ id: 1, type: 1, days: 1 });
      expect(ruleMatches(month, patient({ surgeryDate: '2026-01-31' }), '2026-02-01')).toBe(true);
      expect(ruleMatches(month, patient({ surgeryDate: '2026-01-31' }), '2026-01-31')).toBe(false);
      const leap = rule({ id: 1, type: 1, days: 2 });
      expect(ruleMatches(leap, patient({ surgeryDate: '2024-02-28' }), '2024-03-01')).toBe(true);
      expect(ruleMatches(leap, patient({ surgeryDate: '2024-02-28' }), '2024-02-29')).toBe(false);
      const dst = rule({ id: 1, type: 1, days: 1 });
      expect(ruleMatches(dst, patient({ surgeryDate: '2026-03-07' }), '2026-03-08')).toBe(true);
      expect(ruleMatches(dst, patient({ surgeryDate: '2026-03-08' }), '2026-03-08')).toBe(false);
      expect(ruleMatches(dst, patient({ surgeryDate: '2026-10-31' }), '2026-11-01')).toBe(true);
    });
    it('matches nothing when today is not a calendar day', () => {
      expect(ruleMatches(r, patient({ surgeryDate: '2026-01-01' }), '')).toBe(false);
    });
  });

  describe('type 6, surgery date added', () => {
    const r = rule({ id: 1, type: 6 });
    it('matches once a surgery date is set, even in the future', () => {
      expect(ruleMatches(r, patient({ surgeryDate: '2026-12-01' }), today)).toBe(true);
      expect(ruleMatches(r, patient({ surgeryDate: null }), today)).toBe(false);
      expect(ruleMatches(r, patient({ surgeryDate: '' }), today)).toBe(false);
    });
  });

  describe('type 2, checklist item completed', () => {
    const r = rule({ id: 1, type: 2, checklistItemId: 7 });
    it('matches when the item is completed', () => {
      expect(ruleMatches(r, patient({ completedItemIds: [3, 7] }), today)).toBe(true);
      expect(ruleMatches(r, patient({ completedItemIds: [3] }), today)).toBe(false);
      expect(ruleMatches({ ...r, checklistItemId: undefined }, patient({ completedItemIds: [7] }), today)).toBe(false);
    });
    it('never matches while the checklist is deactivated', () => {
      expect(ruleMatches(r, patient({ completedItemIds: [7], checklistDeactivated: true }), today)).toBe(false);
    });
  });

  describe('type 4, checklist % complete', () => {
    const r = rule({ id: 1, type: 4, percent: 50 });
    it('matches at or above the percentage', () => {
      expect(ruleMatches(r, patient({ checklistPercent: 50 }), today)).toBe(true);
      expect(ruleMatches(r, patient({ checklistPercent: 100 }), today)).toBe(true);
      expect(ruleMatches(r, patient({ checklistPercent: 49.9 }), today)).toBe(false);
    });
    it('never matches while the checklist is deactivated or without a valid percent', () => {
      expect(ruleMatches(r, patient({ checklistPercent: 100, checklistDeactivated: true }), today)).toBe(false);
      expect(ruleMatches({ ...r, percent: 0 }, patient({ checklistPercent: 0 }), today)).toBe(false);
      expect(ruleMatches({ ...r, percent: undefined }, patient({ checklistPercent: 100 }), today)).toBe(false);
    });
  });

  describe('type 5, days in stage', () => {
    const r = rule({ id: 1, type: 5, days: 30 });
    it('matches from exactly N days in the stage, not at N-1', () => {
      expect(ruleMatches(r, patient({ stageEnteredOn: '2026-02-08' }), today)).toBe(true);
      expect(ruleMatches(r, patient({ stageEnteredOn: '2026-02-09' }), today)).toBe(false);
    });
    it('counts across the leap day and a DST change', () => {
      const leap = rule({ id: 1, type: 5, days: 29 });
      expect(ruleMatches(leap, patient({ stageEnteredOn: '2024-02-01' }), '2024-03-01')).toBe(true);
      expect(ruleMatches(leap, patient({ stageEnteredOn: '2024-02-01' }), '2024-02-29')).toBe(false);
      const dst = rule({ id: 1, type: 5, days: 7 });
      expect(ruleMatches(dst, patient({ stageEnteredOn: '2026-03-04' }), '2026-03-11')).toBe(true);
      expect(ruleMatches(dst, patient({ stageEnteredOn: '2026-03-04' }), '2026-03-10')).toBe(false);
    });
  });

  describe('guards common to every type', () => {
    const facts = patient({ surgeryDate: '2026-01-01', completedItemIds: [7], checklistPercent: 100 });
    const all = [
      rule({ id: 1, type: 1, days: 0 }),
      rule({ id: 6, type: 6 }),
      rule({ id: 2, type: 2, checklistItemId: 7 }),
      rule({ id: 4, type: 4, percent: 10 }),
      rule({ id: 5, type: 5, days: 0 }),
    ];
    it.each(all)('type $type: matches, but not when off, in another stage, outside fromStatus or already at target', (r) => {
      expect(ruleMatches(r, facts, today)).toBe(true);
      expect(ruleMatches({ ...r, active: false }, facts, today)).toBe(false);
      expect(ruleMatches({ ...r, stage: 2 }, facts, today)).toBe(false);
      expect(ruleMatches({ ...r, fromStatusId: C }, facts, today)).toBe(false);
      expect(ruleMatches(r, { ...facts, statusId: null }, today)).toBe(false);
      expect(ruleMatches({ ...r, fromStatusId: null }, { ...facts, statusId: C }, today)).toBe(true);
      expect(ruleMatches({ ...r, fromStatusId: null }, { ...facts, statusId: null }, today)).toBe(true);
      expect(ruleMatches({ ...r, fromStatusId: null, toStatusId: A }, facts, today)).toBe(false);
    });
  });
});

describe('evaluatePipeline', () => {
  const today = '2026-03-10';
  const facts = patient({ surgeryDate: '2026-03-01', completedItemIds: [7], checklistPercent: 80 });

  it('returns the move with its rule and key', () => {
    const r = rule({ id: 3, type: 6 });
    expect(evaluatePipeline([r], facts, { kind: 'surgery-date-set' }, today, NONE)).toEqual({
      patientId: 1,
      ruleId: 3,
      fromStatusId: A,
      toStatusId: B,
      triggerKey: 'surgery-date:2026-03-01',
    });
  });

  it('looks only at the types the trigger watches', () => {
    const item = rule({ id: 1, type: 2, checklistItemId: 7 });
    const days = rule({ id: 2, type: 5, days: 1 });
    const surgery = rule({ id: 3, type: 6 });
    expect(evaluatePipeline([item, days], facts, { kind: 'surgery-date-set' }, today, NONE)).toBeNull();
    expect(evaluatePipeline([surgery, days], facts, { kind: 'checklist-changed', tickedItemId: 7 }, today, NONE)).toBeNull();
    expect(evaluatePipeline([item], facts, { kind: 'checklist-changed', tickedItemId: 7 }, today, NONE)?.ruleId).toBe(1);
    expect(evaluatePipeline([days], facts, { kind: 'daily-sweep' }, today, NONE)?.ruleId).toBe(2);
    // The sweep catches up events: 6, 2 and 4 too.
    for (const r of [item, surgery, rule({ id: 4, type: 4, percent: 50 })]) {
      expect(evaluatePipeline([r], facts, { kind: 'daily-sweep' }, today, NONE)?.ruleId).toBe(r.id);
    }
  });

  it('lets priority decide between two matching rules, then id, and follows a priority change', () => {
    const first = rule({ id: 1, type: 2, checklistItemId: 7, toStatusId: B, priority: 2 });
    const second = rule({ id: 2, type: 4, percent: 50, toStatusId: C, priority: 1 });
    const trigger = { kind: 'checklist-changed' } as const;
    expect(evaluatePipeline([first, second], facts, trigger, today, NONE)?.ruleId).toBe(2);
    expect(evaluatePipeline([{ ...first, priority: 0 }, second], facts, trigger, today, NONE)?.ruleId).toBe(1);
    expect(evaluatePipeline([second, { ...first, priority: 1 }], facts, trigger, today, NONE)?.ruleId).toBe(1);
  });

  it('skips a rule that is off and falls to the next one', () => {
    const off = rule({ id: 1, type: 6, active: false, toStatusId: B });
    const on = rule({ id: 2, type: 6, priority: 5, toStatusId: C });
    expect(evaluatePipeline([off, on], facts, { kind: 'surgery-date-set' }, today, NONE)?.ruleId).toBe(2);
    expect(evaluatePipeline([off], facts, { kind: 'surgery-date-set' }, today, NONE)).toBeNull();
  });

  it('skips an applied rule|key but fires again for a new surgery date', () => {
    const r = rule({ id: 1, type: 6 });
    const applied = new Set(['1|surgery-date:2026-03-01']);
    expect(evaluatePipeline([r], facts, { kind: 'surgery-date-set' }, today, applied)).toBeNull();
    const moved = evaluatePipeline([r], { ...facts, surgeryDate: '2026-04-01' }, { kind: 'surgery-date-set' }, today, applied);
    expect(moved?.triggerKey).toBe('surgery-date:2026-04-01');
    // Another rule with the same key is not blocked.
    expect(evaluatePipeline([{ ...r, id: 2 }], facts, { kind: 'surgery-date-set' }, today, applied)?.ruleId).toBe(2);
  });

  it('returns null with no rules', () => {
    expect(evaluatePipeline([], facts, { kind: 'daily-sweep' }, today, NONE)).toBeNull();
  });
});

describe('settlePipeline', () => {
  const today = '2026-03-10';
  const facts = patient({ completedItemIds: [7], checklistPercent: 100 });

  it('chains A→B then B→C and stops when no rule matches', () => {
    const ab = rule({ id: 1, type: 2, checklistItemId: 7, fromStatusId: A, toStatusId: B });
    const bc = rule({ id: 2, type: 4, percent: 100, fromStatusId: B, toStatusId: C });
    const moves = settlePipeline([bc, ab], facts, { kind: 'checklist-changed', tickedItemId: 7 }, today, NONE);
    expect(moves.map((m) => [m.ruleId, m.fromStatusId, m.toStatusId])).toEqual([
      [1, A, B],
      [2, B, C],
    ]);
    expect(facts.statusId).toBe(A); // the caller's facts are left alone
  });

  it('stops rules bouncing between two statuses: each rule|key fires once', () => {
    const ab = rule({ id: 1, type: 2, checklistItemId: 7, fromStatusId: A, toStatusId: B });
    const ba = rule({ id: 2, type: 4, percent: 50, fromStatusId: B, toStatusId: A });
    const moves = settlePipeline([ab, ba], facts, { kind: 'checklist-changed' }, today, NONE);
    expect(moves.map((m) => m.ruleId)).toEqual([1, 2]);
    expect(settlePipeline([ab, ba], facts, { kind: 'checklist-changed' }, today, NONE, 1)).toHaveLength(1);
    expect(settlePipeline([ab, ba], facts, { kind: 'checklist-changed' }, today, NONE, 0)).toEqual([]);
  });

  it('caps at maxMoves (10 by default) even with many distinct rules', () => {
    const ring = Array.from({ length: 12 }, (_, i) =>
      rule({ id: i + 1, type: 4, percent: 100, fromStatusId: i % 2 === 0 ? A : B, toStatusId: i % 2 === 0 ? B : A }),
    );
    expect(settlePipeline(ring, facts, { kind: 'checklist-changed' }, today, NONE)).toHaveLength(10);
    expect(settlePipeline(ring, facts, { kind: 'checklist-changed' }, today, NONE, 20)).toHaveLength(12);
  });

  it('respects keys already applied', () => {
    const ab = rule({ id: 1, type: 2, checklistItemId: 7, fromStatusId: A, toStatusId: B });
    expect(settlePipeline([ab], facts, { kind: 'checklist-changed' }, today, new Set(['1|item:7']))).toEqual([]);
  });
});

describe('sweepPipeline', () => {
  const today = '2026-03-10';
  const rules = [
    rule({ id: 1, type: 5, days: 30, fromStatusId: A, toStatusId: B, priority: 1 }),
    rule({ id: 2, type: 1, days: 7, fromStatusId: B, toStatusId: C, priority: 2 }),
    rule({ id: 3, type: 6, stage: 2, fromStatusId: null, toStatusId: C }),
  ];
  const patients = [
    patient({ patientId: 3, stageEnteredOn: '2026-01-01', surgeryDate: '2026-03-01' }), // A→B→C
    patient({ patientId: 1, stageEnteredOn: '2026-02-09' }), // 29 days: nothing
    patient({ patientId: 2, stageEnteredOn: '2026-02-08' }), // 30 days: A→B
    patient({ patientId: 4, stage: 2, statusId: null, surgeryDate: '2026-02-01' }), // missed event: →C
  ];

  function recorded(moves: readonly PipelineMove[]) {
    return (patientId: number) =>
      new Set(moves.filter((m) => m.patientId === patientId).map((m) => `${m.ruleId}|${m.triggerKey}`));
  }

  function after(moves: readonly PipelineMove[]): PatientPipelineFacts[] {
    return patients.map((p) => {
      const last = moves.filter((m) => m.patientId === p.patientId).at(-1);
      return last ? { ...p, statusId: last.toStatusId } : p;
    });
  }

  it('moves every due patient, in patient-id order', () => {
    const moves = sweepPipeline(rules, patients, today, () => NONE);
    expect(moves.map((m) => [m.patientId, m.ruleId, m.toStatusId])).toEqual([
      [2, 1, B],
      [3, 1, B],
      [3, 2, C],
      [4, 3, C],
    ]);
  });

  it('gives nothing new when run again, with or without the statuses updated', () => {
    const first = sweepPipeline(rules, patients, today, () => NONE);
    expect(sweepPipeline(rules, after(first), today, recorded(first))).toEqual([]);
    expect(sweepPipeline(rules, patients, today, recorded(first))).toEqual([]);
  });

  it('finishes an interrupted sweep with exactly the missing moves', () => {
    const full = sweepPipeline(rules, patients, today, () => NONE);
    const done = full.slice(0, 2); // stopped after patient 3's first move
    const rest = sweepPipeline(rules, after(done), today, recorded(done));
    expect([...done, ...rest]).toEqual(full);
  });

  it('fires a days-in-stage rule again after the patient re-enters the stage', () => {
    const first = sweepPipeline(rules, patients, today, () => NONE);
    const reentered = patient({ patientId: 2, stageEnteredOn: '2026-04-01' });
    expect(sweepPipeline(rules, [reentered], '2026-05-01', recorded(first)).map((m) => m.ruleId)).toEqual([1]);
  });
});
