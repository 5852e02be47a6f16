import { downloadFile, queryOf, type DownloadOptions } from '@baridesk/api-client';
import type { PipelineStage } from '@baridesk/contracts';

/** GET /api/pipeline-patients-excel: every card of the stage (matching the search), column by column. */
export const exportPipelineBoard = (stage: PipelineStage, search: string, signal?: AbortSignal, onProgress?: DownloadOptions['onProgress']) =>
  downloadFile('pipeline-patients-excel', {
    searchParams: queryOf({ stage, search: search.trim() }),
    signal,
    onProgress,
    fallbackName: 'pipeline.xlsx',
  });
