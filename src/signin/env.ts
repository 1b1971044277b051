import { createContext, useContext } from 'react';
import type { AppLocale } from '../i18n/locales';

/** The i18nProvider's translate: a message key and its arguments (`_`: the text when the key is unknown). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface NotifyOptions {
  type?: 'info' | 'success' | 'warning' | 'error';
  messageArgs?: Record<string, unknown>;
}

/**
 * What the light public pages (src/signin/: sign-in, sign-up, password reset, 404) need from the app around them, and
 * nothing of react-admin's: the light app (LightApp.tsx) provides it from the i18n module, its own notification and
 * the browser's history; inside react-admin (the console and the other public pages mount these pages too,
 * custom-pages/login/adminEnv.tsx) it is read from react-admin's hooks. Both use the same i18nProvider, session store
 * (session.ts) and API client (http.ts), so a page behaves the same in either.
 */
export interface SignInEnv {
  translate: Translate;
  locale: AppLocale;
  changeLocale: (locale: AppLocale) => void;
  /** a message for the user (a failed call's, translated on display with `messageArgs`) */
  notify: (message: string, options?: NotifyOptions) => void;
  /** a session has started: to the address it was sent away from (react-admin's location state), else `fallback` */
  signedIn: (fallback: string) => Promise<void>;
  /**
   * follows a link to another address of the console; `replace`: in place of the current history entry; `state`: the
   * entry's location state (react-router's, read there with useLocation().state)
   */
  navigate: (to: string, options?: { replace?: boolean; state?: LocationState }) => void;
}

/** What a history entry carries for the page (react-router keeps it in the entry's `usr`). */
export type LocationState = Record<string, unknown>;

/** The location state of the current history entry, as react-router keeps it (`usr`); null on the server. */
export const locationState = (): LocationState | null =>
  typeof window === 'undefined' ? null : ((window.history.state as { usr?: LocationState } | null)?.usr ?? null);

export const SignInEnvContext = createContext<SignInEnv | null>(null);

export const useSignInEnv = (): SignInEnv => {
  const env = useContext(SignInEnvContext);
  if (!env) throw new Error('useSignInEnv: outside SignInEnvContext');
  return env;
};

/** Pages a signed-in user is never sent back to. */
const PUBLIC_PATHS = ['/login', '/logout', '/register', '/reset-password', '/404'];

/** react-admin's location state when it sent the user to /login: the address asked for, to come back to. */
export interface ComeBack {
  nextPathname?: string;
  nextSearch?: string;
}

/** Where a new session goes: the address in `state` unless it is `/` or a public page, else `fallback`. */
export const addressAfterSignIn = (state: ComeBack | null | undefined, fallback: string): string => {
  const next = state?.nextPathname;
  const usable = next && next !== '/' && !PUBLIC_PATHS.some((p) => next === p || next.startsWith(`${p}/`));
  return usable ? `${next}${state?.nextSearch ?? ''}` : fallback;
};
