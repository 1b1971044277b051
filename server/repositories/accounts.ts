import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { USER_TYPE } from '../../domain/codes';
import type { RegisterInput } from '../../domain/schemas/auth';
import type { Executor } from '../db/client';
import { passwordResets, users } from '../db/schema';
import type { UserRow } from './users';

/** The account of a signed-in user (the token proved it exists). */
export async function userById(db: Executor, id: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Inserts a new account as the sign-up form describes it: a teacher's answers too, waiting for approval. */
export async function insertRegisteredUser(db: Executor, input: RegisterInput, passwordHash: string): Promise<UserRow> {
  const teacher = input.type === USER_TYPE.teacher ? input : null;
  const [created] = await db
    .insert(users)
    .values({
      name: input.name,
      email: input.email,
      passwordHash,
      type: input.type,
      gender: input.gender,
      country: input.country,
      city: input.city,
      birthdate: input.birthdate,
      mobileNo: input.mobile_no,
      aboutMe: input.about_me,
      jobTitle: input.job_title,
      ...(teacher
        ? {
            degree: teacher.degree,
            major: teacher.major,
            faculty: teacher.faculty,
            specialization: teacher.specialization,
            grade: teacher.grade,
            employment: teacher.employment,
            experience: teacher.experience,
            availableHours: teacher.available_hours,
            employmentPlace: teacher.employment_place,
            agreement: true,
            approved: false,
          }
        : {}),
    })
    .returning();
  return created;
}

/** Sets an account's password hash. */
export async function setPasswordHash(db: Executor, userId: number, passwordHash: string) {
  await db
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** How many reset links an account was sent since a moment. */
export async function resetMailsSince(db: Executor, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, userId), gt(passwordResets.createdAt, since)));
  return row.n;
}

/** Stores a reset link by the hash of its token. */
export async function insertPasswordReset(db: Executor, userId: number, tokenHash: string, expiresAt: Date) {
  await db.insert(passwordResets).values({ userId, tokenHash, expiresAt });
}

/** A link that still works: this token, not used, not expired. */
const liveReset = (tokenHash: string) =>
  sql`${passwordResets.tokenHash} = ${tokenHash} and ${passwordResets.usedAt} is null and ${passwordResets.expiresAt} > now()`;

/** The live reset link of a token hash, with its account's email. */
export async function findLiveReset(db: Executor, tokenHash: string) {
  const [found] = await db
    .select({ id: passwordResets.id, userId: passwordResets.userId, email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(liveReset(tokenHash));
  return found;
}

/** Marks a reset link used if it still works; its account's id, or undefined when it no longer did. */
export async function useReset(db: Executor, id: number, tokenHash: string): Promise<number | undefined> {
  const [reset] = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.id, id), liveReset(tokenHash)))
    .returning({ userId: passwordResets.userId });
  return reset?.userId;
}

/** Voids every unused reset link of an account. */
export async function voidResetsOf(db: Executor, userId: number) {
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
