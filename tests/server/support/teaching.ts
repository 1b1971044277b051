import { eq } from 'drizzle-orm';
import { ROLE } from '../../../domain/permissions';
import { children, courses, groups, users } from '../../../server/db/schema';
import { assignRoleByName } from '../../../server/repositories/users';
import { hashPassword } from '../../../server/services/passwords';
import { DEMO_PASSWORD } from '../../../server/seed/accounts';
import { call, login, type TestApp } from './testApp';

/** Helpers of the teaching tests: extra accounts and the demo records by name. */

/** A second approved teacher (the demo has one), signed in. */
export async function makeTeacher(t: TestApp, email: string, schoolId: number | null = null) {
  const [row] = await t.db
    .insert(users)
    .values({
      name: `Teacher ${email}`,
      email,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      type: 1,
      approved: true,
      schoolId,
    })
    .returning();
  await assignRoleByName(t.db, row.id, ROLE.teacher);
  return { id: row.id, token: await login(t.app, email) };
}

/** A new family account (signed up through the API) with one child. */
export async function makeFamily(
  t: TestApp,
  email: string,
  child: { name?: string; birthdate?: string; gender?: 1 | 2 } = {},
) {
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/register',
    payload: {
      type: 0,
      gender: 2,
      name: 'Other Family',
      email,
      confirm_email: email,
      country: 'EG',
      password: 'password-1',
      confirm_password: 'password-1',
    },
  });
  if (res.statusCode !== 201) throw new Error(`register ${email}: ${res.body}`);
  const token = res.json().access_token as string;
  const added = await call(t.app, {
    method: 'POST',
    url: '/api/users/add/child',
    token,
    payload: {
      name: child.name ?? 'Other Child',
      gender: child.gender ?? 1,
      birthdate: child.birthdate ?? '2016-05-05',
    },
  });
  if (added.statusCode !== 201) throw new Error(`add child: ${added.body}`);
  return { id: res.json().user.id as number, token, childId: added.json().child.id as number };
}

export const groupId = async (t: TestApp, name: string) =>
  (await t.db.select().from(groups).where(eq(groups.name, name)))[0].id;
export const courseId = async (t: TestApp, name: string) =>
  (await t.db.select().from(courses).where(eq(courses.name, name)))[0].id;
export const childId = async (t: TestApp, name: string) =>
  (await t.db.select().from(children).where(eq(children.name, name)))[0].id;

/** Every required field of a group (docs/PRODUCT.md §5 "Edit group"), valid. */
export const validGroup = (course: number, extra: Record<string, unknown> = {}) => ({
  name: 'New group',
  days: [0, 3],
  course_id: course,
  grade: 1,
  school: 'Nile Creative School',
  country: 'EG',
  city: 'Cairo',
  ...extra,
});

/** A teacher's sign-up fields beyond an account's own (POST /api/register type 1, docs/API.md "Auth"), valid. */
export const TEACHER_SIGN_UP_FIELDS = {
  degree: 1,
  major: 'Psychology',
  faculty: 'Arts',
  specialization: 2,
  grade: 1,
  employment: 0,
  experience: 3,
  available_hours: 12,
  employment_place: 1,
  agreement: true,
} as const;
