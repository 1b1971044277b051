import { Component, type ReactNode, Suspense, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Box, CircularProgress, CssBaseline } from '@mui/material';
import type { QueryClient } from '@tanstack/react-query';
import { type I18nProvider, type Store, useNotificationContext, useScrollToTop } from 'ra-core';
import { AdminContext } from 'ra-ui-materialui';
import { useAppReadyMark } from './appReady';
import { authProvider } from './authProvider';
import type { AppDataProvider } from './dataProvider';
import { currentLocale, subscribeLocale } from './i18n';
import { directionOf } from './i18n/locales';
import { lazyPart } from './lazyPart';
import { useRenderedScreen } from './pageData';
import { forRenderedScreen } from './renderedScreenTheme';
import { localisedTheme } from './theme';
import { StyleCache } from './styleCache';

/**
 * What the apps lighter than the whole console share (the public app, PublicApp.tsx; the family app,
 * family/FamilyApp.tsx): react-admin's contexts without <Admin>, so what <Admin> would do for them is here, and the
 * hand-over to the whole console (main.tsx renders it in their place).
 */

/**
 * The console's data provider as a stand-in whose methods wait for the real one, loaded by `load` at the first call
 * (once): it brings the domain's list schemas and zod, which the first render does without.
 */
export const deferredDataProvider = (load: () => Promise<AppDataProvider>): AppDataProvider => {
  let loading: Promise<AppDataProvider> | undefined;
  return new Proxy({} as AppDataProvider, {
    get: (_target, method) => {
      if (typeof method !== 'string' || method === 'then') return undefined;
      return async (...args: unknown[]) => {
        const calls = await (loading ??= load());
        return (calls[method as keyof typeof calls] as (...a: unknown[]) => unknown)(...args);
      };
    },
  });
};

const AppNotification = lazyPart(() =>
  import('./layout/AppNotification').then((m) => ({ default: m.AppNotification })),
);

/** The console's notifications (layout/AppNotification.tsx), downloaded when the first one comes, then kept. */
export const Notifications = () => {
  const { notifications } = useNotificationContext();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <AppNotification />
    </Suspense>
  ) : null;
};

/** As <Admin> does: a navigation asking for it (state._scrollToTop) scrolls to the top. */
export const ScrollToTop = () => {
  useScrollToTop();
  return null;
};

/** A spinner filling the screen. */
export const Waiting = () => (
  <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '100vh' }}>
    <CircularProgress aria-hidden />
  </Box>
);

/** Renders the whole console in the app's place at the current address; rejects if it cannot be downloaded. */
export type HandOver = () => Promise<void>;

/**
 * Any other address (after signing in or signing up, the 404 page's link to
 * the overview, a family's menu item): the whole console takes over at this
 * address, already in the history. Meanwhile a spinner; if the console cannot
 * be downloaded (a new release replaced its files), the address is loaded afresh.
 */
export const OpenConsole = ({ handOver }: { handOver: HandOver }) => {
  useEffect(() => {
    handOver().catch(() => window.location.reload());
  }, [handOver]);
  return <Waiting />;
};

/**
 * A page that fails to render: the whole console takes over, which renders
 * the page again inside <Admin>'s error boundary (its error page), as before
 * this app existed.
 */
export class HandOverOnError extends Component<{ handOver: HandOver; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
    this.props.handOver().catch(() => undefined);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export interface AppContextsProps {
  i18nProvider: I18nProvider;
  dataProvider: AppDataProvider;
  /** react-admin's own default store (<Admin> creates the same): what it keeps in localStorage is the console's */
  store: Store;
  /** the app's own query client; react-admin makes one when none is given */
  queryClient?: QueryClient;
  children: ReactNode;
}

/**
 * react-admin's contexts around a lighter app's pages, as <Admin> puts them around the console: the console's auth
 * provider, the app's data provider, store and query client, the theme and the emotion cache of the locale's
 * direction (Arabic right to left, as in App.tsx), scroll-to-top and notifications.
 */
export const AppContexts = ({ i18nProvider, dataProvider, store, queryClient, children }: AppContextsProps) => {
  // the same snapshot on the server (the build's prerender) and at hydration: the page's language, all of it loaded
  const locale = useSyncExternalStore(subscribeLocale, currentLocale, currentLocale);
  // react-admin's i18n context renders nothing until the store's locale is the provider's (an effect sets it): the
  // store holds the page's language from the first render on, so that render (prerendered, then hydrated) is the page
  useState(() => store.setItem('locale', locale));
  useAppReadyMark();
  const direction = directionOf(locale);
  // the screen the server rendered the page for, if it did (src/pageData.tsx): MUI's media queries hydrate with it
  const screen = useRenderedScreen();
  const theme = useMemo(
    () => forRenderedScreen(localisedTheme(locale, i18nProvider.translate), screen),
    [locale, i18nProvider, screen],
  );
  return (
    <StyleCache direction={direction}>
      <AdminContext
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        queryClient={queryClient}
        store={store}
        theme={theme}
      >
        <CssBaseline enableColorScheme>
          <ScrollToTop />
          {children}
          <Notifications />
        </CssBaseline>
      </AdminContext>
    </StyleCache>
  );
};
