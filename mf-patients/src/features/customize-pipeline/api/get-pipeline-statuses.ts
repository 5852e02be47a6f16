import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@baridesk/api-client';
import type { PipelinesResponse, PipelineStage } from '@baridesk/contracts';

/** Every query of this feature starts with it: one invalidation refreshes statuses, rules and the rule form's choices. */
export const pipelineSettingsKey = ['pipeline-settings'] as const;
export const pipelineStatusesKey = (stage: PipelineStage) => [...pipelineSettingsKey, 'statuses', stage] as const;

/** GET /api/pipelines: one stage's statuses, in order, with the default's id. */
export const getPipelineStatuses = (stage: PipelineStage, signal?: AbortSignal) =>
  getJson<PipelinesResponse>('pipelines', { searchParams: { stage }, signal });

export const pipelineStatusesQueryOptions = (stage: PipelineStage) =>
  queryOptions({ queryKey: pipelineStatusesKey(stage), queryFn: ({ signal }) => getPipelineStatuses(stage, signal) });

export const usePipelineStatuses = (stage: PipelineStage) => useQuery(pipelineStatusesQueryOptions(stage));
