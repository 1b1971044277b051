import type { Readable } from 'node:stream';
import { randomToken } from '../../services/secrets';
import { prepareImage } from '../../services/images';
import type { ObjectStorage } from './index';

/**
 * The uploaded files of the product on top of a storage driver (index.ts; docs/ARCHITECTURE.md §6 "Uploaded
 * files"): images checked by their bytes and re-encoded with a thumbnail, other files under generated names. A file
 * is referenced by the database row it belongs to (users.photo, children.image, activities.image,
 * lesson_images.name, courses.image, exam_files.name with its kind), which holds its name; its folder follows from
 * the table. Its keys are `<folder>/<name>` and, for an image, `<folder>/thumbs/<name>` — the layout DATA_DIR/uploads
 * has always had, so files stored before the drivers existed read as they are. A route that serves one checks first
 * that the caller may see the record it belongs to.
 */
export interface FileStorage {
  /** the driver underneath (readiness, backups, the removal of a person's files by their keys) */
  readonly objects: ObjectStorage;
  /**
   * Checks an image by its bytes, re-encodes it without metadata, stores it
   * and its thumbnail under a generated name; returns the name. 415 for
   * anything else, and nothing is stored.
   */
  saveImage(folder: string, data: Buffer, options?: { maxSide?: number }): Promise<string>;
  /** Stores bytes already checked by the caller under a generated name with this extension. */
  saveFile(folder: string, data: Buffer, ext: string): Promise<string>;
  /** A stored file, or its thumbnail (images only), as a stream with its size; null when there is none. */
  read(folder: string, name: string, variant?: 'thumb'): Promise<StoredFile | null>;
  /** Removes a file and its thumbnail; a missing one is no error. */
  remove(folder: string, name: string): Promise<void>;
}

export interface StoredFile {
  /** a stream from the driver, or bytes made on the spot (the demo's figures: server/services/sampleFigures.ts) */
  body: Readable | Buffer;
  size: number;
  mime: string;
}

const MIME_BY_EXT: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  glb: 'model/gltf-binary',
  gltf: 'model/gltf+json',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
/** the extensions saveImage writes, the files that have a thumbnail */
const IMAGE_EXT = new Set(['png', 'jpg', 'gif', 'webp']);
const SAFE_NAME = new RegExp(`^[A-Za-z0-9_-]{20,64}\\.(${Object.keys(MIME_BY_EXT).join('|')})$`);
const SAFE_FOLDER = /^[a-z][a-z0-9-]{0,40}$/;

export const mimeOf = (name: string): string => MIME_BY_EXT[name.split('.').pop() ?? ''] ?? 'application/octet-stream';

/** The key of a file or of its thumbnail. */
const keyOf = (folder: string, name: string, variant?: 'thumb') => {
  if (!SAFE_FOLDER.test(folder)) throw new Error(`bad storage folder ${folder}`);
  return variant ? `${folder}/thumbs/${name}` : `${folder}/${name}`;
};

/**
 * The storage keys of a file named in a row: the file's, and its thumbnail's for an image. None for a name this layer
 * never gives (nothing of ours is stored under it).
 */
export function fileKeys(folder: string, name: string): string[] {
  if (!SAFE_NAME.test(name)) return [];
  const ext = name.slice(name.lastIndexOf('.') + 1);
  return IMAGE_EXT.has(ext) ? [keyOf(folder, name), keyOf(folder, name, 'thumb')] : [keyOf(folder, name)];
}

export function createFileStorage(objects: ObjectStorage): FileStorage {
  const put = (key: string, data: Buffer) => objects.put(key, data, { contentType: mimeOf(key) });
  return {
    objects,
    async saveImage(folder, data, options) {
      const image = await prepareImage(data, options);
      const name = `${randomToken(24)}.${image.ext}`;
      // the thumbnail first: a file whose row exists always has its thumbnail
      await put(keyOf(folder, name, 'thumb'), image.thumb);
      await put(keyOf(folder, name), image.data);
      return name;
    },
    async saveFile(folder, data, ext) {
      if (!(ext in MIME_BY_EXT)) throw new Error(`unknown file type ${ext}`);
      const name = `${randomToken(24)}.${ext}`;
      await put(keyOf(folder, name), data);
      return name;
    },
    async read(folder, name, variant) {
      if (!SAFE_NAME.test(name)) return null;
      const stored = await objects.get(keyOf(folder, name, variant));
      return stored && { body: stored.body, size: stored.size, mime: mimeOf(name) };
    },
    async remove(folder, name) {
      await Promise.all(fileKeys(folder, name).map((key) => objects.delete(key)));
    },
  };
}
