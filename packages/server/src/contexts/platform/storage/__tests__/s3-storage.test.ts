import { Readable } from 'node:stream';
import { createS3Storage } from '../s3-storage';
import { StorageKeyError, type Storage, type StoredObject } from '../storage';
import { type S3StandIn, startS3StandIn } from './s3-stand-in';

let s3: S3StandIn;
let storage: Storage;
let destroy: () => void;
beforeAll(async () => {
  s3 = await startS3StandIn();
  const made = createS3Storage({
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: s3.region,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: true,
  });
  storage = made.storage;
  destroy = () => made.client.destroy();
});
afterAll(async () => {
  destroy();
  await s3.close();
});

async function bytesOf(object: StoredObject | null): Promise<Buffer> {
  if (!object) throw new Error('no object');
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('S3 storage (against a local S3 stand-in that checks signatures)', () => {
  it('puts a buffer with its content type, signed, path-style in the bucket', async () => {
    await storage.put('101/a.png', Buffer.from('png bytes'), { contentType: 'image/png' });
    expect(s3.objects.get('101/a.png')).toEqual({ body: Buffer.from('png bytes'), contentType: 'image/png' });
    const put = s3.requests.at(-1);
    expect(put).toMatchObject({ method: 'PUT', path: `/${s3.bucket}/101/a.png` });
    // One plain signed body: no aws-chunked encoding or trailing checksums that other stores refuse.
    expect(put?.headers['content-encoding']).toBeUndefined();
    expect(put?.headers['x-amz-trailer']).toBeUndefined();
  });

  it('puts a stream', async () => {
    const chunks = Array.from({ length: 20 }, (_, i) => Buffer.alloc(5_000, i));
    await storage.put('global/b.pdf', Readable.from(chunks), { contentType: 'application/pdf' });
    expect(s3.objects.get('global/b.pdf')?.body.equals(Buffer.concat(chunks))).toBe(true);
  });

  it('gets an object as a stream with its size', async () => {
    await storage.put('101/c.txt', Buffer.from('hello s3'), { contentType: 'text/plain' });
    const object = await storage.get('101/c.txt');
    expect(object?.size).toBe(8);
    expect((await bytesOf(object)).toString()).toBe('hello s3');
  });

  it('answers null and false for a missing key', async () => {
    expect(await storage.get('101/none')).toBeNull();
    expect(await storage.exists('101/none')).toBe(false);
  });

  it('tells whether a key exists, and deletes', async () => {
    await storage.put('101/d', Buffer.from('d'), { contentType: 'x' });
    expect(await storage.exists('101/d')).toBe(true);
    await storage.delete('101/d');
    expect(s3.objects.has('101/d')).toBe(false);
    expect(await storage.exists('101/d')).toBe(false);
    await expect(storage.delete('101/d')).resolves.toBeUndefined();
  });

  it('refuses unsafe keys before sending anything', async () => {
    const before = s3.requests.length;
    await expect(storage.put('../x', Buffer.from('x'), { contentType: 'x' })).rejects.toThrow(StorageKeyError);
    await expect(storage.get('a//b')).rejects.toThrow(StorageKeyError);
    await expect(storage.delete('/etc/passwd')).rejects.toThrow(StorageKeyError);
    await expect(storage.exists('.hidden')).rejects.toThrow(StorageKeyError);
    expect(s3.requests.length).toBe(before);
  });

  it('fails loudly with wrong credentials (the stand-in really checks the signature)', async () => {
    const wrong = createS3Storage({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: s3.region,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: 'not-the-secret',
      forcePathStyle: true,
    });
    try {
      await expect(wrong.storage.put('101/e', Buffer.from('e'), { contentType: 'x' })).rejects.toThrow();
      await expect(wrong.storage.get('101/c.txt')).rejects.toThrow();
      expect(s3.objects.has('101/e')).toBe(false);
    } finally {
      wrong.client.destroy();
    }
  });
});
