import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, queryOf } from '@baridesk/api-client';
import type { MissingPipelineResponse } from '@baridesk/contracts';
import type { MissingPatientsParams } from '../utils/missing-patients-search';

/** Every query of this feature starts with it. */
export const missingPatientsKey = ['missing-pipeline-patients'] as const;

/** GET /api/missing-pipeline-patients: one page of the program's patients with no pipeline status. */
export const getMissingPipelinePatients = (params: MissingPatientsParams, signal?: AbortSignal) =>
  getJson<MissingPipelineResponse>('missing-pipeline-patients', { searchParams: queryOf(params), signal });

export const missingPipelinePatientsQueryOptions = (params: MissingPatientsParams) =>
  queryOptions({
    queryKey: [...missingPatientsKey, 'list', params],
    queryFn: ({ signal }) => getMissingPipelinePatients(params, signal),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useMissingPipelinePatients = (params: MissingPatientsParams) => useQuery(missingPipelinePatientsQueryOptions(params));
