import fs from 'node:fs/promises';
import path from 'node:path';
import { randomToken } from '../services/secrets';
import { prepareImage } from '../services/images';

/**
 * One storage interface for uploaded files (docs/ARCHITECTURE.md §6 "Uploaded files"): a local folder by
 * default. Files are kept under generated names; a route that serves one
 * checks first that the caller may see the record it belongs to.
 */
export interface FileStorage {
  /**
   * Checks an image by its bytes, re-encodes it without metadata, stores it
   * and its thumbnail under a generated name; returns the name. 415 for
   * anything else, and nothing is stored.
   */
  saveImage(folder: string, data: Buffer): Promise<string>;
  /** Stores bytes already checked by the caller under a generated name with this extension. */
  saveFile(folder: string, data: Buffer, ext: string): Promise<string>;
  /** A stored file, or its thumbnail (images only); null when there is none. */
  read(folder: string, name: string, variant?: 'thumb'): Promise<StoredFile | null>;
  remove(folder: string, name: string): Promise<void>;
  /** Throws when the storage cannot be written to (GET /api/ready). */
  check(): Promise<void>;
}

export interface StoredFile {
  data: Buffer;
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
const SAFE_NAME = new RegExp(`^[A-Za-z0-9_-]{20,64}\\.(${Object.keys(MIME_BY_EXT).join('|')})$`);
const SAFE_FOLDER = /^[a-z][a-z0-9-]{0,40}$/;

export const mimeOf = (name: string): string => MIME_BY_EXT[name.split('.').pop() ?? ''] ?? 'application/octet-stream';

/** Files in a local folder (DATA_DIR/uploads/<folder>/), thumbnails in <folder>/thumbs/. */
export function createLocalStorage(root: string): FileStorage {
  const dir = (folder: string, variant?: 'thumb') => {
    if (!SAFE_FOLDER.test(folder)) throw new Error(`bad storage folder ${folder}`);
    return variant ? path.join(root, folder, 'thumbs') : path.join(root, folder);
  };
  const write = async (folder: string, name: string, data: Buffer, variant?: 'thumb') => {
    await fs.mkdir(dir(folder, variant), { recursive: true });
    await fs.writeFile(path.join(dir(folder, variant), name), data);
  };
  return {
    async saveImage(folder, data) {
      const image = await prepareImage(data);
      const name = `${randomToken(24)}.${image.ext}`;
      await write(folder, name, image.thumb, 'thumb');
      await write(folder, name, image.data);
      return name;
    },
    async saveFile(folder, data, ext) {
      if (!(ext in MIME_BY_EXT)) throw new Error(`unknown file type ${ext}`);
      const name = `${randomToken(24)}.${ext}`;
      await write(folder, name, data);
      return name;
    },
    async read(folder, name, variant) {
      if (!SAFE_NAME.test(name)) return null;
      try {
        return { data: await fs.readFile(path.join(dir(folder, variant), name)), mime: mimeOf(name) };
      } catch {
        return null;
      }
    },
    async remove(folder, name) {
      if (!SAFE_NAME.test(name)) return;
      await fs.rm(path.join(dir(folder), name), { force: true });
      await fs.rm(path.join(dir(folder, 'thumb'), name), { force: true });
    },
    async check() {
      await fs.mkdir(root, { recursive: true });
      await fs.access(root, fs.constants.W_OK);
    },
  };
}
