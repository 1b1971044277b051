/**
 * A large database for the benchmark (`npm run seed:large`, bench/lists.ts):
 * 500 teachers, 5,000 families, 100,000 learners (half children of the
 * families, half students of the demo schools), 50 courses with lessons and
 * their tasks, 2,000 groups, 100,000 memberships and 500,000 activities in
 * every status, written with INSERT ... SELECT over generate_series: the rows
 * are made by the database server itself, in one transaction.
 *
 * It goes on top of the base and demo data (the demo accounts sign in);
 * a second run finds its teachers and does nothing.
 */
import { sql } from 'drizzle-orm';
import { ACTIVITY_STATUS, USER_TYPE } from '../../domain/codes';
import { ROLE } from '../../domain/permissions';
import { searchDocument } from '../../domain/search';
import type { Database } from '../db/client';
import { hashPassword } from '../services/passwords';
import { roleIdsByKey } from '../db/bootstrap';
import { DEMO_PASSWORD } from './accounts';

export const LARGE = {
  teachers: 500,
  families: 5_000,
  learners: 100_000,
  courses: 50,
  groups: 2_000,
  activitiesPerLearner: 5,
} as const;
/** The address of the n-th (1-based) generated teacher or family. */
export const largeEmail = (kind: 'teacher' | 'family', n: number) => `${kind}${String(n).padStart(5, '0')}@large.test`;

const FIRST_NAMES = [
  'محمد',
  'أحمد',
  'مريم',
  'ليلى',
  'يوسف',
  'سارة',
  'عمر',
  'نور',
  'آدم',
  'هدى',
  'Karim',
  'Lina',
  'Adam',
  'Sophie',
  'Jonas',
  'Emma',
];
const LAST_NAMES = ['عبد الرحمن', 'حسن', 'سالم', 'فاروق', 'المصري', 'Haddad', 'Schmidt', 'Martin', 'Nasser', 'Khalil'];
const TITLES = [
  'رسم القمر والنجوم',
  'بيت الأحلام',
  'حديقة الألوان',
  'قصة القطة الصغيرة',
  'مدينة المستقبل',
  'البحر والسفن',
  'My robot friend',
  'A castle in the clouds',
  'The magic tree',
  'Colours of autumn',
  'Mein Traumhaus',
  'Le jardin secret',
];
const COURSE_NAMES = [
  'Creative Drawing',
  'Story Writing',
  'Little Makers',
  'Music and Rhythm',
  'Clay and Shapes',
  'رسم إبداعي',
  'كتابة القصص',
  'صناعة صغيرة',
  'ألوان وحكايات',
  'مسرح العرائس',
];

const textArray = (xs: readonly string[]) =>
  sql`(array[${sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  )}]::text[])`;

/** Fills the database; returns false when it was already done. */
export async function seedLarge(db: Database, log: (line: string) => void = () => {}): Promise<boolean> {
  const [done] = (
    await db.execute<{ n: number }>(sql`select count(*)::int as n from users where email = ${largeEmail('teacher', 1)}`)
  ).rows;
  if (done.n > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const roleIds = await roleIdsByKey(db, [ROLE.teacher, ROLE.student]);
  const teacherRole = roleIds.get(ROLE.teacher)!;
  const familyRole = roleIds.get(ROLE.student)!;
  const firstNames = textArray(FIRST_NAMES);
  const lastNames = textArray(LAST_NAMES);
  const titles = textArray(TITLES);
  const titleSearch = textArray(TITLES.map((t) => searchDocument(t)));
  const courseNames = textArray(COURSE_NAMES);
  const { teachers, families, learners, courses, groups, activitiesPerLearner } = LARGE;
  const familyChildren = learners / 2;

  await db.transaction(async (tx) => {
    const exec = async (label: string, query: ReturnType<typeof sql>) => {
      const started = Date.now();
      const result = await tx.execute(query);
      if (label) log(`  ${label}: ${result.rowCount ?? 0} rows, ${((Date.now() - started) / 1000).toFixed(1)} s`);
    };
    await exec('', sql`set local maintenance_work_mem = '256MB'`);
    /**
     * Bulk rows go in faster without the table's plain indexes (not those of
     * its constraints) and foreign keys (checked row by row otherwise): they
     * are dropped, then made again from their own definitions, each index
     * sorted in one pass and each key checked in one query.
     */
    const withoutIndexes = async (table: string, fill: () => Promise<void>) => {
      const { rows: indexes } = await tx.execute<{ name: string; definition: string }>(sql`
        select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
        from pg_index i join pg_class c on c.oid = i.indexrelid
        where i.indrelid = ${table}::regclass and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`);
      const { rows: keys } = await tx.execute<{ name: string; definition: string }>(sql`
        select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint where conrelid = ${table}::regclass and contype = 'f'`);
      for (const key of keys) await exec('', sql.raw(`alter table "${table}" drop constraint "${key.name}"`));
      for (const index of indexes) await exec('', sql.raw(`drop index "${index.name}"`));
      await fill();
      const started = Date.now();
      for (const index of indexes) await exec('', sql.raw(index.definition));
      for (const key of keys)
        await exec('', sql.raw(`alter table "${table}" add constraint "${key.name}" ${key.definition}`));
      log(
        `  ${table}: ${indexes.length} indexes and ${keys.length} foreign keys made again, ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    };
    // the generated ids by their number in the series, for the joins below (dropped at commit)
    for (const table of ['large_teachers', 'large_families', 'large_courses', 'large_learners']) {
      await exec('', sql.raw(`create temporary table ${table} (n int primary key, id int not null) on commit drop`));
    }
    await exec(
      '',
      sql.raw(
        'create temporary table large_groups (n int primary key, id int not null, course_id int not null, teacher_id int not null) on commit drop',
      ),
    );
    await exec(
      '',
      sql.raw(
        'create temporary table large_tasks (course_id int not null, k int not null, id int not null, primary key (course_id, k)) on commit drop',
      ),
    );
    await exec(
      'teachers',
      sql`
      with made as (
        insert into users (name, email, password_hash, type, gender, country, city, approved, created_at)
        select ${firstNames}[1 + n % ${FIRST_NAMES.length}] || ' ' || ${lastNames}[1 + (n / 7) % ${LAST_NAMES.length}],
               'teacher' || lpad(n::text, 5, '0') || '@large.test', ${passwordHash}, ${USER_TYPE.teacher}, 1 + n % 2, 'EG', 'Cairo', true,
               now() - (n % 700) * interval '1 day'
        from generate_series(1, ${teachers}) n
        returning id, email)
      insert into large_teachers select substring(email from 8 for 5)::int, id from made`,
    );
    await exec(
      'families',
      sql`
      with made as (
        insert into users (name, email, password_hash, type, gender, country, city, mobile_no, created_at)
        select ${firstNames}[1 + (n * 3) % ${FIRST_NAMES.length}] || ' ' || ${lastNames}[1 + n % ${LAST_NAMES.length}],
               'family' || lpad(n::text, 5, '0') || '@large.test', ${passwordHash}, ${USER_TYPE.family}, 1 + n % 2,
               (array['EG','SA','DE','FR','JO'])[1 + n % 5], (array['Cairo','Riyadh','Berlin','Paris','Amman'])[1 + n % 5],
               '+2010' || lpad(n::text, 8, '0'), now() - (n % 700) * interval '1 day'
        from generate_series(1, ${families}) n
        returning id, email)
      insert into large_families select substring(email from 7 for 5)::int, id from made`,
    );
    await exec(
      'roles',
      sql`
      insert into user_roles (user_id, role_id)
      select id, ${teacherRole}::int from large_teachers union all select id, ${familyRole}::int from large_families`,
    );
    await exec(
      'courses',
      sql`
      with made as (
        insert into courses (name, description, status, age_group, languages, start_date, end_date, teacher_id, approval, created_at)
        select ${courseNames}[1 + s.i % ${COURSE_NAMES.length}] || ' ' || s.i, 'A course of the large benchmark database', 1, 5,
               array['ar','en']::varchar[], date '2025-09-01', date '2026-06-30', t.id, 1, now() - s.i * interval '1 day'
        from generate_series(1, ${courses}) s(i) join large_teachers t on t.n = s.i
        returning id, name)
      insert into large_courses select split_part(name, ' ', -1)::int, id from made`,
    );
    await exec(
      'lessons',
      sql`
      insert into lessons (course_id, title, content, position)
      select c.id, 'Lesson ' || p, 'What the children do in lesson ' || p, p from large_courses c, generate_series(1, 5) p`,
    );
    await exec(
      'lesson tasks',
      sql`
      insert into lesson_activities (lesson_id, title, description, kind, position)
      select l.id, 'Task ' || p, 'Draw, write or build what the lesson asks', 1, p
      from lessons l join large_courses c on c.id = l.course_id, generate_series(1, 3) p`,
    );
    await exec(
      '',
      sql`
      insert into large_tasks
      select l.course_id, row_number() over (partition by l.course_id order by l.position, la.position)::int, la.id
      from lessons l join large_courses c on c.id = l.course_id join lesson_activities la on la.lesson_id = l.id`,
    );
    const schoolIds = (await tx.execute<{ id: number }>(sql`select id from schools order by id`)).rows.map((r) => r.id);
    const schools = schoolIds.length
      ? sql`array[${sql.join(
          schoolIds.map((id) => sql`${id}::int`),
          sql`, `,
        )}]`
      : sql`array[null::int]`;
    const schoolOfGroup = (n: ReturnType<typeof sql>) =>
      sql`case when ${n} > ${groups / 2} then (${schools})[1 + ${n} % ${Math.max(schoolIds.length, 1)}] end`;
    // the first half of the groups take the families' children, the second half the schools' students
    const groupOfLearner = sql`(case when l.n <= ${familyChildren} then 1 + l.n % ${groups / 2} else ${groups / 2 + 1} + l.n % ${groups / 2} end)`;
    await exec(
      'groups',
      sql`
      with made as (
        insert into groups (name, course_id, teacher_id, school_id, status, promo_code, days, start_from, end_at, age_group, grade, school, country, city, gender, search_text, created_at)
        select 'Group ' || s.i, c.id, t.id, ${schoolOfGroup(sql`s.i`)}, case when s.i % 50 = 0 then 3 else 1 end, 'LARGE' || s.i, array[1, 3]::smallint[],
               date '2025-09-01', date '2026-06-30', 5, 1 + s.i % 6, 'Large School ' || (s.i % 20), 'EG', 'Cairo', s.i % 3,
               lower('group ' || s.i || ' large' || s.i || ' large school ' || (s.i % 20) || ' cairo'), now() - (s.i % 365) * interval '1 day'
        from generate_series(1, ${groups}) s(i)
        join large_courses c on c.n = 1 + s.i % ${courses}
        join large_teachers t on t.n = 1 + s.i % ${teachers}
        returning id, name, course_id, teacher_id)
      insert into large_groups select split_part(name, ' ', 2)::int, id, course_id, teacher_id from made`,
    );
    await withoutIndexes('children', async () => {
      await exec(
        'learners',
        sql`
        with made as (
          insert into children (parent_id, school_id, name, birthdate, gender, language, country, city, national_id, created_at)
          select f.id, case when l.n > ${familyChildren} then ${schoolOfGroup(groupOfLearner)} end,
                 ${firstNames}[1 + l.n % ${FIRST_NAMES.length}] || ' ' || ${lastNames}[1 + (l.n / 16) % ${LAST_NAMES.length}] || ' ' || l.n,
                 date '2012-01-01' + (l.n % 2500), 1 + l.n % 2, 'ar', 'EG', 'Cairo',
                 case when l.n > ${familyChildren} then '3' || lpad(l.n::text, 13, '0') end,
                 now() - (l.n % 700) * interval '1 day'
          from generate_series(1, ${learners}) l(n)
          left join large_families f on f.n = 1 + l.n % ${families} and l.n <= ${familyChildren}
          returning id, name)
        insert into large_learners select split_part(name, ' ', -1)::int, id from made`,
      );
    });
    await withoutIndexes('group_members', async () => {
      await exec(
        'memberships',
        sql`
        insert into group_members (group_id, child_id, status, position, created_at)
        select g.id, l.id, case when l.n % 40 = 0 then 0 when l.n % 41 = 0 then 2 when l.n % 97 = 0 then 3 else 1 end,
               l.n / ${groups}, now() - (l.n % 300) * interval '1 day'
        from large_learners l join large_groups g on g.n = ${groupOfLearner}`,
      );
    });
    await withoutIndexes('activities', async () => {
      await exec(
        'activities',
        sql`
        insert into activities (child_id, course_id, group_id, lesson_activity_id, name, title, search_text, message, status,
                                rate, teacher_rate, grade, badge_id, activity_score, originality, fluency, flexibility, teacher_id, evaluated_at, created_at)
        select l.id, g.course_id, g.id, task.id, 'Task ' || (1 + s.j % 3),
               ${titles}[1 + (l.n + s.j) % ${TITLES.length}], to_tsvector('simple', ${titleSearch}[1 + (l.n + s.j) % ${TITLES.length}]), 'What I made',
               (l.n + s.j) % 4,
               case when (l.n + s.j) % 4 in (${ACTIVITY_STATUS.accepted}, ${ACTIVITY_STATUS.acceptedWithModification}) then 1 + (l.n + s.j) % 5 end,
               case when (l.n + s.j) % 4 > 0 then 1 + (l.n * s.j) % 5 end,
               case when (l.n + s.j) % 4 > 0 then 50 + (l.n + s.j) % 51 end,
               case when (l.n + s.j) % 4 > 0 then 1 + (l.n + s.j) % 5 else 1 end,
               case when (l.n + s.j) % 4 > 0 then (l.n + s.j) % 11 end, case when (l.n + s.j) % 4 > 0 then (l.n + 2 * s.j) % 11 end,
               case when (l.n + s.j) % 4 > 0 then (l.n + 3 * s.j) % 11 end, case when (l.n + s.j) % 4 > 0 then (l.n + 5 * s.j) % 11 end,
               case when (l.n + s.j) % 4 > 0 then g.teacher_id end,
               case when (l.n + s.j) % 4 > 0 then now() - ((l.n + s.j) % 365) * interval '1 day' + interval '2 days' end,
               now() - ((l.n + s.j) % 365) * interval '1 day' - (s.j * 37 % 1440) * interval '1 minute'
        from large_learners l
        join large_groups g on g.n = ${groupOfLearner}
        cross join generate_series(1, ${activitiesPerLearner}) s(j)
        join large_tasks task on task.course_id = g.course_id and task.k = 1 + (l.n + s.j) % 15`,
      );
    });
  });
  const started = Date.now();
  // statistics for the planner, and the visibility map that lets counts read only an index
  await db.execute(sql`vacuum (analyze)`);
  log(`  vacuum (analyze): ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}
