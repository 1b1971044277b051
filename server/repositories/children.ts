import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ChildInput } from '../../domain/schemas/users';
import type { Executor } from '../db/client';
import { children } from '../db/schema';
import { notFound } from '../errors';
import type { ChildRow } from './users';

/** The API's fields of a child → its columns. */
export const childColumnsFromInput = (input: ChildInput) => ({
  name: input.name,
  gender: input.gender,
  birthdate: input.birthdate,
  country: input.country ?? null,
  city: input.city ?? null,
  aboutMe: input.about_me ?? null,
  mobileNo: input.mobile_no ?? null,
  language: input.language ?? null,
  secondLanguage: input.second_language ?? null,
});

/** A child the actor may see (scope condition), or 404. */
export async function findChildInScope(db: Executor, id: number, scope: SQL | undefined): Promise<ChildRow> {
  const [row] = await db
    .select()
    .from(children)
    .where(scope ? and(eq(children.id, id), scope) : eq(children.id, id));
  if (!row) throw notFound();
  return row;
}

/** Writes a child's fields; the child after them. */
export async function updateChild(db: Executor, id: number, input: ChildInput): Promise<ChildRow> {
  const [row] = await db
    .update(children)
    .set({ ...childColumnsFromInput(input), updatedAt: sql`now()` })
    .where(eq(children.id, id))
    .returning();
  return row;
}

export async function deleteChildRow(db: Executor, id: number) {
  await db.delete(children).where(eq(children.id, id));
}
