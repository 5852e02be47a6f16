/**
 * The pipeline context's published interface: the automation's types (fastify.pipelineAutomation: the
 * patients and checklists contexts call it when a patient enters a stage or an event may move them)
 * and the repositories' types.
 */
export type { AutoMove, PipelineAutomation } from './plugins/pipeline-automation';
export type { PipelinesRepository } from './plugins/pipelines-repository';
export type { PipelineRulesRepository } from './plugins/pipeline-rules-repository';
