import { type ReactNode, createContext, useContext } from 'react';
import createCache, { type EmotionCache, type Options } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StyleSheet } from '@emotion/sheet';
import rtlPlugin from '@mui/stylis-plugin-rtl';
import { prefixer } from 'stylis';
import type { Direction } from './i18n/locales';

/** Right to left, the stylis plugins flip the CSS (docs/STACK.md "Right-to-left"). */
const CACHE_OPTIONS: Record<Direction, Options> = {
  ltr: { key: 'mui', prepend: true },
  rtl: { key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin], prepend: true },
};

/**
 * The attribute of the style tag a server's render writes its styles into (src/prerender/renderPage.tsx), as
 * "<cache key> <id> <id>…": emotion's own mark (data-emotion) without its name, so that emotion leaves the tag alone.
 */
export const RENDERED_STYLES_ATTRIBUTE = 'data-rendered-styles';

/**
 * Emotion's style sheet, but taking over a tag where it stands. Emotion's own `hydrate` inserts each tag again at the
 * sheet's place, which moves it even where it stands already: a style sheet taken out and put back, after which the
 * browser recomputes every element's style. Lighthouse's trace records that recomputation at 25-70 ms (it tracks
 * each element's invalidation), four times over in a phone's simulated blocking time (docs/PERFORMANCE.md "Phone").
 * A <Global> (MUI's CssBaseline) takes its server tag over with a sheet of its cache's sheet's class: this one.
 */
class StyleSheetInPlace extends StyleSheet {
  override hydrate(tags: HTMLStyleElement[]) {
    this.tags.push(...tags);
  }
}

/**
 * The styles a server's render wrote into the page, taken over by `cache` where they stand: their ids count as
 * inserted (hydration makes none of them again) and their tag is the sheet's first (the browser's own styles go in a
 * tag after it).
 */
const takeOverRenderedStyles = (cache: EmotionCache) => {
  const { key, nonce, isSpeedy, container, prepend, insertionPoint } = cache.sheet;
  cache.sheet = new StyleSheetInPlace({ key, nonce, speedy: isSpeedy, container, prepend, insertionPoint });
  const tags = [...document.querySelectorAll<HTMLStyleElement>(`style[${RENDERED_STYLES_ATTRIBUTE}^="${key} "]`)];
  for (const tag of tags)
    for (const id of tag.getAttribute(RENDERED_STYLES_ATTRIBUTE)!.split(' ').slice(1)) cache.inserted[id] = true;
  cache.sheet.hydrate(tags);
};

/**
 * A new emotion cache for a direction: in the browser, with the styles the server's render of the page wrote into it.
 * The server's renders make one per render (src/prerender/renderPage.tsx).
 */
export const createEmotionCache = (direction: Direction): EmotionCache => {
  const cache = createCache(CACHE_OPTIONS[direction]);
  if (typeof document !== 'undefined') takeOverRenderedStyles(cache);
  return cache;
};

/** The page's emotion caches, one per direction, for the page's life. */
export const emotionCaches: Record<Direction, EmotionCache> = {
  ltr: createEmotionCache('ltr'),
  rtl: createEmotionCache('rtl'),
};

/**
 * The emotion cache of a render on the server (src/prerender/renderPage.tsx), one per render: it holds every style
 * that render made, so that the page carries them all, in place of the page's own cache.
 */
const RenderStyleCacheContext = createContext<EmotionCache | undefined>(undefined);

export const RenderStyleCacheProvider = RenderStyleCacheContext.Provider;

/** The app's styles in the cache of its direction: the page's own, or the server render's. */
export const StyleCache = ({ direction, children }: { direction: Direction; children: ReactNode }) => (
  <CacheProvider value={useContext(RenderStyleCacheContext) ?? emotionCaches[direction]}>{children}</CacheProvider>
);
