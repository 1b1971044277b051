import { and, eq, getTableColumns, inArray, isNotNull, ne, or, sql, type SQL, type Subquery } from 'drizzle-orm';
import { type AnyPgColumn, union } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { activityListSchema } from '../../domain/schemas/activities';
import { NO_BADGE } from '../../domain/activities';
import { ACTIVITY_STATUS, MEMBER_STATUS } from '../../domain/codes';
import { prefixQuery, searchDocument } from '../../domain/search';
import type { Actor } from '../auth/actor';
import { activitiesInScope, activitiesToEvaluate, galleryInScope, scopeKey, teacherActivityParts } from '../auth/scope';
import { builtOnce, UNNAMED } from '../db/builtOnce';
import { countedRows } from '../db/rowCounts';
import { cappedTotal, orderBy, pageAndTotal, SEARCH_COUNT_CAP } from '../db/listing';
import type { Executor, Transaction } from '../db/client';
import { activities, children, courses, groupMembers, groups, lessonActivities, lessons, users } from '../db/schema';
import { notFound } from '../errors';
import type { ActivityDetailOut } from '../../domain/schemas/activities';

export type ActivityListFilter = z.output<typeof activityListSchema>;

/** An activity as read for showing: every column but the search words. */
export type ActivityRow = Omit<typeof activities.$inferSelect, 'searchText'>;
const { searchText: _searchWords, ...shownColumns } = getTableColumns(activities);

/** Where an activity's image is served: only through a route that checks the caller may see it. */
export const activityImageUrl = (row: Pick<ActivityRow, 'id' | 'image'>, variant?: 'thumb') =>
  row.image ? `/api/evaluation/image/${row.id}?v=${row.image.slice(0, 8)}${variant ? `&size=${variant}` : ''}` : null;

/** A column of the row that `reference` points at, read by a subquery (null when it points nowhere). */
const referencedColumn = <T>(column: AnyPgColumn, idColumn: AnyPgColumn, reference: AnyPgColumn) =>
  sql<T>`(select ${column} from ${idColumn.table} where ${idColumn} = ${reference})`;

/**
 * The columns an activity is shown with: its own, and the names of its child,
 * group, course and evaluator. The names are read by subqueries, not joins: a
 * page needs 25 of them, and planning a five-table join cost PostgreSQL more
 * than running the page (bench/lists.ts).
 */
export const activityColumns = {
  activity: shownColumns,
  childName: referencedColumn<string>(children.name, children.id, activities.childId),
  parentId: referencedColumn<number | null>(children.parentId, children.id, activities.childId),
  groupName: referencedColumn<string | null>(groups.name, groups.id, activities.groupId),
  courseName: referencedColumn<string | null>(courses.name, courses.id, activities.courseId),
  teacherName: referencedColumn<string | null>(users.name, users.id, activities.teacherId),
};

/** activities with what they are shown with; add where/order/limit. */
export const selectActivities = (db: Executor, extra: Record<string, SQL.Aliased | SQL> = {}) =>
  db.select({ ...activityColumns, ...extra }).from(activities);

export type ActivityShown = {
  activity: ActivityRow;
  childName: string;
  parentId: number | null;
  groupName: string | null;
  courseName: string | null;
  teacherName: string | null;
};

export function presentActivity(row: ActivityShown): ActivityDetailOut {
  const a = row.activity;
  return {
    id: a.id,
    child_id: a.childId,
    child_name: row.childName,
    parent_id: row.parentId,
    group_id: a.groupId,
    group_name: row.groupName,
    course_id: a.courseId,
    course_name: row.courseName,
    lesson_activity_id: a.lessonActivityId,
    previous_id: a.previousId,
    title: a.title,
    message: a.message,
    image: activityImageUrl(a),
    thumb: activityImageUrl(a, 'thumb'),
    status: a.status,
    feedback: a.feedback,
    rate: a.rate,
    teacher_rate: a.teacherRate,
    grade: a.grade,
    badge_id: a.badgeId,
    originality: a.originality,
    fluency: a.fluency,
    flexibility: a.flexibility,
    activity_score: a.activityScore,
    teacher_id: a.teacherId,
    teacher_name: row.teacherName,
    evaluated_at: a.evaluatedAt?.toISOString() ?? null,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  };
}

/** Every activity of one learner, oldest first, with its names (the family's archive: services/childArchive.ts). */
export const activitiesOfChild = (db: Executor, childId: number): Promise<ActivityShown[]> =>
  selectActivities(db).where(eq(activities.childId, childId)).orderBy(activities.id);

/** One activity within a scope condition, with its names; 404 outside it. */
export async function findActivity(db: Executor, id: number, scope: SQL | undefined): Promise<ActivityShown> {
  const [row] = await selectActivities(db).where(and(eq(activities.id, id), scope));
  if (!row) throw notFound();
  return row;
}

/** Whether an activity matches a further condition (e.g. the caller may evaluate it). */
export async function activityMatches(db: Executor, id: number, condition: SQL | undefined): Promise<boolean> {
  if (!condition) return true;
  const [row] = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.id, id), condition));
  return !!row;
}

/** What an activity's search column stores for its title: the words of domain/search.ts searchDocument as a tsvector. */
export const titleSearchWords = (title: string): SQL => sql`to_tsvector('simple', ${searchDocument(title)})`;

/** Accepted works (with or without modification) are shown in the gallery. */
export const GALLERY_STATUSES = [ACTIVITY_STATUS.accepted, ACTIVITY_STATUS.acceptedWithModification];

/** The activities in an actor's gallery: accepted, with an image, within their gallery scope. */
export const shownInGallery = (actor: Actor): SQL =>
  and(galleryInScope(actor), inArray(activities.status, GALLERY_STATUSES), isNotNull(activities.image))!;

const ORDER_COLUMNS = {
  id: activities.id,
  created_at: activities.createdAt,
  title: activities.title,
  status: activities.status,
  badge_id: activities.badgeId,
  grade: activities.grade,
};

/**
 * The filters of the activities list, each a condition on the placeholder of
 * its value. `search`: every word of the text as a word start of the title
 * (domain/search.ts prefixQuery), through the activities_search_idx GIN index.
 */
const LIST_FILTERS = {
  search: sql`${activities.searchText} @@ to_tsquery('simple', ${sql.placeholder('search')})`,
  status: eq(activities.status, sql.placeholder('status')),
  child_id: eq(activities.childId, sql.placeholder('child_id')),
  group_id: eq(activities.groupId, sql.placeholder('group_id')),
  lesson_activity_id: eq(activities.lessonActivityId, sql.placeholder('lesson_activity_id')),
};
type ListFilterName = keyof typeof LIST_FILTERS;
type ListValues = Record<ListFilterName, string | number | undefined> & { limit: number; offset: number };
interface ListShape {
  filters: ListFilterName[];
  orderBy: ActivityListFilter['order_by'];
  direction: 'asc' | 'desc';
}

/**
 * The two queries of an actor's activities list of one shape, built with
 * placeholders for its values: the page, and how many match. Every activity
 * (the platform, no filter) is counted by the counter kept by triggers; a
 * title search up to SEARCH_COUNT_CAP (cappedTotal); anything else exactly.
 * A teacher's list sorted by id reads their groups' and their own children's
 * activities each through its index and pages the merged ids (teacherActivityParts).
 */
function buildActivityList(db: Executor, actor: Actor, { filters: names, orderBy: orderColumn, direction }: ListShape) {
  const filters = and(...names.map((name) => LIST_FILTERS[name]));
  const searched = names.includes('search');
  const limit = sql.placeholder('limit');
  const offset = sql.placeholder('offset');
  const countOf = (matching: Subquery) =>
    db
      .select({ n: sql<number>`cast(count(*) as integer)` })
      .from(matching)
      .prepare(UNNAMED);
  const parts = orderColumn === 'id' ? teacherActivityParts(actor) : undefined;
  if (parts) {
    const [groupsPart, childrenPart] = parts.map((part) =>
      db.select({ id: activities.id }).from(activities).where(and(part, filters)),
    );
    const scoped = union(groupsPart, childrenPart).as('scoped');
    const pageIds = db
      .select({ id: scoped.id })
      .from(scoped)
      .orderBy(orderBy(scoped.id, direction))
      .limit(limit)
      .offset(offset);
    const counted = countOf(
      searched
        ? db
            .select({ id: scoped.id })
            .from(scoped)
            .limit(SEARCH_COUNT_CAP + 1)
            .as('matching')
        : scoped,
    );
    return {
      page: selectActivities(db)
        .where(inArray(activities.id, pageIds))
        .orderBy(orderBy(activities.id, direction))
        .prepare(UNNAMED),
      total: (values: ListValues) => counted.execute(values),
    };
  }
  const where = and(activitiesInScope(actor), filters);
  const order = orderColumn === 'id' ? [activities.id] : [ORDER_COLUMNS[orderColumn], activities.id]; // ties by id
  const matching = db
    .select({ one: sql`1` })
    .from(activities)
    .where(where);
  const counted = where
    ? countOf((searched ? matching.limit(SEARCH_COUNT_CAP + 1) : matching).as('matching'))
    : undefined;
  return {
    page: selectActivities(db)
      .where(where)
      .orderBy(...order.map((column) => orderBy(column, direction)))
      .limit(limit)
      .offset(offset)
      .prepare(UNNAMED),
    total: counted
      ? (values: ListValues) => counted.execute(values)
      : () => countedRows(db, ['activities']).then((rows) => [{ n: rows.activities }]),
  };
}

/**
 * A page of the activities an actor may see, filtered and sorted, and how many
 * match (`count`, `count_capped`), by the queries of buildActivityList, built
 * once per shape and scope (server/db/builtOnce.ts).
 */
export async function listActivities(db: Executor, actor: Actor, filter: ActivityListFilter) {
  const values: ListValues = {
    search: prefixQuery(filter.search_text),
    status: filter.status,
    child_id: filter.child_id || undefined,
    group_id: filter.group_id || undefined,
    lesson_activity_id: filter.lesson_activity_id || undefined,
    limit: filter.limit,
    offset: filter.offset,
  };
  const shape: ListShape = {
    filters: (Object.keys(LIST_FILTERS) as ListFilterName[]).filter((name) => values[name] !== undefined),
    orderBy: filter.order_by,
    direction: filter.order_direction,
  };
  const key = `activities/${scopeKey(actor)}/${shape.orderBy}/${shape.direction}/${shape.filters.join(',')}`;
  const list = builtOnce(db, key, () => buildActivityList(db, actor, shape));
  const { rows, total } = await pageAndTotal(list.page.execute(values), list.total(values));
  return { rows, ...(values.search === undefined ? { count: total, count_capped: false } : cappedTotal(total)) };
}

/** Whether the actor may evaluate (and so delete at any status) this activity: access_group and the group in their scope. */
export async function mayEvaluate(db: Executor, actor: Actor, id: number): Promise<boolean> {
  return actor.permissions.has('access_group') && activityMatches(db, id, activitiesToEvaluate(actor));
}

/** The stored name of an activity's image, when the actor may see the activity or it is in their gallery; null otherwise. */
export async function activityImageFor(db: Executor, actor: Actor, id: number): Promise<string | null> {
  const [row] = await db
    .select({ image: activities.image })
    .from(activities)
    .where(and(eq(activities.id, id), or(activitiesInScope(actor), shownInGallery(actor))));
  return row?.image ?? null;
}

/** A child of this family (parent), or null: only the child's own family hands in its work. */
export async function childOfFamily(db: Executor, childId: number, parentId: number) {
  const [child] = await db
    .select()
    .from(children)
    .where(and(eq(children.id, childId), eq(children.parentId, parentId)));
  return child ?? null;
}

/** The group a child belongs to (active member), with its course and teacher; null otherwise. */
export async function activeGroupOf(db: Executor, childId: number, groupId: number) {
  const [row] = await db
    .select({ id: groups.id, courseId: groups.courseId, teacherId: groups.teacherId, name: groups.name })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(
      and(
        eq(groupMembers.childId, childId),
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.status, MEMBER_STATUS.active),
      ),
    );
  return row ?? null;
}

/** Whether a lesson's task belongs to a lesson of this course (never when there is no course). */
export async function isTaskOfCourse(db: Executor, lessonActivityId: number, courseId: number | null) {
  const [task] = await db
    .select({ id: lessonActivities.id })
    .from(lessonActivities)
    .innerJoin(lessons, eq(lessons.id, lessonActivities.lessonId))
    .where(and(eq(lessonActivities.id, lessonActivityId), courseId ? eq(lessons.courseId, courseId) : sql`false`));
  return !!task;
}

/** The status of an earlier activity of the same child (the one a resubmission follows), or null. */
export async function earlierActivityStatus(db: Executor, id: number, childId: number): Promise<number | null> {
  const [previous] = await db
    .select({ status: activities.status })
    .from(activities)
    .where(and(eq(activities.id, id), eq(activities.childId, childId)));
  return previous?.status ?? null;
}

export type NewActivity = Omit<typeof activities.$inferInsert, 'searchText'> & { title: string };

/** Inserts a handed-in activity (its search words from the title); answers its id. */
export async function insertActivity(tx: Transaction, values: NewActivity): Promise<number> {
  const [row] = await tx
    .insert(activities)
    .values({ ...values, searchText: titleSearchWords(values.title) })
    .returning({ id: activities.id });
  return row.id;
}

/** Changes a Pending activity's title, message and (when given) image; false when it is no longer Pending. */
export async function updatePendingActivity(
  tx: Transaction,
  id: number,
  change: { title: string; message: string | null; image: string | null },
): Promise<boolean> {
  const updated = await tx
    .update(activities)
    .set({
      title: change.title,
      searchText: titleSearchWords(change.title),
      message: change.message,
      ...(change.image ? { image: change.image } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(activities.id, id), eq(activities.status, ACTIVITY_STATUS.pending)))
    .returning({ id: activities.id });
  return updated.length > 0;
}

/** Takes an activity's evaluation back: Pending again, with no feedback, rates, grade, badge, scores or evaluator. */
export async function clearEvaluation(tx: Transaction, id: number): Promise<void> {
  await tx
    .update(activities)
    .set({
      status: ACTIVITY_STATUS.pending,
      feedback: null,
      teacherRate: null,
      rate: null,
      grade: null,
      badgeId: NO_BADGE,
      originality: null,
      fluency: null,
      flexibility: null,
      activityScore: null,
      teacherId: null,
      evaluatedAt: null,
      updatedAt: sql`now()`,
    })
    .where(eq(activities.id, id));
}

/** Deletes an activity (only while Pending unless `anyStatus`); false when nothing was deleted. */
export async function deleteActivityRow(tx: Transaction, id: number, anyStatus: boolean): Promise<boolean> {
  const deleted = await tx
    .delete(activities)
    .where(and(eq(activities.id, id), anyStatus ? undefined : eq(activities.status, ACTIVITY_STATUS.pending)))
    .returning({ id: activities.id });
  return deleted.length > 0;
}

/** Stores the family's rating of an activity. */
export async function rateActivityRow(tx: Transaction, id: number, rate: number): Promise<void> {
  await tx
    .update(activities)
    .set({ rate, updatedAt: sql`now()` })
    .where(eq(activities.id, id));
}

export type EvaluationChanges = Pick<
  typeof activities.$inferInsert,
  | 'status'
  | 'feedback'
  | 'teacherRate'
  | 'originality'
  | 'fluency'
  | 'flexibility'
  | 'activityScore'
  | 'badgeId'
  | 'grade'
  | 'teacherId'
  | 'rate'
>;

/**
 * Stores an evaluation (evaluated now), unless a resubmission was asked for
 * meanwhile: false then, and nothing changes.
 */
export async function saveEvaluationRow(tx: Transaction, id: number, changes: EvaluationChanges): Promise<boolean> {
  const saved = await tx
    .update(activities)
    .set({ ...changes, evaluatedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(activities.id, id), ne(activities.status, ACTIVITY_STATUS.resubmit)))
    .returning({ id: activities.id });
  return saved.length > 0;
}
