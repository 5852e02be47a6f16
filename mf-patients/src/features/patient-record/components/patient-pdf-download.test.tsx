import { act, screen, waitFor, within } from '@testing-library/react';
import { createAuthUser, findNotice, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { toaster } from '@baridesk/ui';
import { REPORT_PREPARING_MESSAGE } from '@baridesk/ui/overlays';
import { createPatientRecord } from '../../../test/patient-record-factories';
import PatientDetailScreen from './patient-detail-screen';

const PDF_ROUTE = 'GET /patients-report/pdf';
const pdfReply = (name: string) => ({
  status: 200,
  text: '%PDF-1.3 test',
  contentType: 'application/pdf',
  headers: { 'content-disposition': `attachment; filename="${name}"` },
  delayMs: 150,
});

let api: FakeApi;
/** What the browser was handed to save: the link's download name. */
let saved: string[];

beforeEach(async () => {
  api = await startFakeApi({ 'GET /patients/5': { status: 200, json: { data: createPatientRecord() } } });
  saved = [];
  URL.createObjectURL = jest.fn(() => 'blob:patient-pdf');
  URL.revokeObjectURL = jest.fn();
  // jsdom does not download: record what the temporary link would have saved.
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(async () => {
  // Notices outlive a test: the toaster is one for the page.
  act(() => toaster.remove());
  jest.restoreAllMocks();
  await api.close();
});

/** The report banner: a status region with the spec's message and Cancel. */
async function findBanner() {
  const message = await screen.findByText(REPORT_PREPARING_MESSAGE);
  return message.closest<HTMLElement>('[role="status"]')!;
}

async function openDetail() {
  const view = await renderScreen(<PatientDetailScreen />, {
    route: '/patient-detail/:id',
    path: '/patient-detail/5',
    store: { token: 'tok-staff', user: createAuthUser() },
  });
  await screen.findByRole('heading', { level: 1, name: 'Maria Okafor' });
  return view;
}

async function choose(user: Awaited<ReturnType<typeof openDetail>>['user'], item: 'Summary' | 'Full') {
  await user.click(screen.getByRole('button', { name: 'Download PDF' }));
  const menu = await screen.findByRole('menu');
  expect(within(menu).getAllByRole('menuitem').map((element) => element.textContent)).toEqual(['Summary', 'Full']);
  await user.click(within(menu).getByRole('menuitem', { name: item }));
}

describe('Download PDF on /patient-detail/:id', () => {
  test('asks for the summary of this patient, shows the report banner while it is prepared, then saves the file', async () => {
    api.on(PDF_ROUTE, pdfReply('patient-5-summary-2026-03-05.pdf'));
    const { user } = await openDetail();
    await choose(user, 'Summary');

    const banner = await findBanner();
    expect(banner).toHaveTextContent('Patient report (Summary, PDF)');
    expect(banner).toHaveTextContent(REPORT_PREPARING_MESSAGE);
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeDisabled();

    await waitFor(() => expect(screen.queryByText(REPORT_PREPARING_MESSAGE)).not.toBeInTheDocument());
    expect(saved).toEqual(['patient-5-summary-2026-03-05.pdf']);
    const [call] = api.calls(PDF_ROUTE);
    expect(Object.fromEntries(call!.query)).toEqual({ patientId: '5', type: 'summary' });
    expect(call!.authorization).toBe('Bearer tok-staff');
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
    expect(screen.queryByText('Patient report')).not.toBeInTheDocument();
  });

  test('asks for the full report, shows the server’s message when it fails, and lets the user try again', async () => {
    api.on(PDF_ROUTE, { status: 500, json: { message: 'The report could not be made.' }, delayMs: 50 });
    const { user } = await openDetail();
    await choose(user, 'Full');

    expect(await findNotice('Patient report', 'The report could not be made.')).toBeInTheDocument();
    expect(Object.fromEntries(api.calls(PDF_ROUTE)[0]!.query)).toEqual({ patientId: '5', type: 'full' });
    expect(screen.queryByText(REPORT_PREPARING_MESSAGE)).not.toBeInTheDocument();
    expect(saved).toEqual([]);

    // A second choice on the same page works too.
    api.on(PDF_ROUTE, pdfReply('patient-5-full-2026-03-05.pdf'));
    await choose(user, 'Full');
    await waitFor(() => expect(saved).toEqual(['patient-5-full-2026-03-05.pdf']));
    expect(api.calls(PDF_ROUTE)).toHaveLength(2);
  });

  test('Cancel stops the download: nothing is saved and no error shows', async () => {
    api.on(PDF_ROUTE, { ...pdfReply('patient-5-full.pdf'), delayMs: 5_000 });
    const { user } = await openDetail();
    await choose(user, 'Full');
    const banner = await findBanner();
    await user.click(within(banner).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByText(REPORT_PREPARING_MESSAGE)).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
    expect(saved).toEqual([]);
    expect(screen.queryByText('Patient report')).not.toBeInTheDocument();
  });
});
