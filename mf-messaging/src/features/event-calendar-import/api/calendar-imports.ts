import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, onScheduler, postJson, uploadFile, type UploadProgress } from '@baridesk/api-client';
import {
  CALENDAR_IMPORT_URLS,
  isImportRunning,
  type CalendarImport,
  type CalendarImportSavedResponse,
  type CalendarLatestImportResponse,
  type UpdateImportStatusBody,
} from '@baridesk/contracts';

/** How often a running import's progress is read. */
export const IMPORT_POLL_MS = 1000;

export const calendarImportsKey = ['calendar-imports'] as const;
export const calendarImportKey = (id: number | null) => [...calendarImportsKey, 'one', id] as const;

/** The contracts' URLs are whole; onScheduler takes paths below /scheduler/api. */
export const belowScheduler = (url: string) => url.replace(/^\/scheduler\/api\//, '');

/** GET …/imports/latest: the newest import whose result has not been dismissed, or null; read when the dialog opens. */
export const useLatestImport = (enabled: boolean) =>
  useQuery({
    queryKey: [...calendarImportsKey, 'latest'],
    queryFn: async ({ signal }) =>
      (await getJson<CalendarLatestImportResponse>(belowScheduler(CALENDAR_IMPORT_URLS.latest), onScheduler({ signal }))).data,
    enabled,
    // Each opening asks again: another tab may have started or dismissed one.
    staleTime: 0,
    gcTime: 0,
  });

/** GET …/imports/{id}: one import, read again every second while it runs. */
export const useCalendarImport = (id: number | null) =>
  useQuery({
    queryKey: calendarImportKey(id),
    queryFn: async ({ signal }) =>
      (await getJson<{ data: CalendarImport }>(belowScheduler(CALENDAR_IMPORT_URLS.one(id ?? 0)), onScheduler({ signal }))).data,
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && !isImportRunning(query.state.data.status) ? false : IMPORT_POLL_MS),
  });

/** POST …/import: sends the file (multipart, field `file`) with its upload progress; answers the queued import. */
export const uploadCalendarFile = (file: File, options: { onProgress: (progress: UploadProgress) => void; signal: AbortSignal }) =>
  uploadFile<{ data: CalendarImport }>(belowScheduler(CALENDAR_IMPORT_URLS.import), file, onScheduler({ field: 'file', ...options }));

/** POST …/update-import-status: cancel a running import, or dismiss a finished one. */
export function useUpdateImportStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateImportStatusBody) => postJson<CalendarImportSavedResponse>(belowScheduler(CALENDAR_IMPORT_URLS.updateStatus), body, onScheduler()),
    onSuccess: (saved) => queryClient.setQueryData(calendarImportKey(saved.data.id), saved.data),
  });
}
