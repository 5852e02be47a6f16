import { act, screen, waitFor, within } from '@testing-library/react';
import { CHECKLIST_MESSAGES } from '@baridesk/contracts';
import { toaster } from '@baridesk/ui';
import { pageOf, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { createPatientChecklist, createPatientChecklistItem, createWorklistItem, stageNames } from '../test/checklist-factories';
import { fakeChecklist } from '../test/checklist-fake-api';
import { screens } from '../routes';
import ChecklistWorklistPage from './checklist-worklist-page';

const LIST = 'GET /checklist-items' as const;

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi({ 'GET /checklist/stage-names': { status: 200, json: stageNames('Healthy Habits') } });
});
afterEach(async () => {
  // Notices outlive a test: the toaster is one for the page.
  act(() => toaster.remove());
  await api.close();
});

test('/checklist-items/:tempStage names the stage’s checklist like the program and ticks an item from its row', async () => {
  expect((await screens['/checklist-items/:tempStage']()).default).toBe(ChecklistWorklistPage);
  const patient = fakeChecklist(api, createPatientChecklist({ stage: 3, items: [createPatientChecklistItem({ id: 11, stage: 3, title: 'Blood work' })] }));
  patient.movesOnNextTick([{ rule_id: 4, rule_description: 'Checklist % Complete reaches 100%', from_status: null, to_status: { id: 40, name: 'Maintenance' } }]);
  api.on(LIST, () => {
    const open = patient.current().items.filter((item) => item.completed === 0);
    return { status: 200, json: pageOf(open.map((item) => createWorklistItem({ id: item.id, title: item.title }))) };
  });
  const { user } = await renderScreen(<ChecklistWorklistPage />, { route: '/checklist-items/:tempStage', path: '/checklist-items/3' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Healthy Habits checklist items' })).toBeInTheDocument();

  const box = await screen.findByRole('checkbox', { name: 'Blood work of Maria Okafor done' });
  await user.click(box);
  expect(await screen.findByText(CHECKLIST_MESSAGES.ticked)).toBeInTheDocument();
  expect(screen.getByText('Maria Okafor moved to Maintenance by the rule “Checklist % Complete reaches 100%”.')).toBeInTheDocument();
  expect(api.calls('POST /checklists/update-detail')[0]!.body).toEqual({ id: 11, completed: 1 });
  // Done items leave the open list.
  await waitFor(() => expect(within(screen.getByRole('table')).queryByText('Blood work')).not.toBeInTheDocument());
  expect(api.calls(LIST).length).toBeGreaterThan(1);
});
