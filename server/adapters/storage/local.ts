import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ListedObject, ObjectStorage } from './index';
import { checkKey, checkPrefix } from './keys';

/** The errors that mean "no such file" (a missing folder on the way, or a folder where a file was asked for). */
const isMissing = (error: unknown) =>
  ['ENOENT', 'ENOTDIR', 'EISDIR', 'ERR_FS_EISDIR'].includes((error as NodeJS.ErrnoException)?.code ?? '');

/** A name no key can have (keys' segments never start with a dot): files being written, and the readiness probe. */
const hiddenName = (name: string) => `.${name}.${randomBytes(8).toString('hex')}.tmp`;

/**
 * Files in a folder on this machine (the default: DATA_DIR/uploads), a key's segments as folders: `photos/abc.png`
 * is `<root>/photos/abc.png`, the layout the uploads have always had. A file is written beside its place under a
 * hidden name and renamed into it, so a reader sees the whole old file or the whole new one. Only this machine sees
 * the folder: several API servers need the S3 driver (docs/DEPLOY.md "Files").
 */
export function createLocalStorage(folder: string): ObjectStorage {
  const root = path.resolve(folder);
  const fileOf = (key: string) => path.join(root, ...checkKey(key).split('/'));

  /** The files under the folder `dir` (a key ending in `/`, or '' for the root) whose keys start with prefix. */
  async function* walk(dir: string, prefix: string): AsyncGenerator<ListedObject> {
    let entries;
    try {
      entries = await fs.readdir(path.join(root, ...dir.split('/').filter(Boolean)), { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue; // a write in progress, or the probe
      const key = dir + entry.name;
      if (entry.isDirectory()) {
        const sub = `${key}/`;
        if (sub.startsWith(prefix) || prefix.startsWith(sub)) yield* walk(sub, prefix);
      } else if (entry.isFile() && key.startsWith(prefix)) {
        try {
          yield { key, size: (await fs.stat(path.join(root, ...key.split('/')))).size };
        } catch (error) {
          if (!isMissing(error)) throw error; // else removed while listing
        }
      }
    }
  }

  return {
    driver: 'local',
    description: `local folder ${root}`,

    async put(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temp = path.join(path.dirname(file), hiddenName(path.basename(file)));
      try {
        await fs.writeFile(temp, body, { flag: 'wx' });
        await fs.rename(temp, file);
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      }
    },

    async get(key) {
      let handle;
      try {
        handle = await fs.open(fileOf(key), 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) {
          await handle.close();
          return null;
        }
        // read from the handle opened above: a file replaced or removed meanwhile is still read whole
        return { body: handle.createReadStream(), size: stat.size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async delete(key) {
      try {
        await fs.unlink(fileOf(key));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },

    async *list(prefix) {
      checkPrefix(prefix);
      yield* walk(prefix.slice(0, prefix.lastIndexOf('/') + 1), prefix);
    },

    async ready() {
      const probe = path.join(root, hiddenName('ready'));
      try {
        await fs.mkdir(root, { recursive: true });
        await fs.writeFile(probe, '', { flag: 'wx' });
        await fs.rm(probe, { force: true });
        return { ok: true };
      } catch (error) {
        return { ok: false, reason: `folder not writable (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
      }
    },

    async close() {},
  };
}
