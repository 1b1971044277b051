import { USER_TYPE } from '../domain/codes';
import type { SessionUserOut } from '../domain/schemas/users';

/**
 * The signed-in session kept in localStorage: the bearer token and the user
 * as the server last described it (docs/API.md "User object"; the contract is
 * domain/schemas/users.ts `sessionUserOut`). What the console relies on is
 * required; the rest of the contract may be missing from a session saved by
 * an older console.
 */
export type SessionUser = Pick<SessionUserOut, 'id' | 'name' | 'email' | 'type' | 'roles' | 'permissions'> &
  Partial<SessionUserOut>;

const TOKEN_KEY = 'neomi.token';
const USER_KEY = 'neomi.user';
/** A flag 1 marks a signed-in session (docs/PRODUCT.md §4 "Session"). */
const FLAG_KEY = 'neomi.loggedIn';

const storage = (): Storage | undefined => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};

export const getToken = (): string | null => storage()?.getItem(TOKEN_KEY) ?? null;

export const getSessionUser = (): SessionUser | null => {
  const raw = storage()?.getItem(USER_KEY);
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as SessionUser;
    return { ...user, roles: user.roles ?? [], permissions: user.permissions ?? [] };
  } catch {
    return null;
  }
};

export const saveSession = (token: string, user: SessionUser): void => {
  const s = storage();
  s?.setItem(TOKEN_KEY, token);
  s?.setItem(USER_KEY, JSON.stringify(user));
  s?.setItem(FLAG_KEY, '1');
};

export const saveSessionUser = (user: SessionUser): void => {
  storage()?.setItem(USER_KEY, JSON.stringify(user));
};

/** The Cache Storage of the exam's answers kept for the test offline (src/examCache.ts). */
export const EXAM_CACHE = 'neomi-exam';

/**
 * Deletes the exam's answers kept on the device (the questions, figures and tests read by the session that ends).
 * Stages not yet sent stay in their own queue, bound to the account that took them
 * (custom-pages/exam-taking/offlineQueue.ts; docs/api/exams.md "The exam offline").
 */
export const forgetExamCache = async (): Promise<void> => {
  try {
    if (typeof caches !== 'undefined') await caches.delete(EXAM_CACHE);
  } catch {
    // storage blocked: nothing kept there either
  }
};

export const clearSession = (): void => {
  const s = storage();
  s?.removeItem(TOKEN_KEY);
  s?.removeItem(USER_KEY);
  s?.removeItem(FLAG_KEY);
  void forgetExamCache();
};

/** What a shared device keeps for the next person: the language chosen on it (i18n/locales.ts). */
const KEPT_KEYS = new Set(['neomi.locale']);

/** Whether the session on this device is a guest test-taker's (docs/SECURITY.md "Guest sessions"). */
export const isGuestSession = (): boolean => getSessionUser()?.type === USER_TYPE.guest;

/**
 * Leaves a shared device ready for the next child: everything this site kept
 * in the browser's storage (the session, report links, react-admin's store,
 * the exam's answers kept for the test offline) removed, but the device's language.
 */
export const clearDevice = (): void => {
  void forgetExamCache();
  const s = storage();
  if (s)
    for (const key of Object.keys(s)) {
      if (!KEPT_KEYS.has(key)) s.removeItem(key);
    }
  try {
    window.sessionStorage.clear();
  } catch {
    // storage blocked: nothing kept there either
  }
};
