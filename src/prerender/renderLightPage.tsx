import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import createEmotionServer from '@emotion/server/create-instance';
import { buildI18nProvider, loadMessages, startWithAreas } from '../i18n';
import { type AppLocale, directionOf } from '../i18n/locales';
import { LightApp } from '../signin/LightApp';
import { preloadLightPage } from '../signin/lightPages';
import { emotionCaches } from '../theme';

export interface RenderedLightPage {
  /** the root's content, as the browser's first render of the light app makes it */
  html: string;
  /** the emotion styles that content uses, as <style data-emotion> tags the console's caches take over */
  styles: string;
}

/**
 * A light page (src/signin/LightApp.tsx) rendered in `locale` at `pathname`, at build time, in Node
 * (scripts/prerenderLightPages.ts): what the browser's first render makes, so that the page paints with its HTML,
 * before any script, and main.tsx hydrates it (docs/PERFORMANCE.md "Phone"). Every lazy part is waited for (React's
 * prerender), and the styles are extracted rather than written beside each element (cache.compat).
 */
export const renderLightPage = async (pathname: string, locale: AppLocale): Promise<RenderedLightPage> => {
  startWithAreas([]);
  const [messages] = await Promise.all([loadMessages(locale, []), preloadLightPage(pathname)]);
  const i18nProvider = buildI18nProvider(locale, messages);
  const cache = emotionCaches[directionOf(locale)];
  cache.compat = true;
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <LightApp i18nProvider={i18nProvider} leave={() => Promise.resolve()} pathname={pathname} />
    </StrictMode>,
    {
      // a part that fails here would be rendered by the scripts, after a flash of its fallback: the build fails instead
      onError: (error) => void errors.push(error),
      // every part in place in the HTML: a part React moved to the end would need an inline script to put it back,
      // which the Content-Security-Policy (script-src 'self') forbids
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  if (errors.length) throw new AggregateError(errors, `prerender: ${pathname} in ${locale} failed`);
  const html = await new Response(prelude).text();
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  return { html, styles: constructStyleTagsFromChunks(extractCriticalToChunks(html)) };
};

/** What the build needs to know beside the renderer: the languages, the deployment's default, the pages. */
export { DEFAULT_LOCALE, LOCALES, directionOf } from '../i18n/locales';
export { LIGHT_PATHS, pathPattern } from '../publicPaths';
