import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@baridesk/api-client';
import type { PipelineRuleSettingsResponse, PipelineStage } from '@baridesk/contracts';
import { pipelineSettingsKey } from './get-pipeline-statuses';

/** GET /api/pipeline-automation-rule/new-todo-settings: the rule form's choices for the stage. */
export const getPipelineRuleSettings = (stage: PipelineStage, signal?: AbortSignal) =>
  getJson<PipelineRuleSettingsResponse>('pipeline-automation-rule/new-todo-settings', { searchParams: { stage }, signal });

export const pipelineRuleSettingsQueryOptions = (stage: PipelineStage) =>
  queryOptions({
    queryKey: [...pipelineSettingsKey, 'rule-settings', stage],
    queryFn: ({ signal }) => getPipelineRuleSettings(stage, signal),
  });

export const usePipelineRuleSettings = (stage: PipelineStage) => useQuery(pipelineRuleSettingsQueryOptions(stage));
