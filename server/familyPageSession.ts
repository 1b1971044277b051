import { fastifyCookie } from '@fastify/cookie';
import { USER_TYPE } from '../domain/codes';
import { actorForToken } from './auth/actor';
import type { TokenPolicy } from './auth/tokens';
import type { Executor } from './db/client';

/** The page-session cookie's name (docs/SECURITY.md "The page session cookie"). */
const PAGE_SESSION_COOKIE = 'neomi.session';

/**
 * The family signed in by a page request's session cookie, with its token (the API's own routes answer the page's
 * reads with it: server/renderedPages.ts); null when there is no cookie, its token is not live, or its user is not a
 * family.
 */
export const familyPageSession = async (
  db: Executor,
  policy: TokenPolicy,
  cookieHeader: string | undefined,
): Promise<{ userId: number; token: string } | null> => {
  const token = fastifyCookie.parse(cookieHeader ?? '')[PAGE_SESSION_COOKIE];
  if (!token) return null;
  const actor = await actorForToken(db, token, policy);
  return actor && actor.type === USER_TYPE.family ? { userId: actor.id, token } : null;
};
