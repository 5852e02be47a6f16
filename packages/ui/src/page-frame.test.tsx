import { screen } from '@testing-library/react';
import { PageFrame } from './page-frame';
import { renderUi } from './test/render-ui';

test('shows the title as the h1, the actions and the content, and names the tab', async () => {
  const { unmount } = await renderUi(
    <PageFrame title="Manage Patients" actions={<button type="button">Add Patient</button>}>
      <p>list</p>
    </PageFrame>,
  );
  expect(screen.getByRole('heading', { level: 1, name: 'Manage Patients' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Add Patient' })).toBeInTheDocument();
  expect(screen.getByText('list')).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Manage Patients' })).toBeInTheDocument();
  expect(document.title).toBe('Manage Patients · BariDesk');
  unmount();
  expect(document.title).not.toBe('Manage Patients · BariDesk');
});
