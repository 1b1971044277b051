import fastifyCookie from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import { PAGE_SESSION_COOKIE } from '../domain/pageSessionCookie';
import type { Executor } from './db/client';
import { isFamily } from '../domain/permissions';
import { actorForToken, type Actor } from './auth/actor';
import { TOKEN_SHAPE, type TokenPolicy } from './auth/tokens';

/**
 * The family's page session (docs/SECURITY.md "The page session cookie"): the sign-in's own token in a cookie, read
 * only by the server's render of the family's pages. Only families hold one: theirs are the pages rendered with a
 * signed-in user's data. The API never takes it: its access hook reads `Authorization` alone
 * (server/plugins/access.ts).
 */

/** `secure: 'auto'`: Secure when the request came over https (request.protocol, behind TRUST_PROXY too). */
const ATTRIBUTES = { path: '/', httpOnly: true, sameSite: 'lax', secure: 'auto' } as const;

/** The family behind a live token, by the bearer's own rules (server/auth/actor.ts); null for anyone else. */
async function familyOf(db: Executor, policy: TokenPolicy, token: string): Promise<Actor | null> {
  const actor = await actorForToken(db, token, policy);
  return actor && isFamily(actor) ? actor : null;
}

/**
 * After a sign-in (login, registration) with `token`: a family's goes in the cookie for as long as the token can
 * live; anyone else's sign-in clears it, so a family signed in before on this browser leaves no cookie beside
 * another's session.
 */
export async function startPageSession(
  reply: FastifyReply,
  db: Executor,
  policy: TokenPolicy,
  token: string,
): Promise<void> {
  if (!(await familyOf(db, policy, token))) return endPageSession(reply);
  reply.setCookie(PAGE_SESSION_COOKIE, token, { ...ATTRIBUTES, maxAge: Math.floor(policy.maxMs / 1000) });
}

/** Clears the cookie (sign-out, a guest's sign-up). */
export function endPageSession(reply: FastifyReply): void {
  reply.clearCookie(PAGE_SESSION_COOKIE, ATTRIBUTES);
}

/**
 * The family behind a page request's cookie, with the cookie's token, which answers the page's reads when the server
 * renders the family's pages (server/renderedPages.ts); null when there is no cookie, a malformed one, a token no
 * longer live (revoked, expired, idle, its user removed) or not a family's. @fastify/cookie's `parse` works once an
 * app has registered the plugin (server/app.ts).
 */
export async function familyPageSession(
  db: Executor,
  policy: TokenPolicy,
  cookieHeader: string | undefined,
): Promise<{ actor: Actor; userId: number; token: string } | null> {
  if (!cookieHeader) return null;
  const token = fastifyCookie.parse(cookieHeader)[PAGE_SESSION_COOKIE];
  if (!token || !TOKEN_SHAPE.test(token)) return null;
  const actor = await familyOf(db, policy, token);
  return actor ? { actor, userId: actor.id, token } : null;
}
