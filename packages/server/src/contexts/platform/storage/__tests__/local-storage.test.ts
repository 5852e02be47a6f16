import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createLocalStorage } from '../local-storage';
import { StorageKeyError, isStorageKey, type Storage, type StoredObject } from '../storage';

let root: string;
let storage: Storage;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'baridesk-storage-'));
  storage = createLocalStorage(path.join(root, 'uploads'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

async function bytesOf(object: StoredObject | null): Promise<Buffer> {
  if (!object) throw new Error('no object');
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Every file under the store's folder, hidden ones included, as relative paths. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
}

describe('storage keys', () => {
  it('accepts relative paths of safe segments', () => {
    for (const key of ['a', '101/0f.png', 'global/private/abc.pdf', 'x/y/z/file.name-1_2.webp']) expect(isStorageKey(key)).toBe(true);
  });

  it('refuses traversal, absolute paths, hidden names and odd characters', () => {
    const bad = [
      '', '/etc/passwd', '../x', 'a/../../x', 'a/./b', '.', '..', 'a/..', '.hidden', 'a/.tmp-1', 'a//b', 'a/', 'a\\b',
      '..\\x', 'a\0b', 'a b', 'a/%2e%2e/b', 'é', 'a:b', 'C:\\x', `${'a'.repeat(600)}`, 'a/-x', '_x',
    ];
    for (const key of bad) expect([key, isStorageKey(key)]).toEqual([key, false]);
    expect(isStorageKey(42)).toBe(false);
    expect(isStorageKey(null)).toBe(false);
  });
});

describe('local storage', () => {
  it('stores a buffer and reads it back as a stream with its size', async () => {
    await storage.put('101/a.txt', Buffer.from('hello'), { contentType: 'text/plain' });
    const object = await storage.get('101/a.txt');
    expect(object?.size).toBe(5);
    expect((await bytesOf(object)).toString()).toBe('hello');
    expect(await readFile(path.join(root, 'uploads/101/a.txt'), 'utf8')).toBe('hello');
  });

  it('stores a stream', async () => {
    const chunks = Array.from({ length: 50 }, (_, i) => Buffer.alloc(10_000, i));
    await storage.put('global/big.bin', Readable.from(chunks), { contentType: 'application/octet-stream' });
    const object = await storage.get('global/big.bin');
    expect(object?.size).toBe(500_000);
    expect((await bytesOf(object)).equals(Buffer.concat(chunks))).toBe(true);
  });

  it('replaces an object whole', async () => {
    await storage.put('k', Buffer.from('first version'), { contentType: 'text/plain' });
    await storage.put('k', Buffer.from('second'), { contentType: 'text/plain' });
    expect((await bytesOf(await storage.get('k'))).toString()).toBe('second');
  });

  it('a reader that opened the old object keeps reading it while a new one replaces it', async () => {
    await storage.put('k', Buffer.alloc(100_000, 1), { contentType: 'x' });
    const old = await storage.get('k');
    await storage.put('k', Buffer.alloc(10, 2), { contentType: 'x' });
    expect((await bytesOf(old)).equals(Buffer.alloc(100_000, 1))).toBe(true);
    expect((await bytesOf(await storage.get('k'))).equals(Buffer.alloc(10, 2))).toBe(true);
  });

  it('a failed stream leaves neither the key nor a temporary file, and keeps the previous object', async () => {
    await storage.put('101/doc.pdf', Buffer.from('previous'), { contentType: 'application/pdf' });
    async function* failing() {
      yield Buffer.from('partial ');
      throw new Error('client went away');
    }
    await expect(storage.put('101/doc.pdf', Readable.from(failing()), { contentType: 'application/pdf' })).rejects.toThrow('client went away');
    await expect(storage.put('101/new.pdf', Readable.from(failing()), { contentType: 'application/pdf' })).rejects.toThrow('client went away');
    expect(await filesUnder(path.join(root, 'uploads'))).toEqual(['101/doc.pdf']);
    expect((await bytesOf(await storage.get('101/doc.pdf'))).toString()).toBe('previous');
    expect(await storage.exists('101/new.pdf')).toBe(false);
  });

  it('answers null, false and nothing for a missing key', async () => {
    expect(await storage.get('101/none.png')).toBeNull();
    expect(await storage.exists('101/none.png')).toBe(false);
    await expect(storage.delete('101/none.png')).resolves.toBeUndefined();
  });

  it('deletes', async () => {
    await storage.put('101/x', Buffer.from('x'), { contentType: 'x' });
    expect(await storage.exists('101/x')).toBe(true);
    await storage.delete('101/x');
    expect(await storage.exists('101/x')).toBe(false);
    expect(await storage.get('101/x')).toBeNull();
  });

  it('a folder is not an object', async () => {
    await storage.put('101/x', Buffer.from('x'), { contentType: 'x' });
    expect(await storage.exists('101')).toBe(false);
    expect(await storage.get('101')).toBeNull();
  });

  it('refuses unsafe keys in every operation, so nothing outside its folder is touched', async () => {
    await writeFile(path.join(root, 'secret.txt'), 'secret');
    await mkdir(path.join(root, 'uploads'), { recursive: true });
    const attempts = ['../secret.txt', '101/../../secret.txt', '/etc/passwd', '.tmp-x'];
    for (const key of attempts) {
      await expect(storage.put(key, Buffer.from('x'), { contentType: 'x' })).rejects.toThrow(StorageKeyError);
      await expect(storage.get(key)).rejects.toThrow(StorageKeyError);
      await expect(storage.exists(key)).rejects.toThrow(StorageKeyError);
      await expect(storage.delete(key)).rejects.toThrow(StorageKeyError);
    }
    expect(await readFile(path.join(root, 'secret.txt'), 'utf8')).toBe('secret');
    expect(await filesUnder(path.join(root, 'uploads'))).toEqual([]);
  });
});
