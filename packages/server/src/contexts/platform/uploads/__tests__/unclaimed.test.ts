/**
 * The uploads' ledger and the housekeeping sweep of uploads no record claimed (API, in-process): the
 * upload routes record each file, claim marks it, remove forgets it, and the hourly run deletes the
 * files and rows of uploads left unclaimed past UPLOAD_UNCLAIMED_HOURS (24 by default).
 */
import { eq } from 'drizzle-orm';
import type { UploadedFile } from '@baridesk/contracts';
import { storedUploads } from '../../../../db/schema';
import { type TestApp, createTestApp } from '../../../../test/app';
import { runHousekeeping } from '../../housekeeping/plugins/housekeeping';
import { PDF, type FilePart, makePng, multipart } from './fixtures';

const STAFF = 'subuser@northside.test'; // program 101
const ADMIN = 'superadmin@baridesk.test';
const HOUR = 3_600_000;

let t: TestApp;
let tokens: Record<typeof STAFF | typeof ADMIN, string>;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await t.signIn(STAFF, ADMIN);
});
afterAll(() => t.close());

async function upload(file: FilePart, fields: Record<string, string> = {}, { who = STAFF, url = '/api/uploads' } = {}): Promise<UploadedFile> {
  const { payload, headers } = await multipart(fields, file);
  const res = await t.call({ method: 'POST', url, token: tokens[who as typeof STAFF], headers, payload });
  expect([res.statusCode, res.json()]).toEqual([201, { data: expect.any(Object) }]);
  return res.json().data as UploadedFile;
}
const image = async () => upload({ filename: 'p.png', type: 'image/png', bytes: await makePng(40, 30) });
const ledgerRow = async (key: string) => (await t.app.db.select().from(storedUploads).where(eq(storedUploads.key, key)))[0];
const filesOf = (file: UploadedFile) => [file.key, ...(file.previewUrl ? [file.key.replace(/\.png$/, '.preview.webp')] : [])];
const stored = async (file: UploadedFile) => Promise.all(filesOf(file).map((key) => t.app.storage.exists(key)));
const rules = { field: 'image', kind: 'image' } as const;
/** Moves the clock, and signs in again: sessions end after 90 idle minutes. */
async function later(ms: number) {
  t.clock.advance(ms);
  tokens = await t.signIn(STAFF, ADMIN);
}

describe('the uploads ledger', () => {
  it('records each upload of both routes with its owner, kind, size and uploader, unclaimed', async () => {
    const picture = await image();
    const brochure = await upload({ filename: 'b.pdf', type: 'application/pdf', bytes: PDF }, { kind: 'document' }, { who: ADMIN, url: '/api/admin/uploads' });
    const accounts = await t.app.db.query.accounts.findMany({ columns: { id: true, email: true } });
    const idOf = (email: string) => accounts.find((a) => a.email === email)!.id;
    expect(await ledgerRow(picture.key)).toEqual({
      key: picture.key,
      preview_key: picture.key.replace(/\.png$/, '.preview.webp'),
      program_id: 101,
      kind: 'image',
      size: picture.size,
      uploaded_by: idOf(STAFF),
      created_at: t.clock.now(),
      claimed_at: null,
    });
    expect(await ledgerRow(brochure.key)).toMatchObject({ preview_key: null, program_id: null, kind: 'document', size: PDF.length, uploaded_by: idOf(ADMIN) });
  });

  it('claim marks the upload claimed once, and refuses a stored file the ledger never recorded', async () => {
    const picture = await image();
    const claimedAt = t.clock.now();
    await t.app.uploads.claim({ programId: 101 }, picture.key, rules);
    expect((await ledgerRow(picture.key))?.claimed_at).toEqual(claimedAt);
    t.clock.advanceMinutes(5);
    await t.app.uploads.claim({ programId: 101 }, picture.key, rules);
    expect((await ledgerRow(picture.key))?.claimed_at).toEqual(claimedAt);

    // A real image under a well-formed key of the caller's program, put in the store behind the ledger's back.
    const madeUp = `101/${'b'.repeat(32)}.png`;
    await t.app.storage.put(madeUp, await makePng(40, 30), { contentType: 'image/png' });
    await expect(t.app.uploads.claim({ programId: 101 }, madeUp, rules)).rejects.toMatchObject({
      statusCode: 422,
      errors: { image: ['The image is not an uploaded file.'] },
    });
    await t.app.storage.delete(madeUp);
  });

  it('a refused claim leaves the upload unclaimed', async () => {
    const picture = await image();
    await expect(t.app.uploads.claim({ programId: 101 }, picture.key, { ...rules, minimum: { minWidth: 300, minHeight: 200 } })).rejects.toMatchObject({
      statusCode: 422,
    });
    expect((await ledgerRow(picture.key))?.claimed_at).toBeNull();
  });

  it('remove deletes the files and the row', async () => {
    const picture = await image();
    await t.app.uploads.claim({ programId: 101 }, picture.key, rules);
    await t.app.uploads.remove([picture.key]);
    expect(await stored(picture)).toEqual([false, false]);
    expect(await ledgerRow(picture.key)).toBeUndefined();
  });
});

describe('housekeeping: uploads unclaimed past UPLOAD_UNCLAIMED_HOURS', () => {
  it('deletes the files, preview and row of an old unclaimed upload; keeps claimed and fresh ones; a second run does nothing', async () => {
    expect(t.app.config.uploadUnclaimedHours).toBe(24);
    // Whatever earlier tests left unclaimed is swept first, so this test counts only its own uploads.
    await later(25 * HOUR);
    await runHousekeeping(t.app);
    const before = await t.app.db.select({ key: storedUploads.key }).from(storedUploads);

    const abandoned = await image();
    const abandonedPdf = await upload({ filename: 'a.pdf', type: 'application/pdf', bytes: PDF }, { kind: 'document' });
    const claimed = await image();
    await t.app.uploads.claim({ programId: 101 }, claimed.key, rules);
    const almost = await image();
    await later(HOUR);
    const fresh = await image();
    t.clock.advance(23 * HOUR); // abandoned, abandonedPdf and claimed: 24 h old; almost: 24 h; fresh: 23 h.
    await runHousekeeping(t.app);
    expect(await stored(abandoned)).toEqual([true, true]); // not yet past the limit

    t.clock.advanceMinutes(1);
    await runHousekeeping(t.app);
    expect(await stored(abandoned)).toEqual([false, false]);
    expect(await stored(abandonedPdf)).toEqual([false]);
    expect(await stored(almost)).toEqual([false, false]);
    for (const gone of [abandoned, abandonedPdf, almost]) expect(await ledgerRow(gone.key)).toBeUndefined();
    for (const kept of [claimed, fresh]) {
      expect(await stored(kept)).toEqual([true, true]);
      expect(await ledgerRow(kept.key)).toBeDefined();
    }
    expect((await t.call({ method: 'GET', url: abandoned.url })).statusCode).toBe(404);

    const rows = await t.app.db.select({ key: storedUploads.key }).from(storedUploads);
    expect(rows.map((r) => r.key).sort()).toEqual([...before.map((r) => r.key), claimed.key, fresh.key].sort());
    await runHousekeeping(t.app);
    expect(await t.app.uploads.sweepUnclaimed(new Date(t.clock.now().getTime() - 24 * HOUR))).toEqual({ removed: 0, failed: 0 });
    expect((await t.app.db.select({ key: storedUploads.key }).from(storedUploads)).length).toBe(rows.length);
    expect(await stored(fresh)).toEqual([true, true]);
  });

  it('a row whose files are already gone is swept without an error; a claim of a swept key is refused', async () => {
    await later(25 * HOUR);
    await runHousekeeping(t.app); // what earlier tests left
    const picture = await image();
    for (const key of filesOf(picture)) await t.app.storage.delete(key);
    t.clock.advance(25 * HOUR);
    expect(await t.app.uploads.sweepUnclaimed(new Date(t.clock.now().getTime() - 24 * HOUR))).toMatchObject({ removed: 1, failed: 0 });
    expect(await ledgerRow(picture.key)).toBeUndefined();
    await expect(t.app.uploads.claim({ programId: 101 }, picture.key, rules)).rejects.toMatchObject({ statusCode: 422 });
  });

  it('sweeps more than one batch in a run', async () => {
    t.clock.advance(25 * HOUR);
    await runHousekeeping(t.app);
    const start = t.clock.now();
    // Ledger rows without files stand in for 150 abandoned uploads (the sweep deletes missing files happily).
    await t.app.db.insert(storedUploads).values(
      Array.from({ length: 150 }, (_, i) => ({
        key: `101/${i.toString(16).padStart(32, '0')}.pdf`,
        program_id: 101,
        kind: 'document',
        size: 1,
        created_at: start,
      })),
    );
    t.clock.advance(25 * HOUR);
    expect(await t.app.uploads.sweepUnclaimed(new Date(t.clock.now().getTime() - 24 * HOUR))).toEqual({ removed: 150, failed: 0 });
  });
});
