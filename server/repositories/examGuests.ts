import { and, eq, sql } from 'drizzle-orm';
import { USER_TYPE } from '../../domain/codes';
import type { GuestListInput, TempRegisterInput } from '../../domain/schemas/exams';
import type { Actor } from '../auth/actor';
import { childrenInScope } from '../auth/scope';
import type { Executor } from '../db/client';
import { orderBy, searchCondition } from '../db/listing';
import { children, examSubmissions, exams, groupMembers, groups, guestReportLinks, users } from '../db/schema';
import { randomToken } from '../services/secrets';
import type { ChildRow } from './exams';

export type GroupRow = typeof groups.$inferSelect;

export async function groupById(db: Executor, id: number): Promise<GroupRow | undefined> {
  const [row] = await db.select().from(groups).where(eq(groups.id, id));
  return row;
}

/** A guest user (type 3) for a test-taker who signs up on the spot; guests never sign in with a password. */
export async function insertGuestUser(db: Executor, input: TempRegisterInput, schoolId: number | null) {
  const [user] = await db
    .insert(users)
    .values({
      name: input.name ?? 'Guest',
      email: `guest.${randomToken(12).toLowerCase()}@guests.neomi.invalid`,
      // guests never sign in with a password: they hold the session given now
      passwordHash: '!guest',
      type: USER_TYPE.guest,
      gender: input.gender ?? null,
      birthdate: input.birthdate ?? null,
      mobileNo: input.mobile_no ?? null,
      ageGroup: input.age_group ?? null,
      academicNumber: input.academic_number ?? null,
      schoolId,
    })
    .returning();
  return user;
}

export const renameUser = (db: Executor, userId: number, name: string) =>
  db.update(users).set({ name }).where(eq(users.id, userId));

export const addToGroup = (db: Executor, groupId: number, childId: number) =>
  db.insert(groupMembers).values({ groupId, childId });

/** Stores the hash of a guest's report link token (the token itself is given once). */
export const insertReportLink = (db: Executor, childId: number, tokenHash: string) =>
  db.insert(guestReportLinks).values({ childId, tokenHash });

/** The learner a guest report link's token hash opens. */
export async function learnerByReportLink(db: Executor, tokenHash: string): Promise<ChildRow | undefined> {
  const [row] = await db
    .select({ child: children })
    .from(guestReportLinks)
    .innerJoin(children, eq(children.id, guestReportLinks.childId))
    .where(eq(guestReportLinks.tokenHash, tokenHash));
  return row?.child;
}

const ORDER_COLUMNS = { id: children.id, name: children.name, created_at: children.createdAt };

/** A page of the guests' learners in the caller's scope, with their guest user. */
export async function guestsPage(db: Executor, actor: Actor, filter: GuestListInput) {
  const where = and(
    eq(users.type, USER_TYPE.guest),
    childrenInScope(actor),
    searchCondition(filter.search_text, [children.name, users.academicNumber]),
  );
  const rows = await db
    .select({ child: children, user: users, total: sql<number>`cast(count(*) over() as integer)` })
    .from(children)
    .innerJoin(users, eq(users.id, children.parentId))
    .where(where)
    .orderBy(
      orderBy(ORDER_COLUMNS[filter.order_by], filter.order_direction),
      orderBy(children.id, filter.order_direction),
    )
    .limit(filter.limit)
    .offset(filter.offset);
  return { rows, count: rows[0]?.total ?? 0 };
}

/**
 * Guests whose last activity — their sign-up, or the last change to a test of theirs or a stage they sent — is older
 * than `days`, oldest first, at most `limit`; locked, skipping any another process holds (guest retention).
 */
export async function expiredGuestIds(db: Executor, days: number, limit: number): Promise<number[]> {
  const cutoff = sql`now() - make_interval(days => ${days})`;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.type, USER_TYPE.guest),
        sql`${users.createdAt} < ${cutoff}`,
        sql`not exists (select 1 from ${children} c join ${exams} e on e.child_id = c.id
          left join ${examSubmissions} s on s.exam_id = e.id
          where c.parent_id = ${users.id} and greatest(e.created_at, e.updated_at, s.created_at) >= ${cutoff})`,
      ),
    )
    .orderBy(users.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((r) => r.id);
}
