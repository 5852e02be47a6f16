import { PIPELINE_STAGE_IDS, type PipelineStage } from '@baridesk/contracts';

/** The stage of `?stage=`: 1 to 3, else Pre-Op (1). */
export function stageOf(raw: string | null): PipelineStage {
  const stage = Number(raw);
  return (PIPELINE_STAGE_IDS as readonly number[]).includes(stage) ? (stage as PipelineStage) : 1;
}
