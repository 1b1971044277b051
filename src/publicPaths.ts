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

const toPattern = (path: string): RegExp =>
  new RegExp(`^${path.replace(/\/:[A-Za-z_]+\?/g, '(?:/[^/]+)?').replace(/\/:[A-Za-z_]+/g, '/[^/]+')}/?$`, 'i');

const PUBLIC_PATTERNS = PUBLIC_PAGE_PATHS.map(toPattern);

export const isPublicPath = (pathname: string): boolean => PUBLIC_PATTERNS.some((pattern) => pattern.test(pathname));
