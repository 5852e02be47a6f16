/** Issue 15: the patient list's columns fit, long cells are cut with a tooltip, and filters fold on a phone. */
import { act, screen, waitFor, within } from '@testing-library/react';
import { appStore } from '@baridesk/store';
import { chooseOption, renderScreen } from '@baridesk/testing';
import { createPatient } from '../../../test/factories';
import { setUpPatientListScreen } from '../../../test/patient-list-screen';
import { SMALL_SCREEN_QUERY } from '@baridesk/ui/lists';

const LONG_TYPE = 'Roux-en-Y Gastric Bypass with a revision of an earlier band';
const PATIENTS = [
  createPatient({ name: 'Ada Long', type_of_surgery: LONG_TYPE, user_cat_name: 'Diabetic', user_cat_name2: 'Self Pay' }),
  createPatient({ name: 'Bo Short', type_of_surgery: 'Sleeve' }),
];
const bed = setUpPatientListScreen(PATIENTS);

const table = () => screen.getByRole('table', { name: 'Patients' });
const headers = () => within(table()).getAllByRole('columnheader').map((header) => header.textContent?.trim() ?? '');

async function openList() {
  const view = await renderScreen(<bed.Screen />, { route: '/manage-patients' });
  await screen.findByRole('link', { name: 'Ada Long' });
  return view;
}

/** Makes the browser's media queries answer as on a phone (jsdom has no layout, so no media queries). */
function onPhone() {
  const original = window.matchMedia;
  window.matchMedia = (query: string) => ({ ...original(query), matches: query === SMALL_SCREEN_QUERY, media: query });
  return () => {
    window.matchMedia = original;
  };
}

describe('columns that fit', () => {
  it('shows the columns that fit a 1024 px screen, in a fixed layout on one fixed-height line each', async () => {
    await openList();
    expect(headers()).toEqual(['Select all patients on this page', 'Name', 'MRN', 'Stage', 'Surgery date', 'Surgery type', 'Current weight', 'Tags']);
    expect(getComputedStyle(table()).tableLayout).toBe('fixed');
    const rows = within(table()).getAllByRole('row').slice(1);
    // Every row the same set height, whether its surgery type and tags are long or short.
    const heights = rows.map((row) => getComputedStyle(row).height);
    expect(heights[0]).toMatch(/sizes-11|2\.75rem/);
    expect(new Set(heights).size).toBe(1);
    const cells = within(rows[0]!).getAllByRole('cell');
    for (const cell of cells.slice(1)) expect(getComputedStyle(cell).whiteSpace).toBe('nowrap');
  });

  it('lets the user pick the columns, and keeps the choice with the saved search', async () => {
    const first = await openList();
    await first.user.click(screen.getByRole('button', { name: 'Columns' }));
    const picker = await screen.findByRole('group', { name: 'Columns shown' });
    expect(within(picker).getByRole('checkbox', { name: 'Name' })).toBeDisabled();
    await first.user.click(within(picker).getByRole('checkbox', { name: 'Email' }));
    await first.user.click(within(picker).getByRole('checkbox', { name: 'Tags' }));
    await waitFor(() => expect(headers()).toContain('Email'));
    expect(headers()).not.toContain('Tags');
    expect(within(table()).getByText(PATIENTS[0]!.email!)).toBeInTheDocument();
    expect(appStore.getState().savedSearches.patients).toEqual(
      expect.objectContaining({
        columns: ['name', 'mrn_number', 'email', 'current_stage', 'surgery_date', 'type_of_surgery', 'current_weight'],
      }),
    );
    first.unmount();

    await openList();
    expect(headers()).toContain('Email');
    expect(headers()).not.toContain('Tags');
  });

  it('falls back to the default columns when the stored choice is not one', async () => {
    appStore.getState().setSavedSearch('patients', { columns: ['bogus'] });
    await openList();
    expect(headers()).toContain('Surgery type');
    expect(headers()).not.toContain('Email');
  });
});

describe('long cells', () => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  it('cut a text that does not fit and show it whole in a tooltip; the page keeps the whole text', async () => {
    // jsdom lays nothing out: a box as wide as its text's first 20 characters.
    const widths = {
      scrollWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollWidth'),
      clientWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth'),
    };
    Object.defineProperty(HTMLElement.prototype, 'scrollWidth', { configurable: true, get() { return (this as HTMLElement).textContent!.length; } });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 20 });
    restore = () => {
      Object.defineProperty(HTMLElement.prototype, 'scrollWidth', widths.scrollWidth ?? { configurable: true, value: 0 });
      Object.defineProperty(HTMLElement.prototype, 'clientWidth', widths.clientWidth ?? { configurable: true, value: 0 });
    };
    const { user } = await openList();

    const long = within(table()).getByText(LONG_TYPE);
    expect(getComputedStyle(long).textOverflow).toBe('ellipsis');
    await user.hover(long);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(LONG_TYPE);
    await user.unhover(long);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());

    // A text that fits opens none.
    await user.hover(within(table()).getByText('Sleeve'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});

describe('filters on a small screen', () => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  it('fold behind a Filters button that counts the active ones', async () => {
    restore = onPhone();
    appStore.getState().setSavedSearch('patients', { filters: { stage: '2', status: '1' } });
    const { user } = await openList();

    const button = screen.getByRole('button', { name: 'Filters, 2 active' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('combobox', { name: 'Stage' })).not.toBeInTheDocument();
    // The list comes right after the search and the button.
    expect(screen.getByRole('link', { name: 'Ada Long' })).toBeInTheDocument();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const stage = screen.getByRole('combobox', { name: 'Stage' });
    expect(stage).toHaveValue('2');
    await chooseOption(user, screen.getByRole('combobox', { name: 'App' }), 'Invited');
    expect(await screen.findByRole('button', { name: 'Filters, 3 active' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('button', { name: 'Filters' })).toBeInTheDocument();
  });

  it('stay open on a wide screen, without the button', async () => {
    await openList();
    expect(screen.getByRole('combobox', { name: 'Stage' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Filters/ })).not.toBeInTheDocument();
  });
});
