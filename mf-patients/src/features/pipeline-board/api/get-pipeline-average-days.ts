import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@baridesk/api-client';
import type { PipelineAverageDaysResponse, PipelineStage } from '@baridesk/contracts';
import { pipelineKey } from './get-pipeline-board';

/** GET /api/get-pipeline-patient-average-days: per status, the patients now and the average days. */
export const getPipelineAverageDays = (stage: PipelineStage, signal?: AbortSignal) =>
  getJson<PipelineAverageDaysResponse>('get-pipeline-patient-average-days', { searchParams: { stage }, signal });

export const pipelineAverageDaysQueryOptions = (stage: PipelineStage) =>
  queryOptions({
    queryKey: [...pipelineKey, 'average-days', stage],
    queryFn: ({ signal }) => getPipelineAverageDays(stage, signal),
  });

/** Fetched only while the panel is open (`enabled`). */
export const usePipelineAverageDays = (stage: PipelineStage, enabled: boolean) =>
  useQuery({ ...pipelineAverageDaysQueryOptions(stage), enabled });
