import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PageFrame } from './page-frame';
import { renderUi } from './test/render-ui';

test('a page below a list shows the trail above its h1: links up, the current page marked and not a link', async () => {
  await renderUi(
    <PageFrame
      title="Weight Log"
      breadcrumbs={[{ label: 'Patients', to: '/manage-patients' }, { label: 'Jane Doe', to: '/patient-detail/7' }, { label: 'Weight Log' }]}
    >
      <p>log</p>
    </PageFrame>,
    { wrapper: MemoryRouter },
  );
  const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
  const items = within(trail).getAllByRole('listitem');
  expect(items.map((item) => item.textContent?.replace('/', '').trim())).toEqual(['Patients', 'Jane Doe', 'Weight Log']);
  expect(within(trail).getByRole('link', { name: 'Patients' })).toHaveAttribute('href', '/manage-patients');
  expect(within(trail).getByRole('link', { name: 'Jane Doe' })).toHaveAttribute('href', '/patient-detail/7');
  expect(within(trail).queryByRole('link', { name: 'Weight Log' })).not.toBeInTheDocument();
  expect(within(trail).getByText('Weight Log')).toHaveAttribute('aria-current', 'page');
  // The trail comes before the heading in reading order.
  const heading = screen.getByRole('heading', { level: 1, name: 'Weight Log' });
  expect(trail.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  // The shell moves focus to the h1 after a page change: focusable by script, no Tab stop.
  expect(heading).toHaveAttribute('tabindex', '-1');
});

test('a page without breadcrumbs has no trail', async () => {
  await renderUi(<PageFrame title="Patients" />, { wrapper: MemoryRouter });
  expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
});
