import type { ComponentType } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { appStore } from '@baridesk/store';
import { PROGRAM_USER_MENU_FLAGS } from '@baridesk/domain';
import type { AuthUser } from '@baridesk/contracts';
import { createAuthUser, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { createDashboard, createEvent, createRecentPatient } from '../../../test/factories';
import { screens } from '../../../routes';

/** The screen as the route table loads it (its loader runs before the page renders). */
let DashboardScreen: ComponentType;

let api: FakeApi;
const initial = appStore.getState();

beforeAll(async () => {
  api = await startFakeApi();
  DashboardScreen = (await screens['/dashboard']()).default;
});
afterAll(() => api.close());

beforeEach(() => {
  api.reset({ 'GET /dashboard': () => ({ status: 200, json: { data: createDashboard() } }) });
  localStorage.clear();
  appStore.setState(initial, true);
  appStore.getState().signIn({ token: 'tok-staff', user: createAuthUser() });
});

/** A figure that opens the patient list: a link named by its label, amount and what it counts. */
const figure = (label: string) => screen.getByRole('link', { name: new RegExp(`^${label} `) });

describe('the dashboard', () => {
  it('greets the user and shows the figures of the API answer', async () => {
    await renderScreen(<DashboardScreen />, { route: '/dashboard' });
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Dana Staff.')).toBeInTheDocument();

    await screen.findByRole('link', { name: /^Active patients / });
    // Each figure says what it counts, and opens the list filtered to the same patients (the list counts
    // inactive ones too unless its Status filter says Active, which every link sets).
    expect(screen.getByRole('region', { name: 'Patients' })).toHaveTextContent('Active patients only (inactive ones are not counted).');
    const links = [
      ['Active patients', '1,234', 'status=1'],
      ['Pre-Op', '700', 'status=1&stage=1'],
      ['Post-Op', '434', 'status=1&stage=2'],
      ['Weight-Management', '100', 'status=1&stage=3'],
      ['Never used the app', '56', 'status=1&app=never_used'],
      // The program's today (the factory's 2026-03-10): the windows the API counts.
      ['Surgeries in the next 30 days', '21', 'status=1&surgery_from=2026-03-10&surgery_to=2026-04-09'],
      ['Surgeries in the last 30 days', '1,005', 'status=1&surgery_from=2026-02-08&surgery_to=2026-03-09'],
    ];
    for (const [label, value, query] of links) {
      expect(figure(label!)).toHaveTextContent(`${label}${value}`);
      expect(figure(label!)).toHaveAttribute('href', `/manage-patients?${query}`);
    }
    expect(figure('Active patients')).toHaveAccessibleName('Active patients 1,234 All stages');
    expect(figure('Pre-Op')).toHaveAccessibleName('Pre-Op 700 Active patients');
    // The list has no snooze filter: that figure is no link, but still says what it counts.
    expect(screen.getByRole('group', { name: 'Snoozed' })).toHaveTextContent('Snoozed7Active patients with reminders snoozed');
    expect(screen.queryByRole('link', { name: /^Snoozed/ })).not.toBeInTheDocument();
    expect(api.calls('GET /dashboard')).toHaveLength(1);
  });

  it('lists the upcoming events with their date, time and place', async () => {
    api.on('GET /dashboard', () => ({
      status: 200,
      json: {
        data: createDashboard({
          events: {
            upcoming: [
              createEvent({ event_title: 'Pre-op seminar', date: '2026-03-05', time: '09:05:00', location: 'Lakeside Hospital' }),
              createEvent({ event_title: 'Online check-in', date: '2026-04-12', time: null, location: null }),
            ],
          },
        }),
      },
    }));
    await renderScreen(<DashboardScreen />, { route: '/dashboard' });
    const events = await screen.findByRole('region', { name: 'Upcoming events' });
    const items = within(events).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Pre-op seminar');
    expect(items[0]).toHaveTextContent('Mar 05, 2026 at 09:05AM');
    expect(items[0]).toHaveTextContent('Lakeside Hospital');
    expect(items[1]).toHaveTextContent('Online check-in');
    expect(items[1]).toHaveTextContent('Apr 12, 2026');
  });

  it('lists each day of a weekly series on its own and opens that day of the calendar', async () => {
    const weekly = { id: 7, event_title: 'Post-Op Support Group', time: '18:00:00', location: null };
    api.on('GET /dashboard', () => ({
      status: 200,
      json: { data: createDashboard({ events: { upcoming: [createEvent({ ...weekly, date: '2026-03-03' }), createEvent({ ...weekly, date: '2026-03-10' })] } }) },
    }));
    const { user, path } = await renderScreen(<DashboardScreen />, { route: '/dashboard' });
    const events = await screen.findByRole('region', { name: 'Upcoming events' });
    const links = within(events).getAllByRole('link', { name: 'Post-Op Support Group' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/event-calender/view/7?date=2026-03-03', '/event-calender/view/7?date=2026-03-10']);
    await user.click(links[1]!);
    expect(path()).toBe('/event-calender/view/7');
  });

  it('says when there are no upcoming events', async () => {
    api.on('GET /dashboard', () => ({ status: 200, json: { data: createDashboard({ events: { upcoming: [] } }) } }));
    await renderScreen(<DashboardScreen />, { route: '/dashboard' });
    expect(await screen.findByText('No upcoming events')).toBeInTheDocument();
  });

  it('links the recently added patients to their pages', async () => {
    const patient = createRecentPatient({ name: 'Robin Recent', current_stage: 2 });
    api.on('GET /dashboard', () => ({ status: 200, json: { data: createDashboard({ recentPatients: [patient] }) } }));
    const { user, path } = await renderScreen(<DashboardScreen />, { route: '/dashboard' });
    const recent = await screen.findByRole('region', { name: 'Recently added patients' });
    expect(recent).toHaveTextContent('Post-Op · added Feb 20, 2026');
    await user.click(within(recent).getByRole('link', { name: 'Robin Recent' }));
    expect(path()).toBe(`/patient-detail/${patient.id}`);
  });

  it('shows a program user without Patients (manage_user) no patient name or figure, so nothing opens a record', async () => {
    const flags = Object.fromEntries(PROGRAM_USER_MENU_FLAGS.map((flag) => [flag, flag === 'pipeline_status' || flag === 'event' ? 1 : 0]));
    appStore.getState().setUser(createAuthUser({ type: 'program_user', name: 'Priya Raman', menu_flags: flags as NonNullable<AuthUser['menu_flags']> }));
    await renderScreen(<DashboardScreen />, { route: '/dashboard' });
    expect(await screen.findByRole('region', { name: 'Upcoming events' })).toHaveTextContent('Support group meeting');
    expect(screen.queryByText('Recently added patients')).not.toBeInTheDocument();
    expect(screen.queryByText('Alex Newcomer')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Active patients / })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('link').filter((link) => link.getAttribute('href')?.startsWith('/patient-detail/'))).toEqual([]);
  });

  it('shows self-service staff the events only', async () => {
    appStore.getState().setUser(createAuthUser({ type: 'program_user', self_service: 1, name: 'Sam Self' }));
    await renderScreen(<DashboardScreen />, { route: '/dashboard' });
    expect(screen.getByText('Welcome back, Sam Self.')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Upcoming events' })).toHaveTextContent('Support group meeting');
    expect(screen.queryByRole('link', { name: /^Active patients / })).not.toBeInTheDocument();
    expect(screen.queryByText('1,234')).not.toBeInTheDocument();
    expect(screen.queryByText('Recently added patients')).not.toBeInTheDocument();
    expect(screen.queryByText('Alex Newcomer')).not.toBeInTheDocument();
  });

  it('shows placeholders while the figures load', async () => {
    api.on('GET /dashboard', () => ({ status: 200, json: { data: createDashboard() }, delayMs: 200 }));
    await renderScreen(<DashboardScreen />, { route: '/dashboard' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the dashboard…');
    await screen.findByRole('link', { name: /^Active patients / });
    expect(screen.queryByText('Loading the dashboard…')).not.toBeInTheDocument();
  });

  it('shows the error with a Retry that loads the dashboard again', async () => {
    api.on('GET /dashboard', () => ({ status: 500, json: { message: 'The figures are not ready.' } }));
    const { user } = await renderScreen(<DashboardScreen />, { route: '/dashboard' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The dashboard could not be loaded');
    expect(alert).toHaveTextContent('The figures are not ready.');
    expect(screen.queryByRole('link', { name: /^Active patients / })).not.toBeInTheDocument();

    api.on('GET /dashboard', () => ({ status: 200, json: { data: createDashboard() } }));
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(figure('Active patients')).toHaveTextContent('1,234'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.calls('GET /dashboard')).toHaveLength(2);
  });
});
