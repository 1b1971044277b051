import type { AuthProvider, HttpError } from 'react-admin';
import { apiBlob, apiFetch } from './http';
import { type SessionUser, clearSession, getSessionUser, getToken, saveSession, saveSessionUser } from './session';

/**
 * Sign-in state for react-admin: the bearer token and user in localStorage
 * (session.ts), permission names reloaded from GET /api/me whenever
 * react-admin asks for them (the layout asks on every route change).
 */
interface SessionAnswer {
  user: SessionUser;
  access_token: string;
}

export interface LoginParams {
  email: string;
  password: string;
  /** the solved challenge, asked for after many failed sign-ins to the account (app.errors.challengeRequired) */
  captcha?: string;
}

const start = (answer: SessionAnswer): SessionUser => {
  saveSession(answer.access_token, answer.user);
  return answer.user;
};

const statusOf = (error: unknown): number | undefined => (error as HttpError | undefined)?.status;

/**
 * The top bar's avatar: photos are served only with the bearer token (an <img> alone gets 401),
 * so the signed-in user's photo is fetched once and shown from an object URL. Undefined when it
 * cannot be read: react-admin then shows its icon.
 */
const photoUrls = new Map<string, string>();
const photoObjectUrl = async (photo: string): Promise<string | undefined> => {
  const known = photoUrls.get(photo);
  if (known) return known;
  try {
    const url = URL.createObjectURL(await apiBlob(photo.replace(/^\/api/, '')));
    photoUrls.set(photo, url);
    return url;
  } catch {
    return undefined;
  }
};

export const authProvider: AuthProvider = {
  login: async ({ email, password, captcha }: LoginParams) => {
    const body = { email: email.trim(), password, ...(captcha ? { captcha } : {}) };
    start(await apiFetch<SessionAnswer>('/login', { method: 'POST', body }));
  },

  /** Family or teacher sign-up: signed in at once (docs/API.md). */
  register: async (payload: Record<string, unknown>) =>
    start(await apiFetch<SessionAnswer>('/register', { method: 'POST', body: payload })),

  logout: async () => {
    if (getToken()) {
      try {
        await apiFetch('/logout', { method: 'POST' });
      } catch {
        // an expired or revoked token: nothing to revoke
      }
    }
    clearSession();
  },

  checkAuth: async () => {
    if (!getToken()) throw new Error('app.errors.unauthenticated');
  },

  checkError: async (error: unknown) => {
    const status = statusOf(error);
    if (status === 401) {
      clearSession();
      throw { message: 'app.errors.unauthenticated' };
    }
    const body = (error as HttpError | undefined)?.body as { message?: string } | undefined;
    if (status === 404 && !body?.message) {
      throw { logoutUser: false, redirectTo: '/404', message: false };
    }
  },

  getIdentity: async () => {
    const user = getSessionUser();
    if (!user) throw new Error('app.errors.unauthenticated');
    const avatar = user.photo ? await photoObjectUrl(user.photo) : undefined;
    return { id: user.id, fullName: user.name, avatar, gender: user.gender, type: user.type, roles: user.roles };
  },

  /** The user's permission names, fresh from GET /api/me. */
  getPermissions: async () => {
    if (!getToken()) return [];
    const { user } = await apiFetch<{ user: SessionUser }>('/me');
    saveSessionUser(user);
    return user.permissions ?? [];
  },
};
