import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { type Storage, type StoredObject, assertStorageKey } from './storage';

const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);
const isMissing = (error: unknown) => MISSING.has((error as NodeJS.ErrnoException).code ?? '');

/**
 * Files in a folder (DATA_DIR/uploads), one file per key. A write goes to a hidden temporary file in
 * the key's folder, is flushed to disk, then renamed over the key: readers see the old object or the
 * new one, never a partial file. Temporary names start with '.', which no key can (see isStorageKey).
 */
export function createLocalStorage(root: string): Storage {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    assertStorageKey(key);
    const file = path.join(base, ...key.split('/'));
    // isStorageKey already rules out every way out of the folder; this keeps it true if that rule ever loosens.
    if (!file.startsWith(base + path.sep)) throw new Error(`Storage key escapes the store: ${key}`);
    return file;
  };

  return {
    kind: 'local',

    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = path.join(path.dirname(file), `.tmp-${randomBytes(8).toString('hex')}`);
      const handle = await open(temp, 'wx', 0o640);
      try {
        if (Buffer.isBuffer(body)) await handle.writeFile(body);
        else for await (const chunk of body) await handle.write(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
        await handle.sync();
        await handle.close();
        await rename(temp, file);
      } catch (error) {
        await handle.close().catch(() => {});
        await rm(temp, { force: true });
        throw error;
      }
    },

    async get(key): Promise<StoredObject | null> {
      const file = fileOf(key);
      try {
        const handle = await open(file, 'r');
        const info = await handle.stat();
        if (!info.isFile()) {
          await handle.close();
          return null;
        }
        // Read through the open handle: a concurrent replacement (rename) cannot change what this reader sees.
        return { body: handle.createReadStream(), size: info.size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      try {
        await unlink(fileOf(key));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },

    async exists(key) {
      try {
        return (await stat(fileOf(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}
