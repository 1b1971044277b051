import { useMemo } from 'react';
import { useLocaleState, useNavigate, useNotify, useTranslate } from 'react-admin';
import { useSignIn } from '../../hooks/useSignIn';
import { DEFAULT_LOCALE, normaliseLocale } from '../../i18n/locales';
import { type SignInEnv, SignInEnvContext } from '../../signin/env';
import { SignInPage } from '../../signin/SignInPage';

/**
 * /login inside react-admin (the console and the public app mount it after a logout, an expired session or a link):
 * the sign-in page of src/signin/ with what it needs read from react-admin's hooks (translate, locale,
 * notifications, the router and the location state that says where to come back to). A first visit to /login
 * starts the light sign-in app instead (src/signin/SignInApp.tsx), which needs none of react-admin.
 */
const LoginPage = () => {
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
      navigate: (to) => navigate(to),
    }),
    [translate, locale, setLocale, notify, navigate, signIn],
  );
  return (
    <SignInEnvContext value={env}>
      <SignInPage />
    </SignInEnvContext>
  );
};

export default LoginPage;
