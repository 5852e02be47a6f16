/**
 * Ads (docs/admin.md "Ads"): the app's ad places (ad sets) with their banner ads, discount ads, the
 * multipart forms, reset-stats and toggle-status, and the patient app's counting — in memory, written
 * as increments, neither lost nor doubled across writes, written when the app closes.
 */
import { and, eq } from 'drizzle-orm';
import { AD_MESSAGES, AD_PLACEMENTS } from '@baridesk/contracts';
import { adSets, ads, auditRecords, storedUploads } from '../../../db/schema';
import { DEMO_PASSWORD } from '../../../seed/demo';
import { DEMO_APP_PATIENT_EMAIL } from '../../../seed/patient-app';
import { createTestApp, type TestApp } from '../../../test/app';
import { makePng, multipart } from '../../platform/uploads/__tests__/fixtures';

const ROOT = 'superadmin@baridesk.test';
const ADMIN2 = 'admin2@baridesk.test';
const STAFF = 'subuser@northside.test';

let t: TestApp;
let tokens: Record<string, string>;
let patientToken: string;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await t.signIn(ROOT, ADMIN2, STAFF);
  const login = await t.call({ method: 'POST', url: '/api/app/login', payload: { email: DEMO_APP_PATIENT_EMAIL, password: DEMO_PASSWORD } });
  patientToken = login.json().data.token;
});
afterAll(() => t.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, who = ROOT) => {
  const res = await t.call({ method, url, token: tokens[who], ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: (res.body ? res.json() : null) as Json };
};
const send = async (url: string, form: { payload: Buffer; headers: Record<string, string> }, who = ROOT) => {
  const res = await t.call({ method: 'POST', url, token: tokens[who], payload: form.payload, headers: form.headers });
  return { status: res.statusCode, body: res.json() as Json };
};
const app = (method: 'GET' | 'POST', url: string, token = patientToken) => t.call({ method, url: `/api/app/ads${url}`, token });
const png = async (width: number, height: number) => ({ name: 'image', filename: 'ad.png', type: 'image/png', bytes: await makePng(width, height) });
const auditOf = (action: string, id: number) =>
  t.app.db.select().from(auditRecords).where(and(eq(auditRecords.action, action), eq(auditRecords.entity_id, String(id))));
const rowOf = async (id: number) => (await t.app.db.select().from(ads).where(eq(ads.id, id)))[0]!;
const setId = async (placement: string) => (await t.app.db.select({ id: adSets.id }).from(adSets).where(eq(adSets.placement, placement)))[0]!.id;
const today = () => new Date().toISOString().slice(0, 10);
const dayFrom = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('ad sets', () => {
  it('lists the app’s ad places with their banner ads in order, counters and placement', async () => {
    const { status, body } = await call('GET', '/api/admin/ads-sets?sort=placement');
    expect(status).toBe(200);
    expect(body.data.total).toBe(Object.keys(AD_PLACEMENTS).length);
    const home = body.data.data.find((set: Json) => set.placement === 'home');
    expect(home).toMatchObject({ name: 'Home banner', status: 1, ads_count: 2, impressions: 2100, clicks: 49 });
    expect(home.ads.map((ad: Json) => ad.title)).toEqual(['Protein shakes, 20% off this month', 'Join the Thursday support group']);
    expect(home.ads[0]).toMatchObject({ ad_set_id: home.id, impressions: 1240, clicks: 37, ctr: 2.98, stats_reset_at: null, image: null });
  });

  it('GET {id} is one set with its ads; PUT {id} renames it and switches it off, keeping its place', async () => {
    const id = await setId('food_log');
    const shown = await call('GET', `/api/admin/ads-sets/${id}`);
    expect(shown.body.data).toMatchObject({ id, name: 'Food log banner', placement: 'food_log', ads_count: 1 });
    expect(shown.body.data.ads).toHaveLength(1);
    const put = await call('PUT', `/api/admin/ads-sets/${id}`, { name: 'Food diary banner', status: 0, placement: 'home' });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ name: 'Food diary banner', status: 0, placement: 'food_log', ads_count: 1 });
    expect(await auditOf('ad-set.update', id)).toEqual([expect.objectContaining({ detail: { name: 'Food diary banner', changed: ['name', 'status'] } })]);
    // Its ads are not shown in the app while the set is off, and not counted.
    const adId = shown.body.data.ads[0].id;
    expect((await app('POST', `/${adId}/impression`)).statusCode).toBe(404);
    expect((await app('GET', '?placement=food_log')).json().data).toEqual([]);
    await call('PUT', `/api/admin/ads-sets/${id}`, { name: 'Food log banner', status: 1 });
    expect((await app('POST', `/${adId}/impression`)).statusCode).toBe(204);
  });

  it('has no store or delete (the places are the app’s), a taken name is refused, and only banner_ads opens it', async () => {
    expect((await call('POST', '/api/admin/ads-sets/store', { name: 'More' })).status).toBe(404);
    expect((await call('POST', '/api/admin/ads-sets/delete', { id: 1 })).status).toBe(404);
    const id = await setId('resources');
    expect(await call('PUT', `/api/admin/ads-sets/${id}`, { name: 'home banner', status: 1 })).toMatchObject({
      status: 422,
      body: { errors: { name: ['An ad set with this name already exists.'] } },
    });
    expect((await call('GET', '/api/admin/ads-sets', undefined, ADMIN2)).status).toBe(403);
    expect((await call('GET', '/api/admin/ads-sets', undefined, STAFF)).status).toBe(403);
    expect((await call('GET', '/api/admin/discount-ads', undefined, ADMIN2)).status).toBe(403);
  });
});

describe('banner ads', () => {
  let adId: number;
  let homeId: number;
  beforeAll(async () => {
    homeId = await setId('home');
  });

  it('POST store/{adSetId} takes a multipart form with the image as a file part; the ad goes last in its set (after the two seeded)', async () => {
    const made = await send(`/api/admin/banner-ads/store/${homeId}`, await multipart({ title: 'Summer walk', link: 'https://walk.example.com' }, await png(800, 250)));
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ ad_set_id: homeId, title: 'Summer walk', status: 1, impressions: 0, clicks: 0, ctr: null, order_index: 3 });
    expect(made.body.data.image).toMatch(/^\/uploads\/global\/[0-9a-f]{32}\.png$/);
    adId = made.body.data.id;
    expect((await rowOf(adId)).kind).toBe('banner');
    const set = await call('GET', `/api/admin/ads-sets/${homeId}`);
    expect(set.body.data.ads.map((ad: Json) => ad.id).at(-1)).toBe(adId);
    expect(await auditOf('banner-ad.create', adId)).toHaveLength(1);
  });

  it('refuses a form without an image, an image under the minimum size, a bad link, and a set that does not exist', async () => {
    expect(await send(`/api/admin/banner-ads/store/${homeId}`, await multipart({ title: 'No picture' }))).toMatchObject({
      status: 422,
      body: { errors: { image: [AD_MESSAGES.imageRequired] } },
    });
    const small = await send(`/api/admin/banner-ads/store/${homeId}`, await multipart({ title: 'Small' }, await png(300, 100)));
    expect(small).toMatchObject({ status: 422, body: { errors: { image: [expect.stringContaining('640')] } } });
    expect((await send(`/api/admin/banner-ads/store/${homeId}`, await multipart({ title: 'Link', link: 'not a link' }, await png(800, 250)))).body.errors).toEqual({
      link: ['Please enter valid link.'],
    });
    expect(await send('/api/admin/banner-ads/store/999999', await multipart({ title: 'Nowhere' }, await png(800, 250)))).toMatchObject({
      status: 404,
      body: { message: AD_MESSAGES.setNotFound },
    });
    expect((await send('/api/admin/banner-ads/store/abc', await multipart({ title: 'Nowhere' }, await png(800, 250)))).status).toBe(422);
    // A refused form stored nothing that stays.
    const unclaimed = await t.app.db.select().from(storedUploads);
    expect(unclaimed.filter((upload) => upload.claimed_at === null)).toEqual([]);
  });

  it('POST update/{id} (multipart or JSON): fields change, the image is kept unless a new one comes', async () => {
    const before = (await call('GET', `/api/admin/banner-ads/${adId}`)).body.data;
    const json = await call('POST', `/api/admin/banner-ads/update/${adId}`, { title: 'Summer walks', link: '', status: 1 });
    expect(json.status).toBe(200);
    expect(json.body.data).toMatchObject({ title: 'Summer walks', link: null, image: before.image, ad_set_id: homeId });
    const form = await send(`/api/admin/banner-ads/update/${adId}`, await multipart({ title: 'Summer walks', status: '1', _method: 'POST' }, await png(700, 220)));
    expect(form.status).toBe(200);
    expect(form.body.data.image).not.toBe(before.image);
    expect((await call('POST', `/api/admin/banner-ads/update/${adId}`, { title: 'No image', image: null, status: 1 })).body.errors).toEqual({
      image: [AD_MESSAGES.imageRequired],
    });
  });

  it('PATCH toggle-status/{id} switches it; the app stops showing and counting it', async () => {
    const off = await call('PATCH', `/api/admin/banner-ads/toggle-status/${adId}`, { status: 0 });
    expect(off).toMatchObject({ status: 200, body: { data: { id: adId, status: 0 } } });
    expect((await app('POST', `/${adId}/impression`)).statusCode).toBe(404);
    expect((await app('GET', '?placement=home')).json().data.map((ad: Json) => ad.id)).not.toContain(adId);
    await call('PATCH', `/api/admin/banner-ads/toggle-status/${adId}`, { status: 1 });
    expect((await app('GET', '?placement=home')).json().data.map((ad: Json) => ad.id)).toContain(adId);
  });

  it('a discount ad’s id is not a banner ad (404), and DELETE destroy/{id} removes the ad', async () => {
    const [discount] = await t.app.db.select({ id: ads.id }).from(ads).where(eq(ads.kind, 'discount')).limit(1);
    expect((await call('GET', `/api/admin/banner-ads/${discount!.id}`)).status).toBe(404);
    expect((await call('DELETE', `/api/admin/banner-ads/destroy/${discount!.id}`)).status).toBe(404);
    const made = await send(`/api/admin/banner-ads/store/${homeId}`, await multipart({ title: 'Short-lived' }, await png(800, 250)));
    const gone = await call('DELETE', `/api/admin/banner-ads/destroy/${made.body.data.id}`);
    expect(gone).toMatchObject({ status: 200, body: { message: 'Banner ad deleted successfully.' } });
    expect((await call('GET', `/api/admin/banner-ads/${made.body.data.id}`)).status).toBe(404);
  });
});

describe('discount ads', () => {
  it('lists, stores (multipart), updates and refuses an end day before the start day', async () => {
    const list = await call('GET', '/api/admin/discount-ads');
    expect(list.body.data.data.map((ad: Json) => ad.discount_code)).toEqual(['BARI15', 'SHIPFREE']);
    const made = await send(
      '/api/admin/discount-ads/store',
      await multipart({ title: 'Scale sale', discount_code: 'SCALE10', starts_on: today(), ends_on: dayFrom(5), link: 'https://shop.example.com/scales' }, await png(500, 300)),
    );
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ title: 'Scale sale', discount_code: 'SCALE10', starts_on: today(), ends_on: dayFrom(5), impressions: 0 });
    expect((await rowOf(made.body.data.id)).ad_set_id).toBeNull();
    const backwards = await call('POST', `/api/admin/discount-ads/update/${made.body.data.id}`, { title: 'Scale sale', starts_on: dayFrom(5), ends_on: today(), status: 1 });
    expect(backwards).toMatchObject({ status: 422, body: { errors: { ends_on: [AD_MESSAGES.endBeforeStart] } } });
    const missing = await send('/api/admin/discount-ads/store', await multipart({ title: 'No days' }, await png(500, 300)));
    expect(Object.keys(missing.body.errors).sort()).toEqual(['ends_on', 'starts_on']);
  });

  it('the app shows discount ads only on their days', async () => {
    const shown = (await app('GET', '?placement=discounts')).json().data as Json[];
    expect(shown.map((ad) => ad.discount_code)).toContain('BARI15');
    expect(shown.map((ad) => ad.discount_code)).not.toContain('SHIPFREE');
    expect(shown.every((ad) => ad.kind === 'discount' && ad.placement === 'discounts')).toBe(true);
    const everything = (await app('GET', '')).json().data as Json[];
    expect(new Set(everything.map((ad) => ad.kind))).toEqual(new Set(['banner', 'discount']));
    expect((await app('GET', '?placement=nowhere')).statusCode).toBe(422);
  });
});

describe('counting in the app', () => {
  it('counts impressions and clicks in memory and writes them as increments: nothing lost or doubled across writes', async () => {
    const [ad] = await t.app.db.select().from(ads).where(eq(ads.discount_code, 'BARI15'));
    await t.app.adCounts.flush();
    const start = await rowOf(ad!.id);
    const burst = (n: number, event: 'impression' | 'click') => Promise.all(Array.from({ length: n }, () => app('POST', `/${ad!.id}/${event}`)));
    const first = await burst(30, 'impression');
    expect(first.every((res) => res.statusCode === 204 && res.body === '')).toBe(true);
    // Nothing written per request.
    expect((await rowOf(ad!.id)).impressions).toBe(start.impressions);
    // Counts arriving while a write runs belong to the next write.
    const writing = t.app.adCounts.flush();
    await burst(12, 'impression');
    await burst(4, 'click');
    await writing;
    await t.app.adCounts.flush();
    await t.app.adCounts.flush();
    const after = await rowOf(ad!.id);
    expect([after.impressions - start.impressions, after.clicks - start.clicks]).toEqual([42, 4]);
    const shown = (await call('GET', `/api/admin/discount-ads/${ad!.id}`)).body.data;
    expect(shown).toMatchObject({ impressions: after.impressions, clicks: after.clicks, ctr: Math.round((after.clicks * 10000) / after.impressions) / 100 });
  });

  it('refuses an unknown ad, a staff token and no token; the list of ads is audited', async () => {
    expect((await app('POST', '/999999/click')).statusCode).toBe(404);
    expect((await app('POST', '/1/impression', tokens[STAFF])).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/app/ads/1/impression' })).statusCode).toBe(401);
    await app('GET', '?placement=home');
    const records = await t.app.db.select().from(auditRecords).where(eq(auditRecords.action, 'app.ads.list'));
    expect(records).toContainEqual(expect.objectContaining({ entity: 'ad', actor_type: 'patient', patient_id: expect.any(Number), detail: expect.objectContaining({ placement: 'home' }) }));
  });

  it('PATCH reset-stats/{id} zeroes the counters and stamps the time; counts from before it are dropped', async () => {
    const [ad] = await t.app.db.select().from(ads).where(eq(ads.discount_code, 'BARI15'));
    await app('POST', `/${ad!.id}/impression`);
    const reset = await call('PATCH', `/api/admin/discount-ads/reset-stats/${ad!.id}`);
    expect(reset).toMatchObject({ status: 200, body: { message: AD_MESSAGES.statsReset, data: { id: ad!.id, impressions: 0, clicks: 0, ctr: null } } });
    expect(reset.body.data.stats_reset_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await t.app.adCounts.flush();
    expect(await rowOf(ad!.id)).toMatchObject({ impressions: 0, clicks: 0 });
    await app('POST', `/${ad!.id}/click`);
    await t.app.adCounts.flush();
    expect((await call('GET', `/api/admin/discount-ads/${ad!.id}`)).body.data).toMatchObject({ impressions: 0, clicks: 1 });
    expect(await auditOf('discount-ad.reset-stats', ad!.id)).toHaveLength(1);
    expect((await call('PATCH', `/api/admin/banner-ads/reset-stats/${ad!.id}`)).status).toBe(404);
    expect((await call('PATCH', `/api/admin/discount-ads/reset-stats/${ad!.id}`, undefined, ADMIN2)).status).toBe(403);
  });
});
