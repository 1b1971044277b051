import { and, eq } from 'drizzle-orm';
import type { Actor } from '../auth/actor';
import { childrenInScope, userCardsInScope } from '../auth/scope';
import type { Executor } from '../db/client';
import { children, users } from '../db/schema';

/**
 * Whether a stored photo belongs to a user whose card the actor may see, or
 * to a child in the actor's scope (an unguessable name is not access control).
 */
export async function isPhotoVisibleTo(db: Executor, actor: Actor, name: string): Promise<boolean> {
  const userScope = userCardsInScope(actor);
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(userScope ? and(eq(users.photo, name), userScope) : eq(users.photo, name))
    .limit(1);
  if (user) return true;
  const childScope = childrenInScope(actor);
  const [child] = await db
    .select({ id: children.id })
    .from(children)
    .where(childScope ? and(eq(children.image, name), childScope) : eq(children.image, name))
    .limit(1);
  return !!child;
}
