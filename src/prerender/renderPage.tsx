import { type ReactNode, StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom';
import type { EmotionCache } from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import { type DehydratedState, type QueryClient, dehydrate } from '@tanstack/react-query';
import { familyRoutes } from '../family/FamilyApp';
import { familyPathOf } from '../family/familyPaths';
import { type FamilyPageAnswer, familyQueryClient } from '../family/familyQueries';
import { type ApiTransport, setApiTransport } from '../http';
import { buildI18nProvider, loadMessages, startWithAllMessages, startWithAreas } from '../i18n';
import { type AppLocale, directionOf } from '../i18n/locales';
import { publicRoutes } from '../PublicApp';
import { isLightPath, publicAreasOf } from '../publicPaths';
import { LightApp } from '../signin/LightApp';
import { preloadLightPage } from '../signin/lightPages';
import { type PageData, PageDataProvider, type RenderedScreen } from '../pageData';
import { RENDERED_STYLES_ATTRIBUTE, RenderStyleCacheProvider, createEmotionCache, emotionCaches } from '../styleCache';

export interface RenderedPage {
  /** the root's content, as the browser's first render of the app makes it */
  html: string;
  /** the emotion styles that content's render made, as <style> tags the console's caches take over (styleTags) */
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
 * scripts. The render has an emotion cache of its own, and the page carries every style the render made, the
 * styles of elements it shows and of those it does not (a closed drawer, a tooltip: their styled wrappers render
 * without an element): the browser's cache takes them all over, so hydration makes none again (each is a pass of
 * stylis and, right to left, of cssjanus: ~60 ms of a family page's hydration at 4x CPU, docs/PERFORMANCE.md "Phone").
 */
const render = async (app: ReactNode, name: string, locale: AppLocale): Promise<RenderedPage> => {
  const cache = createEmotionCache(directionOf(locale));
  cache.compat = true;
  const { html, errors } = await renderWhole(<RenderStyleCacheProvider value={cache}>{app}</RenderStyleCacheProvider>);
  if (errors.length) throw new AggregateError(errors, `prerender: ${name} in ${locale} failed`);
  return { html, styles: styleTags(cache) };
};

/**
 * Every style `cache` holds, as <style> tags the browser's caches take over where they stand (src/styleCache.tsx):
 * each <Global>'s (MUI's CssBaseline) in a tag of its own, marked as emotion marks it, for the <Global> looks for
 * it, then the others in one tag marked for the browser's cache. `data-s` keeps emotion's default cache, which moves
 * every server tag it has not seen to the head's end, from moving a <Global>'s.
 */
const styleTags = (cache: EmotionCache): string => {
  const { extractCriticalToChunks } = createEmotionServer(cache);
  // emotion keeps the styles whose class names the text it is given holds: here, all the render's
  const everyClassName = Object.keys(cache.inserted)
    .map((id) => `${cache.key}-${id}`)
    .join(' ');
  const chunks = extractCriticalToChunks(everyClassName).styles;
  // emotion takes a style for a <Global>'s when its class holds no CSS (`${key}-0`, a styled part with no styles,
  // registered as ''): the browser's cache would make it again while hydrating, its first pass through cssjanus
  // (~40 ms at 4x CPU). It goes with the others, as do keyframes, which the cache makes, not a <Global>.
  const ofTheCache = (id: string) =>
    cache.registered[`${cache.key}-${id}`] !== undefined || id.startsWith('animation-');
  const globals = chunks.filter(({ key, ids }) => key !== cache.key && ids.length && !ids.every(ofTheCache));
  const cached = chunks.filter((chunk) => !globals.includes(chunk) && chunk.ids.length);
  const cachedIds = cached.flatMap(({ ids }) => ids);
  return [
    ...globals.map(({ key, ids, css }) => `<style data-emotion="${key} ${ids.join(' ')}" data-s="">${css}</style>`),
    `<style ${RENDERED_STYLES_ATTRIBUTE}="${cache.key} ${cachedIds.join(' ')}">${cached.map(({ css }) => css).join('')}</style>`,
  ].join('');
};

/**
 * The renderer's own caches (the reads' renders of a family page use them, answeredReads below) extract their styles
 * too, rather than write them beside each element.
 */
for (const cache of Object.values(emotionCaches)) cache.compat = true;

/**
 * `app` rendered whole, as render does, with the errors it met rather than thrown. Its styles go into the
 * renderer's cache of its direction unless `app` gives its own (render, above).
 */
const renderWhole = async (app: ReactNode): Promise<{ html: string; errors: unknown[] }> => {
  const errors: unknown[] = [];
  const { prelude } = await prerender(<StrictMode>{app}</StrictMode>, {
    onError: (error) => void errors.push(error),
    // every part in place in the HTML: a part React moved to the end would need an inline script to put it back,
    // which the Content-Security-Policy (script-src 'self') forbids
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  return { html: await new Response(prelude).text(), errors };
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

/** What a family page's render is given by the API server (server/renderedPages.ts). */
export interface FamilyRenderInput {
  /** the page's reads, answered by the API's own routes with the family's session (a write is declined there) */
  api: ApiTransport;
  /** the screen the request came from, guessed */
  screen: RenderedScreen;
  /** what the page is rendered for (src/family/familyPaths.ts familyPageKey) */
  key: string;
}

/** A page's reads are looked for at most this many times: its user, then what depends on it (a parent's children). */
const MAX_READ_ROUNDS = 3;

/**
 * react-admin's queries of the auth provider, the user's identity and permissions, which it answers from the device's
 * session (src/authProvider.ts): not made on the server, left pending there and to the browser once hydrated.
 */
const askedOfTheDevice = (key: readonly unknown[]) =>
  key[0] === 'auth' && (key[1] === 'getIdentity' || key[1] === 'getPermissions');

/** A read that failed with an answer of the API (4xx, 5xx), not a call the render declined (a write: status 0). */
const failedByTheApi = (error: unknown) => ((error as { status?: number } | null)?.status ?? 0) >= 400;

/**
 * The family app's reads of its page answered, as its first render in the browser would make them: the page is
 * rendered (`tree`, with a query client of its own), the reads it asked for and nobody answered yet are made, and
 * again, until it asks for no more (at most MAX_READ_ROUNDS). Undefined when one of them failed (the page's child is
 * not this family's: the browser's page says so, as before).
 */
const answeredReads = async (
  tree: (client: QueryClient) => Promise<ReactNode>,
): Promise<DehydratedState | undefined> => {
  const client = familyQueryClient();
  // a read that fails is not asked again here (the browser's page asks it as before, with its retries)
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  for (let round = 0; round < MAX_READ_ROUNDS; round += 1) {
    await renderWhole(await tree(client));
    const asked = client.getQueryCache().findAll({
      predicate: (q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle' && !askedOfTheDevice(q.queryKey),
    });
    if (!asked.length) break;
    await Promise.allSettled(asked.map((query) => query.fetch()));
  }
  const failed = client.getQueryCache().findAll({ predicate: (q) => q.state.status === 'error' });
  if (failed.some((query) => failedByTheApi(query.state.error))) return undefined;
  // as the browser reads them from the page's block: dates as JSON has them
  return JSON.parse(JSON.stringify(dehydrate(client))) as DehydratedState;
};

/** What the console's calls meet outside a family page's render: nothing answers. */
const noApi: ApiTransport = () => Promise.reject(new Error('no API outside a render'));

/**
 * A family's page (/profile, /student-details/:id) rendered by the API server with the family's data, in the family
 * app (src/family/FamilyApp.tsx) at `pathname` in `locale` for the screen guessed: its reads are answered first
 * (answeredReads, through `api`), then the page is rendered from those answers as the browser's
 * first render makes it from the page's block (familyQueryClient), which the answers go into. Undefined when a read
 * failed.
 */
export const renderFamilyPage = async (
  pathname: string,
  locale: AppLocale,
  { api, screen, key }: FamilyRenderInput,
): Promise<(RenderedPage & { data: PageData<FamilyPageAnswer> }) | undefined> => {
  const page = familyPathOf(pathname);
  if (!page) return undefined;
  startWithAllMessages();
  const i18nProvider = buildI18nProvider(locale, await loadMessages(locale, 'all'));
  const tree = async (client: QueryClient, data: PageData) => {
    const handler = createStaticHandler(familyRoutes(i18nProvider, () => Promise.resolve(), client));
    const context = await handler.query(new Request(`http://render${pathname}`));
    if (context instanceof Response) throw new Error(`render: ${page} answered ${context.status}`);
    return (
      <PageDataProvider data={data}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </PageDataProvider>
    );
  };
  const reading: PageData = { page, key, answer: undefined, screen };
  setApiTransport(api);
  let queries: DehydratedState | undefined;
  try {
    queries = await answeredReads((client) => tree(client, reading));
  } finally {
    setApiTransport(noApi);
  }
  if (!queries) return undefined;
  const data: PageData<FamilyPageAnswer> = { page, key, answer: { queries }, screen };
  return { ...(await render(await tree(familyQueryClient(data.answer), data), page, locale)), data };
};

/** What the build needs to know beside the renderers: the languages, the deployment's default, the pages. */
export { DEFAULT_LOCALE, LOCALES, directionOf } from '../i18n/locales';
export { LIGHT_PATHS, PRERENDERED_PUBLIC_PATHS, pathPattern, publicPathOf } from '../publicPaths';
export { familyPageKey } from '../family/familyPaths';
