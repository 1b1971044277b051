/**
 * The public pages: the addresses a visitor without a session opens. The
 * first load at one of them starts the light public app (PublicApp.tsx);
 * every other address starts the whole console (App.tsx). Matched as
 * react-router matches routes: case-insensitive, a trailing slash allowed.
 * No imports: main.tsx decides before loading either app.
 */
const PUBLIC_PATTERNS = [/^\/login\/?$/i, /^\/register\/?$/i, /^\/reset-password\/[^/]+\/?$/i, /^\/404\/?$/i];

export const isPublicPath = (pathname: string): boolean => PUBLIC_PATTERNS.some((pattern) => pattern.test(pathname));
