import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { notifyError } from '@baridesk/api-client';
import { ReportBanner, type ReportProgress } from './report-banner';

type Running = { label: string; controller: AbortController };

/** What the work is handed: the signal Cancel aborts, and where to tell its progress (the banner shows it). */
export type TaskWork<T> = (signal: AbortSignal, onProgress: (progress: ReportProgress) => void) => Promise<T>;

export type LongTask = {
  /**
   * Runs `work` with the report banner shown until it ends. Resolves with its result, or with undefined
   * when the user pressed Cancel (the signal aborts); any other failure is thrown to the caller. One task
   * at a time: a second run while one is going resolves undefined at once.
   */
  run: <T>(label: string, work: TaskWork<T>) => Promise<T | undefined>;
  running: boolean;
  /** The banner of the running task ("Your report is being prepared…" with Cancel), or null. */
  banner: ReactNode;
};

/** A long piece of work the user waits for and may cancel: a download of a report or an export. */
export function useLongTask(): LongTask {
  const [running, setRunning] = useState<Running | null>(null);
  const [progress, setProgress] = useState<ReportProgress | null>(null);
  const current = useRef<Running | null>(null);

  // Leaving the page cancels what it started.
  useEffect(() => () => current.current?.controller.abort(), []);

  const run = useCallback(async <T,>(label: string, work: TaskWork<T>): Promise<T | undefined> => {
    if (current.current) return undefined;
    const task: Running = { label, controller: new AbortController() };
    current.current = task;
    setRunning(task);
    setProgress(null);
    // A late report of a task that ended (or of an earlier one) must not show on the next.
    const onProgress = (next: ReportProgress) => {
      if (current.current === task) setProgress({ done: next.done, total: next.total });
    };
    try {
      return await work(task.controller.signal, onProgress);
    } catch (error) {
      if (task.controller.signal.aborted) return undefined;
      throw error;
    } finally {
      current.current = null;
      setRunning(null);
      setProgress(null);
    }
  }, []);

  const banner = running ? <ReportBanner label={running.label} progress={progress} onCancel={() => running.controller.abort()} /> : null;
  return { run, running: running !== null, banner };
}

export type DownloadTask = {
  /**
   * Runs `work` (a download: downloadFile with the signal and onProgress it is handed) under the report
   * banner, which shows the progress of an export made in the background; a failure shows its message
   * as a notice titled `failureTitle`.
   */
  download: (label: string, work: TaskWork<unknown>) => Promise<void>;
  running: boolean;
  banner: ReactNode;
};

/**
 * A file the user asked for (an Excel export, a PDF) made under the report banner, with Cancel. A failure
 * shows the server's message; a success nothing more, since the browser shows the file it saved.
 */
export function useDownloadTask(failureTitle = 'Excel export'): DownloadTask {
  const { run, running, banner } = useLongTask();
  const download = useCallback(
    async (label: string, work: TaskWork<unknown>) => {
      try {
        await run(label, work);
      } catch (error) {
        notifyError(error, failureTitle);
      }
    },
    [run, failureTitle],
  );
  return { download, running, banner };
}
