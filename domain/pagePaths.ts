/**
 * The console's pages the API server renders for a signed-in family with its data (server/renderedPages.ts), which a
 * family's first load opens in the family app (src/family/): the parent's profile and a child's page. Written as
 * the console's router writes its paths; both sides match an address with pathPattern.
 */
export const FAMILY_PATHS = ['/profile', '/student-details/:id'] as const;
export type FamilyPath = (typeof FAMILY_PATHS)[number];

/**
 * The pattern of a router path (`/certificate/:code`, `/guest-report/:token/:exam_type?`): each parameter one segment,
 * an optional one maybe absent, a trailing slash allowed, any case.
 */
export const pathPattern = (path: string): RegExp =>
  new RegExp(`^${path.replace(/\/:[A-Za-z_]+\?/g, '(?:/[^/]+)?').replace(/\/:[A-Za-z_]+/g, '/[^/]+')}/?$`, 'i');
