import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ageOn, fitsAgeGroup } from '../../../domain/codes';
import { messageText, type MessageKey } from '../../../domain/messages';
import type { Actor } from '../../auth/actor';
import { groupsManagedBy, scopeOf } from '../../auth/scope';
import type { Executor } from '../../db/client';
import { children, groups } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { findGroup } from '../../repositories/teaching';

/** Shared checks of the teaching routes. */

/** A family (or anyone without a teaching scope, whatever it was granted): sees only their own children's records. */
export const isFamily = (actor: Actor) => scopeOf(actor).level === 'family';

/** A platform admin. */
export const isPlatform = (actor: Actor) => scopeOf(actor).level === 'platform';

/** A child the caller may act for as its family: their own (an admin: any), else 404. */
export async function familyChild(db: Executor, actor: Actor, childId: number) {
  const [row] = await db
    .select()
    .from(children)
    .where(and(eq(children.id, childId), isPlatform(actor) ? undefined : eq(children.parentId, actor.id)));
  if (!row) throw notFound();
  return row;
}

/** A group the caller manages, or 404 (reads and writes alike). */
export const managedGroup = (db: Executor, actor: Actor, id: number) => findGroup(db, id, groupsManagedBy(actor));

/**
 * 404 unless the caller manages the group: the check alone, one index read,
 * for a read that can run beside it (the group's students) and answers only
 * once it has passed.
 */
export async function checkManagedGroup(db: Executor, actor: Actor, id: number): Promise<void> {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.id, id), groupsManagedBy(actor)));
  if (!row) throw notFound();
}

/** 400 on `user_id` unless the child's age fits the age group (5 or none: every age). */
export function checkAgeGroup(ageGroup: number | null, birthdate: string | null) {
  if (birthdate && !fitsAgeGroup(ageGroup, ageOn(birthdate))) {
    throw new AppError(400, 'app.teaching.ageGroupMismatch', { user_id: 'app.teaching.ageGroupMismatch' });
  }
}

/** `{message, key}` for a message key. */
export const said = (key: MessageKey) => ({ message: messageText(key), key });

/** Letters and digits without look-alikes (no I, O, 0, 1). */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random code of `length` characters from ALPHABET (promo codes, certificate codes). */
export const randomCode = (length: number) =>
  Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
