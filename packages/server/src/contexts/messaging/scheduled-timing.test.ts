import { nextRun, nextRunIn, zonesOfRun } from './scheduled-timing';

const at = (iso: string) => new Date(iso);

describe('scheduled message timing', () => {
  it('runs a one-off once, at its local time in the zone', () => {
    const plan = { localSendAt: '2026-12-01T09:00', rrule: null };
    expect(nextRunIn(plan, 'America/Chicago', at('2026-11-30T00:00Z'))).toEqual(at('2026-12-01T15:00Z'));
    expect(nextRunIn(plan, 'America/Chicago', at('2026-12-01T15:00Z'))).toBeNull();
  });

  it('keeps a weekly run at 09:00 on the clock across the daylight-saving change', () => {
    const plan = { localSendAt: '2027-03-01T09:00', rrule: 'FREQ=WEEKLY;BYDAY=MO' };
    // 8 March 2027 is before the US change (14 March), 15 March after it.
    const first = nextRunIn(plan, 'America/New_York', at('2027-03-02T00:00Z'));
    expect(first).toEqual(at('2027-03-08T14:00Z'));
    expect(nextRunIn(plan, 'America/New_York', first!)).toEqual(at('2027-03-15T13:00Z'));
  });

  it('moves a time the clock skips to the first time after it', () => {
    const plan = { localSendAt: '2027-03-13T02:30', rrule: 'FREQ=DAILY;COUNT=3' };
    const runs: Date[] = [];
    let after = at('2027-03-01T00:00Z');
    for (let next = nextRunIn(plan, 'America/New_York', after); next; next = nextRunIn(plan, 'America/New_York', after)) {
      runs.push(next);
      after = next;
    }
    expect(runs.map((r) => r.toISOString())).toEqual(['2027-03-13T07:30:00.000Z', '2027-03-14T07:30:00.000Z', '2027-03-15T06:30:00.000Z']);
  });

  it('ends a rule at its COUNT and its UNTIL', () => {
    const counted = { localSendAt: '2026-12-01T09:00', rrule: 'FREQ=DAILY;COUNT=2' };
    expect(nextRunIn(counted, 'UTC', at('2026-12-01T09:00Z'))).toEqual(at('2026-12-02T09:00Z'));
    expect(nextRunIn(counted, 'UTC', at('2026-12-02T09:00Z'))).toBeNull();
    const until = { localSendAt: '2026-12-01T09:00', rrule: 'FREQ=MONTHLY;UNTIL=20270115T235959' };
    expect(nextRunIn(until, 'UTC', at('2026-12-01T09:00Z'))).toEqual(at('2027-01-01T09:00Z'));
    expect(nextRunIn(until, 'UTC', at('2027-01-01T09:00Z'))).toBeNull();
  });

  it('gives one run per distinct instant among the zones, earliest first', () => {
    const plan = { localSendAt: '2026-12-01T09:00', rrule: null };
    const zones = ['America/Chicago', 'America/New_York', 'America/Detroit'];
    const first = nextRun(plan, zones, at('2026-11-30T00:00Z'))!;
    expect(first).toEqual(at('2026-12-01T14:00Z'));
    expect(zonesOfRun(plan, zones, first, first)).toEqual({ due: ['America/New_York', 'America/Detroit'], missed: [] });
    const second = nextRun(plan, zones, first)!;
    expect(second).toEqual(at('2026-12-01T15:00Z'));
    expect(zonesOfRun(plan, zones, second, second).due).toEqual(['America/Chicago']);
    expect(nextRun(plan, zones, second)).toBeNull();
  });

  it('sends only the latest of the runs missed while the service was down', () => {
    const plan = { localSendAt: '2026-12-01T09:00', rrule: 'FREQ=DAILY' };
    const back = at('2026-12-03T12:00Z');
    expect(zonesOfRun(plan, ['UTC'], at('2026-12-01T09:00Z'), back)).toEqual({ due: [], missed: ['UTC'] });
    expect(zonesOfRun(plan, ['UTC'], at('2026-12-03T09:00Z'), back)).toEqual({ due: ['UTC'], missed: [] });
    // A one-off missed while down is still sent when the service comes back.
    expect(zonesOfRun({ ...plan, rrule: null }, ['UTC'], at('2026-12-01T09:00Z'), back).due).toEqual(['UTC']);
  });
});
