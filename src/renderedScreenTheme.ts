import type { RaThemeOptions } from 'react-admin';
import { match as matchesMediaQuery } from 'css-mediaquery';
import type { RenderedScreen } from './pageData';

/** The width a media query is answered for on a screen the server guessed: a common phone's, a laptop's. */
const SCREEN_WIDTHS: Record<RenderedScreen, number> = { phone: 390, wide: 1280 };

/**
 * MUI's media queries (useMediaQuery: react-admin's sidebar, app bar and user menu) answered for the screen a page was
 * rendered for, on the server and while the browser hydrates that page (MUI's `ssrMatchMedia`): the same layout on
 * both sides, and the phone's from the first paint on a phone. Once hydrated, the browser's own answers.
 */
const mediaQueriesOf = (screen: RenderedScreen): RaThemeOptions['components'] => ({
  MuiUseMediaQuery: {
    defaultProps: {
      ssrMatchMedia: (query: string) => ({
        matches: matchesMediaQuery(query, { width: `${SCREEN_WIDTHS[screen]}px` }),
      }),
    },
  },
});

/**
 * `theme` whose media queries are answered for `screen`, the screen a page was rendered for by the server
 * (src/pageData.tsx), while it is hydrated; unchanged when the page was not rendered for a screen. Only the apps whose
 * pages the server renders with data use it (appShell.tsx AppContexts), not the light app's build-time pages.
 */
export const forRenderedScreen = (theme: RaThemeOptions, screen: RenderedScreen | undefined): RaThemeOptions =>
  screen ? { ...theme, components: { ...theme.components, ...mediaQueriesOf(screen) } } : theme;
