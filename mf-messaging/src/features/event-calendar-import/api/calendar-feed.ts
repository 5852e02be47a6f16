import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, onScheduler, postJson } from '@baridesk/api-client';
import { CALENDAR_IMPORT_URLS, type CalendarFeedResponse, type CalendarFeedSavedResponse } from '@baridesk/contracts';
import { belowScheduler } from './calendar-imports';

const feedKey = ['calendar-feed'] as const;
const FEED_PATH = belowScheduler(CALENDAR_IMPORT_URLS.feed);

/** GET …/feed: the program's private feed URL, or null before one is made. */
export const useCalendarFeed = (enabled: boolean) =>
  useQuery({
    queryKey: feedKey,
    queryFn: async ({ signal }) => (await getJson<CalendarFeedResponse>(FEED_PATH, onScheduler({ signal }))).data.url,
    enabled,
  });

/** POST …/feed: makes the feed URL, or a new one in place of the old (which then stops working). */
export function useRenewCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => postJson<CalendarFeedSavedResponse>(FEED_PATH, undefined, onScheduler()),
    onSuccess: (saved) => queryClient.setQueryData(feedKey, saved.data.url),
  });
}
