import { screen } from '@testing-library/react';
import { renderUi } from './test/render-ui';
import { LoadError } from './load-error';

test('says what could not be loaded and why, and retries', async () => {
  const onRetry = jest.fn();
  const { user } = await renderUi(<LoadError title="The quotes could not be loaded." message="Database down." onRetry={onRetry} />);
  expect(screen.getByText('The quotes could not be loaded.')).toBeInTheDocument();
  expect(screen.getByText('Database down.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(onRetry).toHaveBeenCalledTimes(1);
});
