import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@baridesk/api-client';
import type { PipelineHistoryResponse } from '@baridesk/contracts';
import { pipelineKey } from './get-pipeline-board';

/** GET /api/pipeline-patients/history: the patient's moves, newest first. */
export const getPipelineHistory = (patientId: number, signal?: AbortSignal) =>
  getJson<PipelineHistoryResponse>('pipeline-patients/history', { searchParams: { patient_id: patientId }, signal });

export const pipelineHistoryQueryOptions = (patientId: number) =>
  queryOptions({
    queryKey: [...pipelineKey, 'history', patientId],
    queryFn: ({ signal }) => getPipelineHistory(patientId, signal),
  });

export const usePipelineHistory = (patientId: number) => useQuery(pipelineHistoryQueryOptions(patientId));
