import { screen } from '@testing-library/react';
import { ReportBanner } from './report-banner';
import { renderUi } from './test/render-ui';

test('tells the user the report is being prepared and can be cancelled', async () => {
  const onCancel = jest.fn();
  const { user } = await renderUi(<ReportBanner label="Pre-Op Report" onCancel={onCancel} />);
  const banner = screen.getByRole('status');
  expect(banner).toHaveTextContent('Pre-Op Report');
  expect(banner).toHaveTextContent(
    'Your report is being prepared. Leave this window open. It may take a few minutes.',
  );
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(onCancel).toHaveBeenCalledTimes(1);
});

test('the title is optional', async () => {
  await renderUi(<ReportBanner onCancel={jest.fn()} />);
  expect(screen.getByRole('status').textContent).toBe(
    'Your report is being prepared. Leave this window open. It may take a few minutes.Cancel',
  );
});

test('shows the progress of a background export as a named bar and in words', async () => {
  await renderUi(<ReportBanner label="Patients export" progress={{ done: 12_000, total: 100_000 }} onCancel={jest.fn()} />);
  const bar = screen.getByRole('progressbar', { name: 'Report progress' });
  expect(bar).toHaveAttribute('aria-valuenow', '12000');
  expect(bar).toHaveAttribute('aria-valuemax', '100000');
  expect(bar).toHaveAttribute('aria-valuetext', '12,000 of 100,000 rows');
  expect(screen.getByRole('status')).toHaveTextContent('12,000 of 100,000 rows');
  // The spec's words and Cancel stay.
  expect(screen.getByRole('status')).toHaveTextContent('Your report is being prepared. Leave this window open. It may take a few minutes.');
  expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
});

test('shows no bar before the server reports any progress, nor for a total not known (a PDF)', async () => {
  const { rerender } = await renderUi(<ReportBanner onCancel={jest.fn()} />);
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  rerender(<ReportBanner progress={{ done: 0, total: null }} onCancel={jest.fn()} />);
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  expect(screen.getByRole('status')).not.toHaveTextContent('rows');
});
