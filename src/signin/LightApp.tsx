import { Suspense, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Box, CircularProgress, CssBaseline, Snackbar, ThemeProvider, createTheme } from '@mui/material';
import type { I18nProvider } from 'ra-core';
import { NOTIFICATION_TIMEOUT_MS } from '../../domain/codes';
import { useAppReadyMark } from '../appReady';
import { currentLocale, currentMessagesVersion, needAreas, subscribeLocale, subscribeMessages } from '../i18n';
import { directionOf } from '../i18n/locales';
import { type LightPath, isLightPath, lightPathOf, publicAreasOf } from '../publicPaths';
import { localisedTheme } from '../theme';
import { StyleCache } from '../styleCache';
import {
  type ComeBack,
  type NotifyOptions,
  type SignInEnv,
  type Translate,
  SignInEnvContext,
  addressAfterSignIn,
  locationState,
} from './env';
import { LanguageMenu } from './LanguageMenu';
import { LightPageBoundary } from './LightPageBoundary';
import {
  GuestRegisterPage,
  GuestReportPage,
  NotFoundPage,
  OrderKitPage,
  RegisterPage,
  ResetPasswordPage,
} from './lightPages';
import { SignInPage } from './SignInPage';

interface Notice {
  message: string;
  type: NonNullable<NotifyOptions['type']>;
  args?: Record<string, unknown>;
  /** each notice is shown afresh, even with the same text */
  id: number;
}

/**
 * A translate function of its own for each locale and message set: what memoises on it (the challenge's texts)
 * translates again when either changes.
 */
const translatorOf =
  (i18nProvider: I18nProvider, _locale: string, _messagesVersion: number): Translate =>
  (key, options) =>
    i18nProvider.translate(key, options);

/** react-admin's "come back to" address, in the history entry's location state. */
const comeBack = (): ComeBack | null => locationState() as ComeBack | null;

export interface LightAppProps {
  i18nProvider: I18nProvider;
  /**
   * Hands the page over at the current address (already in the history): to the public app for another public page,
   * else to the whole console (main.tsx); rejects if it cannot be downloaded.
   */
  leave: () => Promise<void>;
  /** the address of the first render: the browser's by default; the build's prerender names it (src/prerender/) */
  pathname?: string;
}

/** The last segment of /reset-password/<token>, the mailed link's token. */
const tokenOf = (pathname: string) => decodeURIComponent(pathname.replace(/\/+$/, '').split('/').pop() ?? '');

/** The page of a light path (the other pages are chunks of their own, lightPages.ts). */
const LightPage = ({ path, pathname }: { path: LightPath; pathname: string }) => {
  switch (path) {
    case '/register':
      return <RegisterPage />;
    case '/reset-password/:token':
      return <ResetPasswordPage token={tokenOf(pathname)} />;
    case '/guest-register':
      return <GuestRegisterPage />;
    case '/order-neomi-kit':
      return <OrderKitPage />;
    case '/guest-report/:token/:exam_type?':
      return <GuestReportPage pathname={pathname} />;
    case '/404':
      // the console's layout frames its own 404 (custom-pages/not-found/); here, the page's landmark and languages
      return (
        <Box component="main">
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
            <LanguageMenu />
          </Box>
          <NotFoundPage />
        </Box>
      );
    default:
      return <SignInPage />;
  }
};

/** A spinner filling the screen while a page downloads. */
const Waiting = () => (
  <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '100vh' }}>
    <CircularProgress aria-hidden />
  </Box>
);

/**
 * The public pages a first visit opens most (sign-in /login, sign-up /register, the mailed link's
 * /reset-password/:token, /404, a guest's sign-up /guest-register, the kit order /order-neomi-kit, a guest's report
 * /guest-report/:token/:exam_type?) as the lightest app of all (main.tsx decides): MUI
 * with the console's theme, right-to-left cache and i18nProvider, the console's session store and API client, the
 * domain's schemas for its forms (loaded on first use), and no react-admin, react-router or react-hook-form, which a
 * phone would otherwise download before the page shows (docs/PERFORMANCE.md "Console download"). It moves between
 * these pages itself (the browser's history); once signed in or signed up (or at a link or a back step to another
 * address), the page goes to the new address and hands over, in place and without a reload, to the whole console or
 * the public app.
 */
export const LightApp = ({ i18nProvider, leave, pathname: firstPathname }: LightAppProps) => {
  // the same snapshot on the server (the build's prerender) and at hydration: the page's language, all of it loaded
  const locale = useSyncExternalStore(subscribeLocale, currentLocale, currentLocale);
  // more messages arrived (all of them, when a key of ours was missing): every text is translated again
  const messagesVersion = useSyncExternalStore(subscribeMessages, currentMessagesVersion, currentMessagesVersion);
  const translate = useMemo(
    () => translatorOf(i18nProvider, locale, messagesVersion),
    [i18nProvider, locale, messagesVersion],
  );
  const direction = directionOf(locale);
  const theme = useMemo(() => createTheme(localisedTheme(locale, i18nProvider.translate)), [locale, i18nProvider]);
  useAppReadyMark();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [open, setOpen] = useState(false);

  const [pathname, setPathname] = useState(() => firstPathname ?? window.location.pathname);
  const path = lightPathOf(pathname);

  const handOver = useCallback(() => leave().catch(() => window.location.reload()), [leave]);

  /** The address changed: its page if it is one of this app's, else the app of that page takes over. */
  const follow = useCallback(() => {
    if (isLightPath(window.location.pathname)) {
      // the page's message areas (the kit order's, a guest's), which a first visit to another page did not load
      void needAreas(publicAreasOf(window.location.pathname));
      setPathname(window.location.pathname);
    } else void handOver();
  }, [handOver]);

  // back or forward to another address
  useEffect(() => {
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, [follow]);

  const env = useMemo<SignInEnv>(
    () => ({
      translate,
      locale,
      changeLocale: (next) => void i18nProvider.changeLocale(next),
      notify: (message, options) => {
        setNotice({ message, type: options?.type ?? 'info', args: options?.messageArgs, id: Date.now() });
        setOpen(true);
      },
      signedIn: async (fallback) => {
        setOpen(false);
        window.history.replaceState(null, '', addressAfterSignIn(comeBack(), fallback));
        // the button keeps its spinner until the console shows
        await handOver();
      },
      navigate: (to, options) => {
        // the location state where react-router keeps it (locationState, env.ts)
        const entry = options?.state ? { usr: options.state } : null;
        if (options?.replace) window.history.replaceState(entry, '', to);
        else window.history.pushState(entry, '', to);
        window.scrollTo(0, 0);
        follow();
      },
    }),
    [i18nProvider, translate, locale, handOver, follow],
  );

  return (
    <StyleCache direction={direction}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme>
          <SignInEnvContext value={env}>
            <LightPageBoundary translate={translate} pathname={pathname} handOver={() => void handOver()}>
              <Suspense fallback={<Waiting />}>
                {/* a page afresh at each address (the sign-in page's "forgot password" mode does not stay) */}
                {path ? <LightPage key={pathname} path={path} pathname={pathname} /> : <Waiting />}
              </Suspense>
            </LightPageBoundary>
          </SignInEnvContext>
          {/* the console's notifications' place, time and colours (layout/AppNotification.tsx) */}
          <Snackbar
            key={notice?.id}
            open={open && !!notice}
            anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
            autoHideDuration={NOTIFICATION_TIMEOUT_MS}
            onClose={(_event, reason) => reason !== 'clickaway' && setOpen(false)}
            message={notice ? env.translate(notice.message, notice.args) : ''}
            slotProps={{
              content: {
                sx: (t) =>
                  notice && notice.type !== 'info'
                    ? { bgcolor: t.palette[notice.type].main, color: t.palette[notice.type].contrastText }
                    : {},
              },
            }}
          />
        </CssBaseline>
      </ThemeProvider>
    </StyleCache>
  );
};
