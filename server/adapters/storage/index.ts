import type { Readable } from 'node:stream';
import type { StorageConfig } from '../../config';

/**
 * Where uploaded files live (docs/DEPLOY.md "Files"): one interface, two drivers chosen by configuration — a folder
 * on this machine (`local.ts`, the default) or any S3-compatible bucket (`s3.ts`: AWS S3, MinIO, Ceph, Cloudflare
 * R2…). Both pass the same tests (tests/server/storage.test.ts).
 *
 * A file is addressed by a key: segments of letters, digits, `.`, `_` and `-` joined by `/`, none starting with a
 * dot (so no `..`, no hidden name, no empty segment), at most MAX_KEY_LENGTH characters. Any other key is refused
 * with a StorageKeyError before a driver sees it: keys are never escaped, so a key names the same file on every
 * driver and in a backup. A key is never also the folder of other keys (`a` and `a/b`): on disk a folder cannot be
 * a file.
 *
 * The routes and services use this through the file layer (`files.ts`: images checked and re-encoded, generated
 * names, the keys `<folder>/<name>` and `<folder>/thumbs/<name>`).
 */
export interface ObjectStorage {
  /** which driver this is */
  readonly driver: 'local' | 's3';
  /** where, for the start-up line and the logs; never a credential */
  readonly description: string;
  /** Stores bytes under a key, replacing what was there; a reader sees the old file or the new one, never a part. */
  put(key: string, body: Buffer, options: { contentType: string }): Promise<void>;
  /** The file as a stream with its size; null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes a file; removing a missing one is not an error (so a removal can be run again). */
  delete(key: string): Promise<void>;
  /** Every file whose key starts with the prefix ('' for all), in no promised order. */
  list(prefix: string): AsyncIterable<ListedObject>;
  /** Whether files can be stored now: the bucket is reachable, or the folder writable. Never throws. */
  ready(): Promise<Readiness>;
  /** Lets go of connections (the app's onClose). */
  close(): Promise<void>;
}

export interface StoredObject {
  body: Readable;
  size: number;
}

export interface ListedObject {
  key: string;
  size: number;
}

export type Readiness = { ok: true } | { ok: false; reason: string };

/** The driver the configuration names (server/config.ts); the S3 client is loaded only when it is used. */
export async function createStorage(config: StorageConfig): Promise<ObjectStorage> {
  if (config.driver === 's3') {
    const { createS3Storage } = await import('./s3');
    return createS3Storage(config);
  }
  const { createLocalStorage } = await import('./local');
  return createLocalStorage(config.dir);
}

export { checkKey, checkPrefix, MAX_KEY_LENGTH, StorageKeyError } from './keys';
export { createFileStorage, fileKeys, mimeOf, type FileStorage, type StoredFile } from './files';
