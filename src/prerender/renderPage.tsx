import { type ReactNode, StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom';
import createEmotionServer from '@emotion/server/create-instance';
import { buildI18nProvider, loadMessages, startWithAreas } from '../i18n';
import { type AppLocale, directionOf } from '../i18n/locales';
import { publicRoutes } from '../PublicApp';
import { isLightPath, publicAreasOf } from '../publicPaths';
import { LightApp } from '../signin/LightApp';
import { preloadLightPage } from '../signin/lightPages';
import { type PageData, PageDataProvider } from '../pageData';
import { emotionCaches } from '../theme';

export interface RenderedPage {
  /** the root's content, as the browser's first render of the app makes it */
  html: string;
  /** the emotion styles that content uses, as <style data-emotion> tags the console's caches take over */
  styles: string;
}

/** The page's messages loaded (the foundation and its areas, as main.tsx loads them), and the provider over them. */
const i18nFor = async (pathname: string, locale: AppLocale) => {
  const areas = publicAreasOf(pathname);
  startWithAreas(areas);
  return buildI18nProvider(locale, await loadMessages(locale, areas));
};

/**
 * `app` rendered whole, in Node: every lazy part waited for (React's prerender), the styles extracted rather than
 * written beside each element (cache.compat), and the build failing on an error rather than leaving a part to the
 * scripts.
 */
const render = async (app: ReactNode, name: string, locale: AppLocale): Promise<RenderedPage> => {
  const cache = emotionCaches[directionOf(locale)];
  cache.compat = true;
  const errors: unknown[] = [];
  const { prelude } = await prerender(<StrictMode>{app}</StrictMode>, {
    onError: (error) => void errors.push(error),
    // every part in place in the HTML: a part React moved to the end would need an inline script to put it back,
    // which the Content-Security-Policy (script-src 'self') forbids
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  if (errors.length) throw new AggregateError(errors, `prerender: ${name} in ${locale} failed`);
  const html = await new Response(prelude).text();
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  return { html, styles: constructStyleTagsFromChunks(extractCriticalToChunks(html)) };
};

/**
 * A light page (src/signin/LightApp.tsx) rendered in `locale` at `pathname`, at build time
 * (scripts/prerenderPages.ts): what the browser's first render makes, so that the page paints with its HTML,
 * before any script, and main.tsx hydrates it (docs/PERFORMANCE.md "Phone"). With `data`, a light page rendered per
 * request by the API server with its data (a guest's report: renderPageWithData, below).
 */
export const renderLightPage = async (pathname: string, locale: AppLocale, data?: PageData): Promise<RenderedPage> => {
  const [i18nProvider] = await Promise.all([i18nFor(pathname, locale), preloadLightPage(pathname)]);
  const app = (
    <PageDataProvider data={data}>
      <LightApp i18nProvider={i18nProvider} leave={() => Promise.resolve()} pathname={pathname} />
    </PageDataProvider>
  );
  // named by its path's pattern when rendered with data: its address holds a capability (renderPublicPage, below)
  return render(app, data ? data.page : pathname, locale);
};

/**
 * A page of the public app (src/PublicApp.tsx, react-admin's contexts) rendered in `locale` at `pathname`, as the
 * light pages are: routed by react-router's static router over the app's own routes (publicRoutes), whose tree
 * is the browser router's, without its hydration script (nothing to hand over: the public pages load no data
 * through the router). With `data`, the page's data (src/pageData.tsx), rendered per request by the API server
 * (server/renderedPages.ts): the page shows it as it would the API's answer.
 */
export const renderPublicPage = async (pathname: string, locale: AppLocale, data?: PageData): Promise<RenderedPage> => {
  const i18nProvider = await i18nFor(pathname, locale);
  const handler = createStaticHandler(publicRoutes(i18nProvider, () => Promise.resolve()));
  const context = await handler.query(new Request(`http://prerender${pathname}`));
  if (context instanceof Response) throw new Error(`prerender: ${pathname} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const app = (
    <PageDataProvider data={data}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </PageDataProvider>
  );
  // a page rendered with data is named by its path's pattern: its address holds a capability (a certificate's code),
  // never written to the log (docs/API.md "What the log keeps")
  return render(app, data ? data.page : pathname, locale);
};

/**
 * A page rendered per request with its data by the API server (server/renderedPages.ts): in the light app if it is
 * one of its pages (a guest's report, publicPaths.ts LIGHT_DATA_PATHS), else in the public app (the certificate
 * check), as the browser's main.tsx starts the one or the other at that address.
 */
export const renderPageWithData = (pathname: string, locale: AppLocale, data: PageData): Promise<RenderedPage> =>
  isLightPath(pathname) ? renderLightPage(pathname, locale, data) : renderPublicPage(pathname, locale, data);

/** What the build needs to know beside the renderers: the languages, the deployment's default, the pages. */
export { DEFAULT_LOCALE, LOCALES, directionOf } from '../i18n/locales';
export { LIGHT_PATHS, PRERENDERED_PUBLIC_PATHS, pathPattern, publicPathOf } from '../publicPaths';
