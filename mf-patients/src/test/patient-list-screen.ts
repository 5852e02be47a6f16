/**
 * The patient list screen's tests share this set-up: the screen as the route table loads it, a fake API
 * that pages `patients` like the server (filters are not applied: the tests check what is asked), the
 * pre-load filters, and a signed-in staff member. Call it at the top of a test file.
 */
import type { ComponentType } from 'react';
import { appStore } from '@baridesk/store';
import type { PatientListItem } from '@baridesk/contracts';
import { createAuthUser, pageOf, startFakeApi, type FakeApi, type FakeRequest } from '@baridesk/testing';
import { screens } from '../routes';
import { createPreLoadFilters } from './factories';

/** Answers GET /patients like the server: the page of `patients` asked for by page and perPage. */
export const pageOfPatients = (patients: PatientListItem[]) => (request: FakeRequest) => {
  const page = Number(request.query.get('page') ?? 1);
  const perPageText = request.query.get('perPage') ?? '10';
  const perPage = perPageText === 'All' ? 'All' : Number(perPageText);
  const rows = perPage === 'All' ? patients : patients.slice((page - 1) * perPage, page * perPage);
  return { status: 200, json: pageOf(rows, { total: patients.length, page, perPage }) };
};

export type PatientListTestBed = { api: FakeApi; Screen: ComponentType };

export function setUpPatientListScreen(patients: PatientListItem[]): PatientListTestBed {
  const bed = {} as PatientListTestBed;
  const initial = appStore.getState();
  beforeAll(async () => {
    bed.api = await startFakeApi();
    bed.Screen = (await screens['/manage-patients']()).default;
  });
  afterAll(() => bed.api.close());
  beforeEach(() => {
    bed.api.reset({
      'GET /patients': pageOfPatients(patients),
      'GET /pre-load-filters': () => ({ status: 200, json: { data: createPreLoadFilters() } }),
    });
    localStorage.clear();
    appStore.setState(initial, true);
    appStore.getState().signIn({ token: 'tok-staff', user: createAuthUser() });
  });
  return bed;
}
