import { ROLE, type RoleName } from '../../domain/permissions';
import { USER_TYPE } from '../../domain/codes';
import type { Database } from '../db/client';
import type { Transaction } from '../db/client';
import { children, regions, schools, userRoles, users } from '../db/schema';
import { findUserByEmail } from '../repositories/users';
import { hashPassword } from '../services/passwords';
import { roleIdsByKey } from '../db/bootstrap';
import { seedTeachingDemo } from './teaching';
import { seedActivitiesDemo } from './activities';
import { seedExamsDemo } from './exams';
import { seedPublicDemo } from './public';
import { seedScoringDemo } from './scoring';
import { seedSchoolsDemo } from './schools';
import { seedMarkingDemo } from './marking';
import { seedReliabilityDemo } from './reliability';
import type { FileStorage } from '../adapters/storage';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts';
import type { DemoContext } from './context';

/**
 * What each demo person does, as a person would write it in the profile's free-text job title (never a role's code:
 * the profile shows the job title as written).
 */
const DEMO_JOB_TITLES: Record<RoleName, string> = {
  admin: 'Academy director',
  region_admin: 'Regional coordinator',
  admin_school: 'School principal',
  teacher: 'Art teacher',
  student: 'Parent',
  marker: 'Test marker',
};

/** Each area's demo data, in order (server/seed/<area>.ts). */
const AREA_SEEDERS: ((tx: Transaction, demo: DemoContext) => Promise<void>)[] = [
  seedTeachingDemo,
  seedActivitiesDemo,
  seedScoringDemo,
  seedExamsDemo,
  seedMarkingDemo,
  seedPublicDemo,
  seedSchoolsDemo,
  seedReliabilityDemo,
];

/**
 * Demo data for a first start: one region, two schools, one account per
 * role, a family with two children; then each area's own demo data.
 */
export async function seedDemo(db: Database, storage?: FileStorage): Promise<boolean> {
  if (await findUserByEmail(db, DEMO_ACCOUNTS[0].email)) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [region] = await tx.insert(regions).values({ name: 'Cairo Region' }).returning();
    const [schoolA, schoolB] = await tx
      .insert(schools)
      .values([
        { name: 'Nile Creative School', regionId: region.id },
        { name: 'Delta Future School', regionId: region.id },
      ])
      .returning();
    const roleIds = await roleIdsByKey(
      tx as unknown as Database,
      DEMO_ACCOUNTS.map((a) => a.role),
    );
    const created = new Map<RoleName, number>();
    for (const account of DEMO_ACCOUNTS) {
      const isTeacher = account.role === ROLE.teacher;
      const [user] = await tx
        .insert(users)
        .values({
          name: account.name,
          email: account.email,
          passwordHash,
          type: isTeacher ? USER_TYPE.teacher : USER_TYPE.family,
          gender: account.role === ROLE.student ? 2 : isTeacher ? 1 : 2,
          country: 'EG',
          city: 'Cairo',
          jobTitle: DEMO_JOB_TITLES[account.role],
          approved: true,
          regionId: account.role === ROLE.regionAdmin ? region.id : null,
          schoolId: account.role === ROLE.schoolAdmin || isTeacher ? schoolA.id : null,
          ...(isTeacher
            ? {
                degree: 0,
                major: 'Art education',
                faculty: 'Fine Arts',
                specialization: 1,
                grade: 1,
                employment: 0,
                experience: 2,
                availableHours: 8,
                employmentPlace: 1,
                agreement: true,
              }
            : {}),
        })
        .returning();
      await tx.insert(userRoles).values({ userId: user.id, roleId: roleIds.get(account.role)! });
      created.set(account.role, user.id);
    }
    const familyId = created.get(ROLE.student)!;
    const [yousef, laila] = await tx
      .insert(children)
      .values([
        {
          parentId: familyId,
          name: 'Yousef',
          gender: 1,
          birthdate: '2016-04-12',
          country: 'EG',
          city: 'Cairo',
          language: 'ar',
          schoolId: schoolA.id,
        },
        {
          parentId: familyId,
          name: 'Laila',
          gender: 2,
          birthdate: '2018-09-30',
          country: 'EG',
          city: 'Cairo',
          language: 'ar',
          secondLanguage: 'en',
          schoolId: schoolB.id,
        },
      ])
      .returning();
    const demo: DemoContext = {
      accounts: created,
      regionId: region.id,
      schoolIds: [schoolA.id, schoolB.id],
      childIds: [yousef.id, laila.id],
      storage,
    };
    for (const seedArea of AREA_SEEDERS) await seedArea(tx, demo);
  });
  return true;
}
