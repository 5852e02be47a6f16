import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { and, eq, gte, isNull, or, sql } from 'drizzle-orm';
import { calendarFeedPath } from '@baridesk/contracts';
import { calendarFeeds, events, locations, programs } from '../../../db/schema';
import { programDay } from '../../../lib/program-day';
import { writeFeed, type FeedEvent } from '../calendar-feed-ics';

declare module 'fastify' {
  interface FastifyInstance {
    calendarFeeds: CalendarFeeds;
  }
}

/** A feed token: 32 random bytes, URL-safe (base64url), so the URL cannot be guessed. */
const newToken = () => randomBytes(32).toString('base64url');
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** How far back the feed reaches: events (and series) that ended more than a year ago are left out. */
const FEED_DAYS_BACK = 365;

const clock = (column: unknown) => sql<string | null>`to_char(${column}, 'HH24:MI')`;

export function createCalendarFeeds(fastify: FastifyInstance) {
  const { db } = fastify;
  const urlOf = (token: string) => `${fastify.config.publicUrl}${calendarFeedPath(token)}`;

  return {
    /** The program's feed URL, or null before one is made. */
    async urlOf(programId: number): Promise<string | null> {
      const [row] = await db.select({ token: calendarFeeds.token }).from(calendarFeeds).where(eq(calendarFeeds.program_id, programId));
      return row ? urlOf(row.token) : null;
    },

    /** Makes the program's feed, or gives it a new token (the old URL stops working). */
    async rotate(programId: number, accountId: number): Promise<{ url: string; rotated: boolean }> {
      const token = newToken();
      const now = fastify.clock.now();
      const [row] = await db
        .insert(calendarFeeds)
        .values({ program_id: programId, token, created_by: accountId, created_at: now })
        .onConflictDoUpdate({ target: calendarFeeds.program_id, set: { token, created_by: accountId, created_at: now } })
        // xmax = 0 only for a row this statement inserted.
        .returning({ inserted: sql<boolean>`xmax = 0` });
      return { url: urlOf(token), rotated: !row?.inserted };
    },

    /** The feed of the token's program as iCalendar text, or null for a token no program has. */
    async render(token: string): Promise<{ programId: number; text: string } | null> {
      if (!FEED_TOKEN_PATTERN.test(token)) return null;
      const [feed] = await db
        .select({ program_id: calendarFeeds.program_id, title: programs.title })
        .from(calendarFeeds)
        .innerJoin(programs, eq(programs.id, calendarFeeds.program_id))
        .where(eq(calendarFeeds.token, token));
      if (!feed) return null;
      const { zone, today } = await programDay(db, feed.program_id, fastify.clock.now());
      const since = sql`(${today}::date - ${FEED_DAYS_BACK}::int)`;
      const rows = await db
        .select({
          id: events.id,
          ical_uid: events.ical_uid,
          series_id: events.series_id,
          recurrence_date: events.recurrence_date,
          event_title: events.event_title,
          event_description: events.event_description,
          type: events.type,
          date: events.date,
          time: clock(events.time),
          end_time: clock(events.end_time),
          timezone: sql<string>`coalesce(${events.timezone}, ${zone})`,
          venue_type: events.venue_type,
          place: sql<string | null>`coalesce(nullif(concat_ws(', ', ${locations.name}, ${locations.address}), ''), ${events.location})`,
          meeting_url: events.meeting_url,
          rrule: events.rrule,
          exdates: events.exdates,
          updated_at: events.updated_at,
        })
        .from(events)
        .leftJoin(locations, eq(locations.id, events.location_id))
        .where(
          and(
            eq(events.program_id, feed.program_id),
            eq(events.status, 1),
            or(
              gte(events.date, since),
              and(sql`${events.rrule} is not null`, or(isNull(events.recurrence_end), gte(events.recurrence_end, since))),
            ),
          ),
        )
        .orderBy(events.date, events.id);
      return { programId: feed.program_id, text: await writeFeed(`${feed.title} events`, zone, rows as FeedEvent[]) };
    },
  };
}

export type CalendarFeeds = ReturnType<typeof createCalendarFeeds>;

export default fp(
  async (fastify) => {
    fastify.decorate('calendarFeeds', createCalendarFeeds(fastify));
  },
  { name: 'calendar-feed', dependencies: ['database'] },
);
