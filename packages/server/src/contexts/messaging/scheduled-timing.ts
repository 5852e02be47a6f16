/**
 * When a scheduled message runs. Its first run and its rule are times on a clock ("09:00 every Monday"),
 * read in one time zone, or in each patient's own. Occurrences are computed by `rrule` on floating
 * times (the clock's reading written as if it were UTC), and each is then placed in a zone with luxon:
 * so a weekly 09:00 stays 09:00 across a daylight-saving change, and a time the clock skips (02:30 on
 * the spring change) runs at the first time after it.
 *
 * Per-patient zones: a run is one instant. One occurrence of the rule gives one instant per distinct
 * zone among the recipients (09:00 in Chicago, 09:00 in New York), and each of those instants is a run
 * of its own, sent to the recipients of the zones whose clock reads the occurrence then. Zones that
 * share the instant (New York and Detroit) share the run.
 */
import { DateTime } from 'luxon';
// The server runs as CommonJS (tsx, ts-jest), where rrule's UMD build gives its names directly.
import { RRule } from 'rrule';

const DAY_MS = 86_400_000;
/** A daylight-saving change moves a clock by an hour or two: a few occurrences are enough to pass it. */
const SEARCH_STEPS = 8;

/** What fixes a message's runs: the first run on the clock ("yyyy-MM-ddTHH:mm") and its RFC 5545 rule, if any. */
export interface RunPlan {
  localSendAt: string;
  rrule: string | null;
}

/** The clock's reading "yyyy-MM-ddTHH:mm" as a floating Date (its fields read as UTC). */
function floatingOf(local: string): Date {
  const [date, time = '00:00'] = local.split('T');
  const [y, mo, d] = date!.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  return new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!));
}

/** The instant at which `zone`'s clock reads the floating time (a skipped time moves forward, as luxon does). */
function instantOf(floating: Date, zone: string): Date {
  return DateTime.fromObject(
    {
      year: floating.getUTCFullYear(),
      month: floating.getUTCMonth() + 1,
      day: floating.getUTCDate(),
      hour: floating.getUTCHours(),
      minute: floating.getUTCMinutes(),
    },
    { zone },
  ).toJSDate();
}

/** What `zone`'s clock reads at `instant`, as a floating Date. */
function clockAt(instant: Date, zone: string): Date {
  const local = DateTime.fromJSDate(instant, { zone });
  return new Date(Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second, local.millisecond));
}

/** The local reading "yyyy-MM-ddTHH:mm" of an instant in a zone. */
export function localReading(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toFormat("yyyy-MM-dd'T'HH:mm");
}

/** The instant of a local reading in a zone. */
export function instantOfLocal(local: string, zone: string): Date {
  return instantOf(floatingOf(local), zone);
}

function ruleOf(plan: RunPlan) {
  if (!plan.rrule) return null;
  return new RRule({ ...RRule.parseString(plan.rrule), dtstart: floatingOf(plan.localSendAt) });
}

/** The first run of the plan in `zone` strictly after `after`, or null when none is left. */
export function nextRunIn(plan: RunPlan, zone: string, after: Date): Date | null {
  const first = floatingOf(plan.localSendAt);
  const rule = ruleOf(plan);
  if (!rule) {
    const at = instantOf(first, zone);
    return at > after ? at : null;
  }
  // Start a day early on the clock: a time a daylight-saving change moved may still lie ahead.
  let cursor = new Date(clockAt(after, zone).getTime() - DAY_MS);
  let inclusive = false;
  if (cursor < first) {
    cursor = first;
    inclusive = true;
  }
  for (let step = 0; step < SEARCH_STEPS; step += 1) {
    const occurrence = rule.after(cursor, inclusive);
    if (!occurrence) return null;
    const at = instantOf(occurrence, zone);
    if (at > after) return at;
    cursor = occurrence;
    inclusive = false;
  }
  return null;
}

/** The next run among the zones after `after`, or null when no zone has one left. */
export function nextRun(plan: RunPlan, zones: readonly string[], after: Date): Date | null {
  let next: Date | null = null;
  for (const zone of zones) {
    const at = nextRunIn(plan, zone, after);
    if (at && (!next || at < next)) next = at;
  }
  return next;
}

/**
 * The zones a run at `runAt` is for, and which of them are still due: a zone whose following run is
 * also past by `now` missed this one while the service was down, and gets only its latest (so a daily
 * message is not sent three times on the morning the service comes back).
 */
export function zonesOfRun(plan: RunPlan, zones: readonly string[], runAt: Date, now: Date): { due: string[]; missed: string[] } {
  const justBefore = new Date(runAt.getTime() - 1);
  const due: string[] = [];
  const missed: string[] = [];
  for (const zone of zones) {
    if (nextRunIn(plan, zone, justBefore)?.getTime() !== runAt.getTime()) continue;
    const following = nextRunIn(plan, zone, runAt);
    if (following && following <= now) missed.push(zone);
    else due.push(zone);
  }
  return { due, missed };
}
