import type { Actor } from '../auth/actor';
import type { Database } from '../db/client';
import { notFound } from '../errors';
import { isInGalleryOf, setLike } from '../repositories/gallery';

/** Likes (true), unlikes (false) or toggles (undefined) an activity of the actor's gallery (404 otherwise), in one transaction. */
export async function likeActivity(db: Database, actor: Actor, id: number, like: boolean | undefined) {
  if (!(await isInGalleryOf(db, actor, id))) throw notFound();
  return db.transaction((tx) => setLike(tx, id, actor.id, like));
}
