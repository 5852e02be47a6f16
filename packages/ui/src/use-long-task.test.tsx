import { useState } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import { Button } from '@chakra-ui/react';
import { useLongTask, type TaskWork } from './use-long-task';
import { renderUi } from './test/render-ui';

/** A page with one button that starts `work` and shows what came of it. */
function Page({ work }: { work: TaskWork<string> }) {
  const task = useLongTask();
  const [outcome, setOutcome] = useState('');
  const start = () =>
    task.run('Patients export', work).then(
      (result) => setOutcome(result === undefined ? 'cancelled' : `done: ${result}`),
      (error: Error) => setOutcome(`failed: ${error.message}`),
    );
  return (
    <div>
      {task.banner}
      <Button onClick={() => void start()} disabled={task.running}>
        Export
      </Button>
      <p data-testid="outcome">{outcome}</p>
    </div>
  );
}

/** Work that ends when the test says so, or fails with an AbortError when its signal aborts. */
function controllable() {
  let finish!: (value: string) => void;
  let fail!: (error: Error) => void;
  let seenSignal: AbortSignal | undefined;
  const work = (signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => {
      seenSignal = signal;
      finish = resolve;
      fail = reject;
      signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
    });
  return { work, finish: (v: string) => finish(v), fail: (e: Error) => fail(e), signal: () => seenSignal };
}

test('shows the banner while the work runs, and the result after', async () => {
  const job = controllable();
  const { user } = await renderUi(<Page work={job.work} />);
  await user.click(screen.getByRole('button', { name: 'Export' }));
  expect(screen.getByRole('status')).toHaveTextContent('Patients export');
  expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
  job.finish('patients.xlsx');
  await waitFor(() => expect(screen.getByTestId('outcome')).toHaveTextContent('done: patients.xlsx'));
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

test('Cancel aborts the work and resolves without a result', async () => {
  const job = controllable();
  const { user } = await renderUi(<Page work={job.work} />);
  await user.click(screen.getByRole('button', { name: 'Export' }));
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.getByTestId('outcome')).toHaveTextContent('cancelled'));
  expect(job.signal()?.aborted).toBe(true);
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

test('a failure reaches the caller and the banner goes', async () => {
  const job = controllable();
  const { user } = await renderUi(<Page work={job.work} />);
  await user.click(screen.getByRole('button', { name: 'Export' }));
  job.fail(new Error('The export failed.'));
  await waitFor(() => expect(screen.getByTestId('outcome')).toHaveTextContent('failed: The export failed.'));
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

test('leaving the page cancels the work it started', async () => {
  const job = controllable();
  const { user, unmount } = await renderUi(<Page work={job.work} />);
  await user.click(screen.getByRole('button', { name: 'Export' }));
  unmount();
  expect(job.signal()?.aborted).toBe(true);
});

test('shows the progress the work reports, and forgets it when the work ends', async () => {
  let report!: (progress: { done: number; total: number | null }) => void;
  let finish!: (value: string) => void;
  const work = (_signal: AbortSignal, onProgress: typeof report) =>
    new Promise<string>((resolve) => {
      report = onProgress;
      finish = resolve;
    });
  const { user } = await renderUi(<Page work={work} />);
  await user.click(screen.getByRole('button', { name: 'Export' }));
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  act(() => report({ done: 12_000, total: 100_000 }));
  expect(screen.getByRole('progressbar', { name: 'Report progress' })).toHaveAttribute('aria-valuetext', '12,000 of 100,000 rows');
  act(() => finish('patients.xlsx'));
  await waitFor(() => expect(screen.getByTestId('outcome')).toHaveTextContent('done: patients.xlsx'));
  // A late report of the ended work shows nothing.
  act(() => report({ done: 100_000, total: 100_000 }));
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
});
