import { pathPattern } from '../domain/pagePaths';
/**
 * The public pages: the addresses a visitor without a session opens. The
 * first load at one of them starts the light public app (PublicApp.tsx);
 * every other address starts the whole console (App.tsx). Both apps mount
 * the page of each path (routes.tsx PUBLIC_PAGES). Matched as react-router
 * matches routes: case-insensitive, a trailing slash allowed, `:name` one
 * segment, `:name?` an optional one.
 * No imports: main.tsx decides before loading either app.
 */
export const PUBLIC_PAGE_PATHS = [
  '/login',
  '/register',
  '/reset-password/:token',
  '/404',
  '/order-neomi-kit',
  '/certificate/:code',
  // the Neomi test (src/areas/exams.tsx): taking it, guests, and the bare picture pages
  '/start-exam/:exam/:id?',
  '/guest-register',
  '/temp/register',
  '/exam-page',
  '/results',
  '/image/:img_id',
  '/img/3d/:img_id',
  '/img/:img_id/:user_id/:advanced_id/:lesson_id/:type',
  // a guest's report by the link given at registration (src/areas/reports.tsx)
  '/guest-report/:token/:exam_type?',
] as const;
export type PublicPagePath = (typeof PUBLIC_PAGE_PATHS)[number];

/**
 * The message areas (src/i18n/areas/<area>/) each public page needs beyond the foundation's messages
 * (src/i18n/foundation/): a first visit loads only these (src/i18n/index.ts), the whole console all of them.
 * An area holds its pages' texts and the translations of its server errors (domain/messages/<area>.ts).
 */
const EXAM = ['exams'];
export const PUBLIC_PAGE_AREAS: Record<PublicPagePath, readonly string[]> = {
  '/login': [],
  '/register': [],
  '/reset-password/:token': [],
  '/404': [],
  '/order-neomi-kit': ['public'],
  '/certificate/:code': ['teaching'],
  '/start-exam/:exam/:id?': EXAM,
  '/guest-register': EXAM,
  '/temp/register': EXAM,
  '/exam-page': EXAM,
  '/results': EXAM,
  '/image/:img_id': EXAM,
  '/img/3d/:img_id': EXAM,
  '/img/:img_id/:user_id/:advanced_id/:lesson_id/:type': EXAM,
  '/guest-report/:token/:exam_type?': ['exams', 'reports', 'learnerResults'],
};

/** The pattern of a path of the list above (also the server's, for the pages the build prerenders: src/prerender/). */
export { pathPattern };

const PUBLIC_PATTERNS = PUBLIC_PAGE_PATHS.map(pathPattern);

export const isPublicPath = (pathname: string): boolean => PUBLIC_PATTERNS.some((pattern) => pattern.test(pathname));

/** The public page at `pathname` (its path as listed above), if it is one. */
export const publicPathOf = (pathname: string): PublicPagePath | undefined =>
  PUBLIC_PAGE_PATHS[PUBLIC_PATTERNS.findIndex((pattern) => pattern.test(pathname))];

/**
 * The public app's pages (beside the light ones) the build prerenders in each language (src/prerender/): those
 * whose first paint needs no data and nothing kept on the device: the guests' landing.
 */
export const PRERENDERED_PUBLIC_PATHS = ['/exam-page'] as const satisfies readonly PublicPagePath[];

/** The message areas of the public page at `pathname` (none for another address). */
export const publicAreasOf = (pathname: string): readonly string[] => {
  const path = publicPathOf(pathname);
  return path ? PUBLIC_PAGE_AREAS[path] : [];
};

/**
 * The public pages a first visit opens in the light app (src/signin/LightApp.tsx: MUI without react-admin,
 * react-router or react-hook-form) rather than the public app, which the build prerenders: sign-in, sign-up, password
 * reset, 404, a guest's sign-up and the kit order.
 */
export const LIGHT_PATHS = [
  '/login',
  '/register',
  '/reset-password/:token',
  '/404',
  '/guest-register',
  '/order-neomi-kit',
] as const;

/**
 * The pages of the light app the API server renders per request with their data (server/renderedPages.ts), not
 * at build time: a guest's report.
 */
export const LIGHT_DATA_PATHS = ['/guest-report/:token/:exam_type?'] as const;
const LIGHT_APP_PATHS = [...LIGHT_PATHS, ...LIGHT_DATA_PATHS] as const;
export type LightPath = (typeof LIGHT_APP_PATHS)[number];
const LIGHT_PATTERNS = LIGHT_APP_PATHS.map(pathPattern);

/** The light app's page at `pathname`, if it has one. */
export const lightPathOf = (pathname: string): LightPath | undefined => {
  const index = LIGHT_PATTERNS.findIndex((pattern) => pattern.test(pathname));
  return index < 0 ? undefined : LIGHT_APP_PATHS[index];
};

export const isLightPath = (pathname: string): boolean => lightPathOf(pathname) !== undefined;
