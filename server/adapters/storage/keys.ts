/** The key rule of the storage drivers (index.ts). */

export const MAX_KEY_LENGTH = 512;
/**
 * A segment starts with anything but a dot (so no `.` or `..`, no hidden name: the local driver's files in progress
 * are hidden names), then letters, digits, `.`, `_` and `-`. Generated names (server/services/secrets.ts
 * randomToken, base64url) may start with `_` or `-`.
 */
const SEGMENT = '[A-Za-z0-9_-][A-Za-z0-9._-]*';
const KEY = new RegExp(`^${SEGMENT}(/${SEGMENT})*$`);
const PREFIX = new RegExp(`^(${SEGMENT}/)*(${SEGMENT})?$`);

/** A key or prefix outside the rule of index.ts: a programming error, never a user's input. */
export class StorageKeyError extends Error {
  constructor(what: 'key' | 'prefix', value: string) {
    super(`bad storage ${what} ${JSON.stringify(String(value).slice(0, 80))}`);
    this.name = 'StorageKeyError';
  }
}

export function checkKey(key: string): string {
  if (typeof key !== 'string' || key.length > MAX_KEY_LENGTH || !KEY.test(key)) throw new StorageKeyError('key', key);
  return key;
}

/** A prefix is '' (everything), a key, or a key's beginning ending with `/`. */
export function checkPrefix(prefix: string): string {
  if (typeof prefix !== 'string' || prefix.length > MAX_KEY_LENGTH || !PREFIX.test(prefix))
    throw new StorageKeyError('prefix', prefix);
  return prefix;
}
