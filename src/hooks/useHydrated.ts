import { useSyncExternalStore } from 'react';

/** Nothing to subscribe to: the answer changes once, with the first render after hydration. */
const subscribeNothing = () => () => undefined;

/**
 * False while React renders a page on the server and while the browser hydrates what the server sent, true from the
 * render after (and always in a page the browser renders itself): what only the browser can show waits for it, so
 * that the hydration matches the HTML (docs/DECISIONS.md "The public pages prerendered at build time").
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
