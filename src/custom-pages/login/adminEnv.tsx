import { type ReactNode, useMemo } from 'react';
import { useLocaleState, useNavigate, useNotify, useTranslate } from 'react-admin';
import { useSignIn } from '../../hooks/useSignIn';
import { DEFAULT_LOCALE, normaliseLocale } from '../../i18n/locales';
import { type SignInEnv, SignInEnvContext } from '../../signin/env';

/**
 * A light public page (src/signin/: sign-in, sign-up, password reset, 404) inside react-admin (the console and the
 * public app mount them after a logout, an expired session or a link from another page): what the page needs read
 * from react-admin's hooks (translate, locale, notifications, the router and the location state that says where to
 * come back to). A first visit to one of these addresses starts the light app instead (src/signin/LightApp.tsx),
 * which needs none of react-admin.
 */
export const InReactAdmin = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  const [locale, setLocale] = useLocaleState();
  const notify = useNotify();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const env = useMemo<SignInEnv>(
    () => ({
      translate,
      locale: normaliseLocale(locale) ?? DEFAULT_LOCALE,
      changeLocale: setLocale,
      notify,
      signedIn: (fallback) => signIn(async () => undefined, fallback),
      navigate: (to, options) => navigate(to, { replace: options?.replace, state: options?.state }),
    }),
    [translate, locale, setLocale, notify, navigate, signIn],
  );
  return <SignInEnvContext value={env}>{children}</SignInEnvContext>;
};
