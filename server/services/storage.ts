import fs from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { randomToken } from './secrets';
import { AppError } from '../errors';

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export interface FileStorage {
  /** Stores an image under a generated name after checking its magic bytes; returns the name. */
  saveImage(folder: string, data: Buffer): Promise<string>;
  read(folder: string, name: string): Promise<{ data: Buffer; mime: string } | null>;
  remove(folder: string, name: string): Promise<void>;
}

const SAFE_NAME = /^[A-Za-z0-9_-]{20,64}\.(png|jpg|gif|webp)$/;
const MIME_BY_EXT: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/** Files in a local folder (DATA_DIR/uploads), under generated unguessable names. */
export function createLocalStorage(root: string): FileStorage {
  const file = (folder: string, name: string) => path.join(root, folder, name);
  return {
    async saveImage(folder, data) {
      const type = await fileTypeFromBuffer(data);
      if (!type || !IMAGE_TYPES.has(type.mime)) throw new AppError(400, 'app.errors.badRequest', { image: 'app.validation.invalidImage' });
      const name = `${randomToken(24)}.${type.ext === 'jpg' ? 'jpg' : type.ext}`;
      await fs.mkdir(path.join(root, folder), { recursive: true });
      await fs.writeFile(file(folder, name), data);
      return name;
    },
    async read(folder, name) {
      if (!SAFE_NAME.test(name)) return null;
      try {
        const data = await fs.readFile(file(folder, name));
        return { data, mime: MIME_BY_EXT[name.split('.').pop()!] };
      } catch {
        return null;
      }
    },
    async remove(folder, name) {
      if (SAFE_NAME.test(name)) await fs.rm(file(folder, name), { force: true });
    },
  };
}
