import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@baridesk/api-client';
import type { PipelinesResponse, PipelineStage } from '@baridesk/contracts';
import { missingPatientsKey } from './get-missing-pipeline-patients';

/** GET /api/pipelines: the statuses of the patient's stage, the choices of "Add to pipeline". */
export const getStageStatuses = (stage: PipelineStage, signal?: AbortSignal) =>
  getJson<PipelinesResponse>('pipelines', { searchParams: { stage }, signal });

export const stageStatusesQueryOptions = (stage: PipelineStage) =>
  queryOptions({ queryKey: [...missingPatientsKey, 'statuses', stage], queryFn: ({ signal }) => getStageStatuses(stage, signal) });

export const useStageStatuses = (stage: PipelineStage) => useQuery(stageStatusesQueryOptions(stage));
