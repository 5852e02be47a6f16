import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, queryOf } from '@baridesk/api-client';
import type { InternalNoteListResponse, InternalNoteType } from '@baridesk/contracts';

/** Every notes query of a patient starts with it, so one invalidation refreshes both tabs. */
export const patientNotesKey = (patientId: number) => ['patient-notes', patientId] as const;

export type InternalNotesParams = {
  patientId: number;
  noteType?: InternalNoteType;
  page: number;
  perPage: number | 'All';
};

/** GET /api/internal-notes: one page of the patient's internal notes, newest first. */
export function getInternalNotes({ patientId, noteType, page, perPage }: InternalNotesParams, signal?: AbortSignal) {
  return getJson<InternalNoteListResponse>('internal-notes', {
    searchParams: queryOf({ patient_id: patientId, note_type: noteType, page, perPage }),
    signal,
  });
}

export const internalNotesQueryOptions = (params: InternalNotesParams) =>
  queryOptions({
    queryKey: [...patientNotesKey(params.patientId), 'internal', params],
    queryFn: ({ signal }) => getInternalNotes(params, signal),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useInternalNotes = (params: InternalNotesParams) => useQuery(internalNotesQueryOptions(params));
