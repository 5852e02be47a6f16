/** Test data of the seminar2surgery report screens (Checklist Reports, Pre-Op, Post-Op, Never Used App, Surgery Volume). */
import { act } from '@testing-library/react';
import type {
  LostPatientRow,
  NotConnectedPatientRow,
  PostOpPatientRow,
  PreLoadFilters,
  StalledPatientRow,
  SurgeryDatePatientRow,
  SurgeryVolumeRow,
} from '@baridesk/contracts';
import { createAuthUser, type FakeApi, type RouteKey } from '@baridesk/testing';
import { toaster } from '@baridesk/ui';

let nextId = 100;

export const createStalledRow = (overrides: Partial<StalledPatientRow> = {}): StalledPatientRow => ({
  id: nextId++,
  name: 'Stan Still',
  stage: 1,
  email: 'stan@example.test',
  phone: '5550001111',
  pipeline_status: 'Seminar attended',
  coordinator: 'Carla Diaz',
  type_of_surgery: null,
  checklist_percent: 40,
  stage_entered_on: '2025-10-01',
  last_progress_on: '2026-01-15',
  days_without_progress: 54,
  ...overrides,
});

export const createLostRow = (overrides: Partial<LostPatientRow> = {}): LostPatientRow => ({
  ...createStalledRow({ name: 'Lena Lost', last_progress_on: '2025-10-01', days_without_progress: 160 }),
  lost_on: '2025-12-30',
  ...overrides,
});

export const createSurgeryDateRow = (overrides: Partial<SurgeryDatePatientRow> = {}): SurgeryDatePatientRow => ({
  id: nextId++,
  name: 'Priya Preop',
  stage: 1,
  email: 'priya@example.test',
  phone: null,
  surgery_date: '2026-04-02',
  surgery_date_difference: '23 days',
  type_of_surgery: 'Sleeve',
  coordinator: 'Carla Diaz',
  checklist_percent: 75,
  open_items: 3,
  overdue_items: 1,
  next_item_title: 'Psych evaluation',
  next_item_due: '2026-03-12',
  ...overrides,
});

export const createPostOpRow = (overrides: Partial<PostOpPatientRow> = {}): PostOpPatientRow => ({
  id: nextId++,
  name: 'Omar Postop',
  stage: 2,
  surgery_date: '2025-09-10',
  days_since_surgery: 181,
  type_of_surgery: 'Gastric Bypass',
  coordinator: null,
  starting_weight: 1250,
  current_weight: 1180.5,
  weight_lost: 69.5,
  twl: 5.56,
  ewl: 12.3,
  last_weigh_in_on: '2026-03-01',
  last_weigh_in_weight: 1180.5,
  ...overrides,
});

export const createNotConnectedRow = (overrides: Partial<NotConnectedPatientRow> = {}): NotConnectedPatientRow => ({
  id: nextId++,
  name: 'Nina Noapp',
  stage: 1,
  email: 'nina@example.test',
  phone: '5552223333',
  invited: 0,
  added_on: '2026-02-03',
  coordinator: null,
  ...overrides,
});

export const createSurgeryVolumeRow = (overrides: Partial<SurgeryVolumeRow> = {}): SurgeryVolumeRow => ({
  id: nextId++,
  name: 'Vera Volume',
  stage: 2,
  surgery_date: '2026-02-14',
  type_of_surgery: 'Sleeve',
  coordinator: 'Carla Diaz',
  starting_weight: 260,
  current_weight: 231,
  ...overrides,
});

export const preLoadFilters: PreLoadFilters = {
  stages: [
    { id: 1, label: 'Pre-Op' },
    { id: 2, label: 'Post-Op' },
    { id: 3, label: 'Long Term' },
  ],
  tags: [{ id: 4, name: 'Diabetic' }],
  coordinators: [{ id: 9, name: 'Carla Diaz' }],
  locations: [],
  surgeryTypes: ['Gastric Bypass', 'Sleeve'],
};

export const staff = () => ({ token: 'tok-staff', user: createAuthUser() });

// Excel answers and saved files: one helper for every report's tests.
export { fileReply, recordSavedFiles as watchDownloads } from './downloads';

/** The query of the last call of `route`, as an object. */
export const lastQuery = (api: FakeApi, route: RouteKey) => Object.fromEntries(api.calls(route).at(-1)!.query);

export async function cleanUp(api: FakeApi) {
  act(() => toaster.remove());
  jest.restoreAllMocks();
  await api.close();
}
