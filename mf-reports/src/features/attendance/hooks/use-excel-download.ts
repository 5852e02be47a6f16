import { useCallback } from 'react';
import { notifyError } from '@baridesk/api-client';
import { useLongTask } from '@baridesk/ui/overlays';

/**
 * A report's Excel file with the spec's report banner shown while it is made (Cancel stops it). A failure
 * shows the server's message; a success nothing more, since the browser shows the download.
 */
export function useExcelDownload() {
  const task = useLongTask();
  const { run } = task;
  const download = useCallback(
    async (label: string, work: (signal: AbortSignal) => Promise<string>) => {
      try {
        await run(label, work);
      } catch (error) {
        notifyError(error, 'Excel export');
      }
    },
    [run],
  );
  return { download, running: task.running, banner: task.banner };
}
