import { downloadFile, type DownloadOptions } from '@baridesk/api-client';
import type { PipelineStage } from '@baridesk/contracts';

/** GET /api/pipeline-patients-excel/by-average-days: the stage's average days per status. */
export const exportPipelineAverageDays = (stage: PipelineStage, signal?: AbortSignal, onProgress?: DownloadOptions['onProgress']) =>
  downloadFile('pipeline-patients-excel/by-average-days', {
    searchParams: { stage },
    signal,
    onProgress,
    fallbackName: 'pipeline-average-days.xlsx',
  });
