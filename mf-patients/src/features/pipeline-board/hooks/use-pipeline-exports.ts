import { useCallback } from 'react';
import type { PipelineStage } from '@baridesk/contracts';
import { useDownloadTask } from '@baridesk/ui/overlays';
import { exportPipelineAverageDays } from '../api/export-pipeline-average-days';
import { exportPipelineBoard } from '../api/export-pipeline-board';

/**
 * The board's two Excel files, one at a time, with the report banner shown while one is made (Cancel
 * stops it). A failure shows the server's message; a success nothing more (the browser shows the file).
 */
export function usePipelineExports() {
  const { download, running, banner } = useDownloadTask();
  const exportBoard = useCallback(
    (stage: PipelineStage, search: string) => download('Pipeline (Excel)', (signal, onProgress) => exportPipelineBoard(stage, search, signal, onProgress)),
    [download],
  );
  const exportAverageDays = useCallback(
    (stage: PipelineStage) => download('Average days (Excel)', (signal, onProgress) => exportPipelineAverageDays(stage, signal, onProgress)),
    [download],
  );
  return { exportBoard, exportAverageDays, running, banner };
}
