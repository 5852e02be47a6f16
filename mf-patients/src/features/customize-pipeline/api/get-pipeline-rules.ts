import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@baridesk/api-client';
import type { PipelineRuleListResponse, PipelineStage } from '@baridesk/contracts';
import { pipelineSettingsKey } from './get-pipeline-statuses';

export const pipelineRulesKey = (stage: PipelineStage) => [...pipelineSettingsKey, 'rules', stage] as const;

/** GET /api/pipeline-automation-rule: the stage's rules in the order they run. */
export const getPipelineRules = (stage: PipelineStage, signal?: AbortSignal) =>
  getJson<PipelineRuleListResponse>('pipeline-automation-rule', { searchParams: { stage }, signal });

export const pipelineRulesQueryOptions = (stage: PipelineStage) =>
  queryOptions({ queryKey: pipelineRulesKey(stage), queryFn: ({ signal }) => getPipelineRules(stage, signal) });

export const usePipelineRules = (stage: PipelineStage) => useQuery(pipelineRulesQueryOptions(stage));
