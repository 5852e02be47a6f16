import { screen, waitFor, within } from '@testing-library/react';
import { TROPHY_MESSAGES } from '@baridesk/contracts';
import { chooseOption, pageOf, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import CardsTrophiesArea from './cards-trophies-area';

const LIST = 'GET /admin/cards-trophies' as const;
const SHOW = 'GET /admin/cards-trophies/7' as const;
const STORE = 'POST /admin/cards-trophies/store' as const;
const UPDATE = 'POST /admin/cards-trophies/update' as const;
const RUN = 'POST /admin/cards-trophies/run' as const;

const streak = {
  id: 7,
  title: 'Seven-day food streak',
  user_tier: null,
  rule_type: 'food_log',
  days: 7,
  days_condition: 'in_row',
  surgery_days: null,
  surgery_day_type: 'day',
  date: null,
  front_image: '/uploads/global/front.png',
  back_image: null,
  link: 'https://example.org/streak',
  notification_content: 'Seven days in a row!',
  awarded_count: 12,
  status: 1,
  order_index: 1,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-02T10:00:00.000Z',
};
const anniversary = { ...streak, id: 8, title: 'Three months', rule_type: 'surgery_anniversary', days: 1, surgery_days: 3, surgery_day_type: 'month', user_tier: 'Premium', awarded_count: 1 };

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi();
  api.on(LIST, { status: 200, json: pageOf([streak, anniversary]) });
  api.on(SHOW, { status: 200, json: { data: streak } });
});
afterEach(() => api.close());

const renderArea = (path: string) => renderScreen(<CardsTrophiesArea />, { route: '/admin/cards-trophies/*', path });

test('the list: each rule in words, its tier and how many earned it; the rule filter; Award now asks first', async () => {
  const { user } = await renderArea('/admin/cards-trophies');
  const row = await screen.findByRole('row', { name: /Seven-day food streak/ });
  expect(within(row).getByText('Food logged on 7 days in a row')).toBeInTheDocument();
  expect(within(row).getByText('Every tier')).toBeInTheDocument();
  expect(within(row).getByText('12 patients')).toBeInTheDocument();
  const other = screen.getByRole('row', { name: /Three months/ });
  expect(within(other).getByText('3 months after surgery')).toBeInTheDocument();
  expect(within(other).getByText('Premium')).toBeInTheDocument();
  expect(within(other).getByText('1 patient')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Add Card' })).toHaveAttribute('href', '/admin/cards-trophies/store');

  await chooseOption(user, screen.getByRole('combobox', { name: 'Rule' }), 'date');
  await waitFor(() => expect(api.calls(LIST).at(-1)!.query.get('rule_type')).toBe('date'));

  api.on(RUN, { status: 202, json: { data: { programs: 3 }, message: 'The awarding run was queued for 3 programs.' } });
  await user.click(screen.getByRole('button', { name: 'Award now…' }));
  const question = await screen.findByRole('alertdialog');
  expect(api.calls(RUN)).toHaveLength(0);
  await user.click(within(question).getByRole('button', { name: 'Award now' }));
  await waitFor(() => expect(api.calls(RUN)).toHaveLength(1));
  expect(await screen.findByText('The awarding run was queued for 3 programs.')).toBeInTheDocument();
});

test("the form starts on the spec's defaults, shows only the chosen rule's fields, and shows the server's error under its field", async () => {
  const { user } = await renderArea('/admin/cards-trophies/store');
  const rule = await screen.findByRole('combobox', { name: /^Rule/ });
  await waitFor(() => expect(rule).toHaveValue('food_log'));
  expect(screen.getByRole('spinbutton', { name: /Days/ })).toHaveValue(1);
  expect(screen.getByRole('combobox', { name: /Counted$/ })).toHaveValue('in_row');
  expect(screen.queryByRole('spinbutton', { name: /Time after surgery/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: /^Date/ })).not.toBeInTheDocument();

  await chooseOption(user, rule, 'surgery_anniversary');
  expect(screen.queryByRole('spinbutton', { name: /Days/ })).not.toBeInTheDocument();
  expect(screen.getByRole('spinbutton', { name: /Time after surgery/ })).toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: /Counted in/ })).toHaveValue('day');

  await chooseOption(user, rule, 'date');
  expect(screen.queryByRole('spinbutton', { name: /Time after surgery/ })).not.toBeInTheDocument();
  await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'New Year');
  await user.type(screen.getByRole('textbox', { name: /Notification text/ }), 'Happy New Year!');
  await chooseOption(user, screen.getByRole('combobox', { name: /Program tier/ }), 'Enterprise');

  api.on(STORE, { status: 422, json: { message: TROPHY_MESSAGES.dateRequired, errors: { date: [TROPHY_MESSAGES.dateRequired] } } });
  await user.click(screen.getByRole('button', { name: 'Add Card' }));
  await waitFor(() => expect(api.calls(STORE)).toHaveLength(1));
  expect(api.calls(STORE)[0]!.body).toMatchObject({ title: 'New Year', rule_type: 'date', user_tier: 'Enterprise', notification_content: 'Happy New Year!' });
  expect(await screen.findByText(TROPHY_MESSAGES.dateRequired)).toBeInTheDocument();
});

test("editing keeps the card's rule and values; the show page says the rule in words", async () => {
  const { user } = await renderArea('/admin/cards-trophies/7/edit');
  expect(await screen.findByRole('spinbutton', { name: /Days/ })).toHaveValue(7);
  api.on(UPDATE, { status: 200, json: { data: streak, message: 'Card updated successfully.' } });
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(api.calls(UPDATE)).toHaveLength(1));
  expect(api.calls(UPDATE)[0]!.body).toMatchObject({ id: 7, rule_type: 'food_log', days: 7, days_condition: 'in_row' });
  expect(await screen.findByText('Food logged on 7 days in a row')).toBeInTheDocument();
  expect(screen.getByText('Seven days in a row!')).toBeInTheDocument();
});
