/**
 * The same uploads with S3_* set: the app picks the S3 store, files go to the bucket (here the local
 * S3 stand-in that checks signatures) and come back through GET /uploads/<key>.
 */
import sharp from 'sharp';
import { loadConfig } from '../../../../config';
import { type ConfiguredTestApp, createConfiguredTestApp } from '../../../../test/mail';
import { type S3StandIn, startS3StandIn } from '../../storage/__tests__/s3-stand-in';
import { makePng, multipart } from './fixtures';

let s3: S3StandIn;
let t: ConfiguredTestApp;
let token: string;
beforeAll(async () => {
  s3 = await startS3StandIn();
  const { s3: settings } = loadConfig({
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  });
  t = await createConfiguredTestApp({ s3: settings });
  token = await t.login('subuser@northside.test');
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe('uploads kept in an S3-compatible bucket', () => {
  it('chooses the S3 store from the settings', () => {
    expect(t.app.storage.kind).toBe('s3');
  });

  it('stores the original and its preview in the bucket and serves them through the gateway', async () => {
    const { payload, headers } = await multipart({ field: 'image' }, { filename: 'a.png', type: 'image/png', bytes: await makePng(640, 480) });
    const res = await t.call({ method: 'POST', url: '/api/uploads', token, headers, payload });
    expect(res.statusCode).toBe(201);
    const { key, url, previewUrl } = res.json().data;
    const previewKey = key.replace(/\.png$/, '.preview.webp');
    expect(s3.objects.get(key)?.contentType).toBe('image/png');
    expect(s3.objects.get(previewKey)?.contentType).toBe('image/webp');

    const served = await t.call({ method: 'GET', url });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png']);
    expect(served.rawPayload.equals(s3.objects.get(key)!.body)).toBe(true);
    expect(await sharp((await t.call({ method: 'GET', url: previewUrl })).rawPayload).metadata()).toMatchObject({ format: 'webp', width: 480 });

    await t.app.uploads.remove([key]);
    expect([s3.objects.has(key), s3.objects.has(previewKey)]).toEqual([false, false]);
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('S3 settings', () => {
  it('are off without a bucket, and path-style only when asked', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'b' }).s3).toEqual({
      bucket: 'b',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
    expect(loadConfig({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: '1' }).s3?.forcePathStyle).toBe(true);
  });

  it('refuse half-given credentials at start', () => {
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
  });

  it('UPLOAD_MAX_BYTES: 10 MiB unless set', () => {
    expect(loadConfig({}).uploadMaxBytes).toBe(10 * 1024 * 1024);
    expect(loadConfig({ UPLOAD_MAX_BYTES: '2097152' }).uploadMaxBytes).toBe(2097152);
  });
});
