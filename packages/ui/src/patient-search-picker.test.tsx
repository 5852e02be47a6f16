import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configureApi } from '@baridesk/api-client';
import { startTestServer, type TestServer } from '@baridesk/api-client/test-server';
import { PatientSearchPicker } from './patient-search-picker';
import { renderUi } from './test/render-ui';

let server: TestServer;

const patient = (id: number, name: string, email: string | null) => ({ id, name, email });

beforeEach(async () => {
  server = await startTestServer();
  server.respondWith((request) =>
    request.path === '/api/patients'
      ? {
          status: 200,
          json: {
            data: {
              data: [patient(1, 'Jane Doe', 'jane@example.test'), patient(2, 'Janet Roe', null)],
              total: 2,
              page: 1,
              perPage: 10,
            },
          },
        }
      : { status: 404, json: { message: 'Not found.' } },
  );
  configureApi({ baseUrl: server.baseUrl });
});

afterEach(() => server.close());

function renderPicker(props: Partial<Parameters<typeof PatientSearchPicker>[0]> = {}) {
  const onPick = jest.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderUi(<PatientSearchPicker label="Find a patient" onPick={onPick} {...props} />, { wrapper }).then((view) => ({ ...view, onPick }));
}

test('searches the active patients by what is typed and hands the chosen one over', async () => {
  const { user, onPick } = await renderPicker();
  await user.type(screen.getByRole('searchbox', { name: 'Find a patient' }), 'jan');
  const results = await screen.findByRole('list', { name: 'Matching patients' });
  expect(within(results).getByText('jane@example.test', { exact: false })).toBeInTheDocument();
  expect(within(results).getAllByRole('listitem')).toHaveLength(2);
  const request = server.received.find((r) => r.path === '/api/patients')!;
  expect(Object.fromEntries(request.query)).toMatchObject({ search: 'jan', status: '1', sort: 'name' });
  await user.click(within(results).getByRole('button', { name: 'Add Janet Roe' }));
  expect(onPick).toHaveBeenCalledWith({ id: 2, name: 'Janet Roe', email: null });
});

test('leaves out the patients already taken and names the action', async () => {
  const { user } = await renderPicker({ excludeIds: [1], actionLabel: 'Add as walk-in' });
  await user.type(screen.getByRole('searchbox', { name: 'Find a patient' }), 'jan');
  const results = await screen.findByRole('list', { name: 'Matching patients' });
  expect(within(results).getAllByRole('listitem')).toHaveLength(1);
  expect(within(results).queryByRole('button', { name: /Jane Doe/ })).not.toBeInTheDocument();
  expect(within(results).getByRole('button', { name: 'Add as walk-in Janet Roe' })).toBeEnabled();
});

test('says when nobody else matches', async () => {
  const { user } = await renderPicker({ excludeIds: [1, 2] });
  await user.type(screen.getByRole('searchbox', { name: 'Find a patient' }), 'jan');
  await waitFor(() => expect(screen.getByText('No other patient matches.')).toBeInTheDocument());
});
