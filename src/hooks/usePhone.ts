import { useCallback, useSyncExternalStore } from 'react';
import { useTheme } from '@mui/material';
import { useRenderedScreen } from '../pageData';

/**
 * Which layout the screen takes: `phone` below the theme's `sm` breakpoint (600 px), `wide` from it on, `unknown`
 * while React renders a page on the server or hydrates what the server sent, where no screen can be measured, unless
 * the server rendered it for a screen it guessed from the request (src/pageData.tsx `screen`): then that one
 * (docs/DECISIONS.md "The pages with data rendered per request").
 */
export type PhoneLayout = 'phone' | 'wide' | 'unknown';

/** The media query of the theme's breakpoint, without `@media` (as MUI's useMediaQuery takes it). */
const usePhoneQuery = (): string =>
  useTheme()
    .breakpoints.down('sm')
    .replace(/^@media( ?)/m, '');

/**
 * The layout, from the screen in the browser. A page React renders on the server, and the first render in the
 * browser that hydrates it, take the server snapshot (the screen it was rendered for, else `unknown`), so that both hold the same HTML; once hydrated, React
 * takes the screen's and renders again (docs/DECISIONS.md "The public pages prerendered at build time": every
 * `useSyncExternalStore` has its server snapshot). A page the browser renders itself (createRoot, or a page reached
 * by navigating) never sees `unknown` or the guess: its first render has the screen's.
 */
export const usePhoneLayout = (): PhoneLayout => {
  const query = usePhoneQuery();
  const subscribe = useCallback(
    (changed: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [query],
  );
  const snapshot = useCallback(
    (): PhoneLayout =>
      typeof window !== 'undefined' && window.matchMedia && window.matchMedia(query).matches ? 'phone' : 'wide',
    [query],
  );
  const rendered = useRenderedScreen();
  const serverSnapshot = useCallback((): PhoneLayout => rendered ?? 'unknown', [rendered]);
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
};

/**
 * Whether the screen is phone-sized (below the theme's `sm` breakpoint, 600 px), where a table becomes a list of
 * cards, as react-admin's demo switches its lists to `SimpleList` (docs/PRODUCT.md §2 "Phones"). False while the
 * layout is unknown (a render on the server, or hydrating it): a page the server renders shows its layouts through
 * `PhoneOrWide` (src/components/RowsOrCards.tsx), which holds both until hydrated.
 */
export const usePhone = (): boolean => usePhoneLayout() === 'phone';
