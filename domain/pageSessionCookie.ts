/**
 * The family's page session: a cookie holding the same opaque token as the bearer the sign-in answers with, so that
 * the server can render the family's pages with their data on a page load (docs/SECURITY.md "The page session
 * cookie"). `HttpOnly`: no script reads it, the console's own included. The API never accepts it as a credential.
 */
export const PAGE_SESSION_COOKIE = 'neomi.session';
