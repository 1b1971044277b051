import { HttpError } from 'react-admin';
import { EXAM_CACHE, getToken } from './session';

/**
 * The exam's answers from the API kept on the device, so that a test opened
 * online can be taken to its end with the network gone, and reopened (docs/api/exams.md
 * "The exam offline"): the questions of the three challenges, their figures, the learner's
 * tests. Kept in the browser's Cache Storage under one name, each entry under
 * the session it was read with (a hash of the token: another session never reads
 * it), and deleted when the session ends (session.ts clearSession, clearDevice).
 * Nothing else of the API is kept (the service worker keeps no /api answer).
 */
export { EXAM_CACHE };

/** The time an entry was read from the server (this device's clock), to age what it says about the timer. */
const SAVED_AT = 'x-neomi-saved-at';

const cacheStorage = (): CacheStorage | null => (typeof caches === 'undefined' ? null : caches);

/** A short tag of the session's token; null without a session or outside a secure context (no offline test then). */
async function sessionTag(): Promise<string | null> {
  const token = getToken();
  if (!token || typeof crypto === 'undefined' || !crypto.subtle) return null;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest).slice(0, 12), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The entry's address: same origin, never a real route (the server answers nothing there). */
const entryUrl = (tag: string, name: string) =>
  new URL(`/__exam-cache/${tag}/${encodeURIComponent(name)}`, window.location.origin).toString();

/** No answer at all (no network, server down) as opposed to an answer saying no. */
export const isUnreachable = (error: unknown): boolean =>
  error instanceof HttpError ? error.status === 0 || error.status >= 502 : !(error instanceof DOMException);

async function put(name: string, body: Blob | string, type: string, savedAt = Date.now()): Promise<void> {
  const store = cacheStorage();
  const tag = await sessionTag();
  if (!store || !tag) return;
  try {
    const cache = await store.open(EXAM_CACHE);
    await cache.put(
      entryUrl(tag, name),
      new Response(body, { headers: { 'content-type': type, [SAVED_AT]: String(savedAt) } }),
    );
  } catch {
    // storage full or refused: the test still works online
  }
}

async function read(name: string): Promise<Response | null> {
  const store = cacheStorage();
  const tag = await sessionTag();
  if (!store || !tag) return null;
  try {
    return (await (await store.open(EXAM_CACHE)).match(entryUrl(tag, name))) ?? null;
  } catch {
    return null;
  }
}

/** Keeps a value read from the server (or changed on the device: a test started offline) under `name`. */
export const keepJson = (name: string, value: unknown, savedAt?: number): Promise<void> =>
  put(name, JSON.stringify(value), 'application/json', savedAt);

/** A value kept under `name`, with the time it was read; null when none. */
export async function keptJson<T>(name: string): Promise<{ value: T; savedAt: number } | null> {
  const response = await read(name);
  if (!response) return null;
  try {
    return { value: (await response.json()) as T, savedAt: Number(response.headers.get(SAVED_AT)) || Date.now() };
  } catch {
    return null;
  }
}

/**
 * A call whose answer the exam needs offline: its answer, kept; when the server cannot be reached, the answer kept
 * last (with `savedAt`, the time it was read); the error when none was kept or the server said no.
 */
export async function cachedCall<T>(
  name: string,
  call: () => Promise<T>,
): Promise<{ value: T; savedAt: number | null }> {
  try {
    const value = await call();
    await keepJson(name, value);
    return { value, savedAt: null };
  } catch (error) {
    if (!isUnreachable(error)) throw error;
    const kept = await keptJson<T>(name);
    if (!kept) throw error;
    return kept;
  }
}

/** Keeps an image or model of the test (its API path, e.g. /exam/files/12) for the test offline. */
export const keepBlob = (path: string, blob: Blob): Promise<void> =>
  put(`file:${path}`, blob, blob.type || 'application/octet-stream');

/** The image kept for `path`, or null. */
export async function keptBlob(path: string): Promise<Blob | null> {
  const response = await read(`file:${path}`);
  return response ? response.blob() : null;
}
