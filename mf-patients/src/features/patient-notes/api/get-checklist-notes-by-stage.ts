import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, queryOf } from '@baridesk/api-client';
import type { ChecklistNotesByStageResponse, NoteStage } from '@baridesk/contracts';
import { patientNotesKey } from './get-internal-notes';

export type ChecklistNotesParams = { patientId: number; stage: NoteStage; page: number; perPage: number | 'All' };

/** GET /api/checklist/notes/by-stage: one page of a stage's checklist notes, newest first. */
export function getChecklistNotesByStage({ patientId, stage, page, perPage }: ChecklistNotesParams, signal?: AbortSignal) {
  return getJson<ChecklistNotesByStageResponse>('checklist/notes/by-stage', {
    searchParams: queryOf({ patient_id: patientId, stage, page, perPage }),
    signal,
  });
}

export const checklistNotesQueryOptions = (params: ChecklistNotesParams) =>
  queryOptions({
    queryKey: [...patientNotesKey(params.patientId), 'checklist', params],
    queryFn: ({ signal }) => getChecklistNotesByStage(params, signal),
    placeholderData: keepPreviousData,
  });

export const useChecklistNotes = (params: ChecklistNotesParams) => useQuery(checklistNotesQueryOptions(params));
