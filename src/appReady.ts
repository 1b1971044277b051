import { useEffect } from 'react';

/**
 * The User Timing mark of the first app on a page having committed its first render: from then on the page's
 * controls answer (for a prerendered page, once hydrated: docs/DECISIONS.md "The public pages prerendered at build
 * time"). Seen in a browser's performance panel and by the browser tests, which wait for it before they click.
 */
export const APP_READY_MARK = 'neomi:app-ready';

/** Marks APP_READY_MARK once, when the app that calls it has committed (the light app, the public app). */
export const useAppReadyMark = (): void =>
  useEffect(() => {
    if (!performance.getEntriesByName(APP_READY_MARK).length) performance.mark(APP_READY_MARK);
  }, []);
