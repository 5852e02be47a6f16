import { screen, waitFor, within } from '@testing-library/react';
import { PATIENT_TAG_MESSAGES } from '@baridesk/contracts';
import { renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { createPatientTag } from '../../../test/factories';
import PatientTagFormScreen from './patient-tag-form-screen';

const STORE = 'POST /user-category/store' as const;
const UPDATE = 'POST /user-category/update' as const;

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi();
});
afterEach(() => api.close());

const renderForm = (path: string) => renderScreen(<PatientTagFormScreen />, { route: '/category-form', path });

test('adds a tag: the name is required, a taken name shows under the field, then back to the list', async () => {
  let attempts = 0;
  api.on(STORE, ({ body }) => {
    attempts += 1;
    if (attempts === 1) return { status: 422, json: { message: PATIENT_TAG_MESSAGES.nameTaken, errors: { name: [PATIENT_TAG_MESSAGES.nameTaken] } } };
    return { status: 201, json: { data: createPatientTag(body as object), message: PATIENT_TAG_MESSAGES.created } };
  });
  const { user, path } = await renderForm('/category-form');
  expect(screen.getByRole('heading', { level: 1, name: 'Add Patient Tag' })).toBeInTheDocument();
  expect(screen.getByRole('switch', { name: 'Active' })).toBeChecked();
  // A form below the tag list: breadcrumbs lead back to it.
  const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
  expect(within(trail).getByRole('link', { name: 'Patient Tags' })).toHaveAttribute('href', '/user-category');
  expect(within(trail).getByText('Add Patient Tag')).toHaveAttribute('aria-current', 'page');

  await user.click(screen.getByRole('button', { name: 'Add Tag' }));
  expect(await screen.findByText('Name is required.')).toBeInTheDocument();
  expect(api.calls(STORE)).toHaveLength(0);

  const name = screen.getByRole('textbox', { name: /Name/ });
  await user.type(name, 'Self Pay');
  await user.click(screen.getByRole('button', { name: 'Add Tag' }));
  await waitFor(() => expect(name).toHaveAccessibleDescription(PATIENT_TAG_MESSAGES.nameTaken));
  expect(api.calls(STORE)[0]!.body).toEqual({ name: 'Self Pay', status: 1 });

  await user.clear(name);
  await user.type(name, 'Cash Pay');
  await user.click(screen.getByRole('switch', { name: 'Active' }));
  await user.click(screen.getByRole('button', { name: 'Add Tag' }));
  expect(await screen.findByText(PATIENT_TAG_MESSAGES.created)).toBeInTheDocument();
  expect(api.calls(STORE)[1]!.body).toEqual({ name: 'Cash Pay', status: 0 });
  await waitFor(() => expect(path()).toBe('/user-category'));
});

test('edits the tag named by ?id=', async () => {
  const tag = createPatientTag({ id: 7, name: 'Diabetic', status: 0 });
  api.on('GET /user-category/show/7', { status: 200, json: { data: tag } });
  api.on(UPDATE, ({ body }) => ({ status: 200, json: { data: { ...tag, ...(body as object) }, message: PATIENT_TAG_MESSAGES.updated } }));
  const { user, path } = await renderForm('/category-form?id=7');

  expect(await screen.findByRole('heading', { level: 1, name: 'Edit Patient Tag' })).toBeInTheDocument();
  const name = await screen.findByRole('textbox', { name: /Name/ });
  expect(name).toHaveValue('Diabetic');
  expect(screen.getByRole('switch', { name: 'Active' })).not.toBeChecked();

  await user.type(name, ' Type 2');
  await user.click(screen.getByRole('switch', { name: 'Active' }));
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText(PATIENT_TAG_MESSAGES.updated)).toBeInTheDocument();
  expect(api.calls(UPDATE)[0]!.body).toEqual({ id: 7, name: 'Diabetic Type 2', status: 1 });
  await waitFor(() => expect(path()).toBe('/user-category'));
});

test('says when the tag cannot be loaded or the address is wrong, and a failed save shows a notice', async () => {
  api.on('GET /user-category/show/9', { status: 404, json: { message: PATIENT_TAG_MESSAGES.notFound } });
  const first = await renderForm('/category-form?id=9');
  expect(await screen.findByText('The tag could not be loaded.')).toBeInTheDocument();
  expect(screen.getByText(PATIENT_TAG_MESSAGES.notFound)).toBeInTheDocument();
  first.unmount();

  const second = await renderForm('/category-form?id=abc');
  expect(screen.getByRole('alert')).toHaveTextContent('This address does not name a tag.');
  second.unmount();

  api.on(STORE, { status: 500, json: { message: 'The server is down.' } });
  const { user, path } = await renderForm('/category-form');
  await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Anything');
  await user.click(screen.getByRole('button', { name: 'Add Tag' }));
  expect(await screen.findByText('The server is down.')).toBeInTheDocument();
  expect(path()).toBe('/category-form');
});
