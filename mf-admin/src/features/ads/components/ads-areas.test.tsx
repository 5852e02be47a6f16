import { screen, waitFor, within } from '@testing-library/react';
import { AD_MESSAGES } from '@baridesk/contracts';
import { pageOf, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import AdsSetsArea from './ads-sets-area';
import DiscountAdsArea from './discount-ads-area';

const stamps = { created_at: '2026-11-01T10:00:00.000Z', updated_at: '2026-11-02T10:00:00.000Z' };
const banner = {
  id: 7,
  ad_set_id: 1,
  title: 'Protein shakes',
  image: null,
  link: 'https://shop.example.com/protein',
  description: null,
  impressions: 1240,
  clicks: 37,
  ctr: 2.98,
  stats_reset_at: null,
  status: 1,
  order_index: 1,
  ...stamps,
};
const home = { id: 1, name: 'Home banner', placement: 'home', ads_count: 1, impressions: 1240, clicks: 37, ads: [banner], status: 1, ...stamps };
const discount = {
  id: 9,
  title: '15% off plates',
  image: null,
  discount_code: 'BARI15',
  starts_on: '2026-11-20',
  ends_on: '2026-12-27',
  link: null,
  description: null,
  impressions: 0,
  clicks: 0,
  ctr: null,
  stats_reset_at: null,
  status: 1,
  ...stamps,
};

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi();
  api.on('GET /admin/ads-sets', { status: 200, json: pageOf([home]) });
  api.on('GET /admin/ads-sets/1', { status: 200, json: { data: home } });
  api.on('GET /admin/banner-ads', { status: 200, json: pageOf([banner]) });
  api.on('GET /admin/discount-ads', { status: 200, json: pageOf([discount]) });
});
afterEach(() => api.close());

test('the sets: each place with its ads and statistics, no Add or Delete; the name opens the set', async () => {
  await renderScreen(<AdsSetsArea />, { route: '/admin/ads-sets/*', path: '/admin/ads-sets' });
  const row = await screen.findByRole('row', { name: /Home banner/ });
  expect(within(row).getByRole('link', { name: 'Home banner' })).toHaveAttribute('href', '/admin/ads-sets/1');
  expect(within(row).getByText('1,240')).toBeInTheDocument();
  expect(within(row).getByText('2.98%')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Ad Sets' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Add/ })).not.toBeInTheDocument();
  expect(within(row).queryByRole('button', { name: /More actions/ })).not.toBeInTheDocument();
});

test('a set’s page lists its banner ads by set; Reset statistics asks first, then resets and says so', async () => {
  api.on('PATCH /admin/banner-ads/reset-stats/7', { status: 200, json: { data: { id: 7, impressions: 0, clicks: 0, ctr: null, stats_reset_at: '2026-11-27T07:00:00.000Z' }, message: AD_MESSAGES.statsReset } });
  const { user } = await renderScreen(<AdsSetsArea />, { route: '/admin/ads-sets/*', path: '/admin/ads-sets/1' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Home banner' })).toBeInTheDocument();
  const row = await screen.findByRole('row', { name: /Protein shakes/ });
  expect(api.calls('GET /admin/banner-ads')[0]!.query.get('ad_set_id')).toBe('1');
  expect(within(row).getByText('37')).toBeInTheDocument();
  await user.click(within(row).getByRole('button', { name: 'Reset statistics of Protein shakes' }));
  const question = await screen.findByRole('alertdialog', { name: 'Reset statistics' });
  expect(question).toHaveTextContent('Protein shakes');
  expect(api.calls('PATCH /admin/banner-ads/reset-stats/7')).toHaveLength(0);
  await user.click(within(question).getByRole('button', { name: 'Reset' }));
  expect(await screen.findByText(AD_MESSAGES.statsReset)).toBeInTheDocument();
  expect(api.calls('PATCH /admin/banner-ads/reset-stats/7')).toHaveLength(1);
  await user.click(screen.getByRole('button', { name: 'Add Banner Ad' }));
  expect(await screen.findByRole('dialog', { name: 'Add Banner Ad' })).toBeInTheDocument();
});

test('discount ads: the list with code, days and a dash for no CTR; Add and Edit go to /admin/discount-ads/edit', async () => {
  const { user } = await renderScreen(<DiscountAdsArea />, { route: '/admin/discount-ads/*', path: '/admin/discount-ads' });
  const row = await screen.findByRole('row', { name: /15% off plates/ });
  expect(within(row).getByText('BARI15')).toBeInTheDocument();
  expect(within(row).getByText('–')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Add Discount Ad' })).toHaveAttribute('href', '/admin/discount-ads/edit');
  api.on('GET /admin/discount-ads/9', { status: 200, json: { data: discount } });
  await user.click(within(row).getByRole('button', { name: 'Edit 15% off plates' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Edit Discount Ad' })).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('textbox', { name: /^Discount code/ })).toHaveValue('BARI15'));
});
