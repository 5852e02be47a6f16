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
