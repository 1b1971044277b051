import { eq } from 'drizzle-orm';
import { USER_TYPE } from '../../domain/codes';
import { ROLE, type RoleName } from '../../domain/permissions';
import { SEAT_STATUS } from '../../domain/schools';
import type { Transaction } from '../db/client';
import {
  children,
  courses,
  groupMembers,
  groups,
  regions,
  roles,
  schoolClasses,
  schoolQuotas,
  schools,
  seatRequests,
  userRoles,
  users,
} from '../db/schema';
import { hashPassword } from '../services/passwords';
import type { DemoContext } from './context';

/**
 * Schools demo data: classes, teachers, students, groups and seat requests
 * for Cairo Region's two schools (the demo school admin's Nile Creative
 * School and Delta Future School), and a second region, Alexandria, with two
 * schools of its own and its own region admin. Seat requests exist in every
 * state; each school's quota is the sum of its approved requests.
 */

const BOYS = ['عمر', 'يوسف', 'آدم', 'مالك', 'حمزة', 'زياد', 'كريم', 'سليم', 'ياسين', 'مازن', 'علي', 'خالد'];
const GIRLS = ['مريم', 'ليلى', 'جنى', 'فريدة', 'سلمى', 'نور', 'حبيبة', 'رقية', 'ملك', 'هنا', 'تالية', 'سارة'];
const FAMILY = ['حسن', 'محمود', 'إبراهيم', 'السيد', 'عبد الله', 'مصطفى', 'فؤاد', 'رمضان'];

/** A 14-digit national id: century digit, birth date (yymmdd), a serial (counted per seeding, so every demo is alike). */
const nationalIdFor = (birthdate: string, serial: number) =>
  `3${birthdate.slice(2, 4)}${birthdate.slice(5, 7)}${birthdate.slice(8, 10)}${String(serial).padStart(7, '0')}`;

interface SchoolPlan {
  classes: [string, number][];
  students: number;
  teachers: { name: string; email: string; gender: number }[];
  /** seat requests: seats, region decision, admin decision */
  requests: { seats: number; region: number; admin: number; note: string }[];
}

async function roleId(tx: Transaction, name: RoleName) {
  const [row] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.key, name));
  return row.id;
}

export async function seedSchoolsDemo(tx: Transaction, demo: DemoContext): Promise<void> {
  let nationalSerial = 0;
  const passwordHash = await hashPassword('demo1234');
  const roleIds = {
    teacher: await roleId(tx, ROLE.teacher),
    schoolAdmin: await roleId(tx, ROLE.schoolAdmin),
    regionAdmin: await roleId(tx, ROLE.regionAdmin),
  };
  const adminId = demo.accounts.get(ROLE.admin)!;
  const cairoAdminId = demo.accounts.get(ROLE.regionAdmin)!;
  const [course] = await tx.select({ id: courses.id }).from(courses).limit(1);

  const account = async (
    name: string,
    email: string,
    role: keyof typeof roleIds,
    place: { schoolId?: number; regionId?: number },
    gender = 2,
  ) => {
    const [row] = await tx
      .insert(users)
      .values({
        name,
        email,
        passwordHash,
        type: role === 'teacher' ? USER_TYPE.teacher : USER_TYPE.family,
        gender,
        country: 'EG',
        city: 'Cairo',
        jobTitle: role === 'teacher' ? 'Teacher' : role === 'schoolAdmin' ? 'School principal' : 'Regional coordinator',
        approved: true,
        schoolId: place.schoolId ?? null,
        regionId: place.regionId ?? null,
      })
      .returning({ id: users.id });
    await tx.insert(userRoles).values({ userId: row.id, roleId: roleIds[role] });
    return row.id;
  };

  /** Classes, teachers, students (spread over classes), two groups and the seat requests of one school. */
  const fillSchool = async (schoolId: number, schoolAdminId: number, regionAdminId: number, plan: SchoolPlan) => {
    const classRows = await tx
      .insert(schoolClasses)
      .values(plan.classes.map(([name, number]) => ({ schoolId, name, number })))
      .returning();
    const teacherIds: number[] = [];
    for (const t of plan.teachers) teacherIds.push(await account(t.name, t.email, 'teacher', { schoolId }, t.gender));
    const studentRows = [];
    for (let i = 0; i < plan.students; i++) {
      const girl = i % 2 === 1;
      const klass = classRows[i % classRows.length];
      const birthdate = `${2019 - klass.number}-0${(i % 9) + 1}-1${i % 9}`;
      studentRows.push({
        name: `${(girl ? GIRLS : BOYS)[i % 12]} ${FAMILY[(i * 3) % FAMILY.length]}`,
        gender: girl ? 2 : 1,
        birthdate,
        nationalId: nationalIdFor(birthdate, ++nationalSerial),
        schoolId,
        classId: klass.id,
        country: 'EG',
        language: 'ar',
      });
    }
    const students = await tx.insert(children).values(studentRows).returning({ id: children.id });
    const groupRows = await tx
      .insert(groups)
      .values([
        {
          name: `${plan.classes[0][0]} · الرسم الإبداعي`,
          courseId: course?.id ?? null,
          teacherId: teacherIds[0] ?? null,
          schoolId,
        },
        {
          name: `${plan.classes[1][0]} · المخترعون الصغار`,
          courseId: course?.id ?? null,
          teacherId: teacherIds[1] ?? null,
          schoolId,
        },
      ])
      .returning({ id: groups.id });
    // two thirds of the students are placed in groups; the rest wait (non_Active)
    const placed = students.filter((_, i) => i % 3 !== 2);
    if (placed.length)
      await tx.insert(groupMembers).values(placed.map((s, i) => ({ groupId: groupRows[i % 2].id, childId: s.id })));
    let approved = 0;
    for (const [i, r] of plan.requests.entries()) {
      const decidedAt = new Date(Date.now() - (plan.requests.length - i) * 86_400_000 * 3);
      const status = r.region === SEAT_STATUS.declined ? SEAT_STATUS.declined : r.admin;
      if (status === SEAT_STATUS.approved) approved += r.seats;
      await tx.insert(seatRequests).values({
        schoolId,
        seats: r.seats,
        note: r.note,
        status,
        regionStatus: r.region,
        requestedBy: schoolAdminId,
        createdAt: new Date(decidedAt.getTime() - 86_400_000),
        ...(r.region !== SEAT_STATUS.pending ? { regionDecidedBy: regionAdminId, regionDecidedAt: decidedAt } : {}),
        ...(r.admin !== SEAT_STATUS.pending
          ? { adminDecidedBy: adminId, adminDecidedAt: new Date(decidedAt.getTime() + 3_600_000) }
          : {}),
      });
    }
    await tx
      .insert(schoolQuotas)
      .values({ schoolId, approvedSeats: approved })
      .onConflictDoUpdate({ target: schoolQuotas.schoolId, set: { approvedSeats: approved } });
  };

  const { pending, approved, declined } = SEAT_STATUS;
  const [nileId, deltaId] = demo.schoolIds;
  await tx.update(schools).set({ city: 'القاهرة', address: 'شارع النيل 12، المعادي' }).where(eq(schools.id, nileId));
  await tx.update(schools).set({ city: 'طنطا', address: 'شارع الجيش 5' }).where(eq(schools.id, deltaId));
  // Nile Creative School: the demo school admin's
  await fillSchool(nileId, demo.accounts.get(ROLE.schoolAdmin)!, cairoAdminId, {
    classes: [
      ['1 أ', 1],
      ['2 أ', 2],
      ['3 أ', 3],
      ['4 ب', 4],
    ],
    students: 18,
    teachers: [
      { name: 'هدى سامي', email: 'huda@nile.demo.test', gender: 2 },
      { name: 'كريم فاروق', email: 'karim@nile.demo.test', gender: 1 },
    ],
    requests: [
      { seats: 30, region: approved, admin: approved, note: 'بداية العام الدراسي' },
      { seats: 10, region: approved, admin: approved, note: 'فصل رابع جديد' },
      { seats: 5, region: declined, admin: pending, note: 'طلاب منتقلون' },
      { seats: 8, region: approved, admin: declined, note: 'نشاط صيفي' },
    ],
  });
  const deltaAdmin = await account('دينا عادل', 'principal@delta.demo.test', 'schoolAdmin', { schoolId: deltaId });
  await fillSchool(deltaId, deltaAdmin, cairoAdminId, {
    classes: [
      ['1 أ', 1],
      ['2 أ', 2],
    ],
    students: 8,
    teachers: [{ name: 'أحمد نبيل', email: 'nabil@delta.demo.test', gender: 1 }],
    requests: [
      { seats: 20, region: approved, admin: approved, note: 'بداية العام الدراسي' },
      { seats: 10, region: approved, admin: pending, note: 'مجموعة ثانية' },
      { seats: 6, region: pending, admin: pending, note: 'طلاب جدد' },
    ],
  });

  // a second region with two schools and its own admin
  const [alex] = await tx.insert(regions).values({ name: 'منطقة الإسكندرية' }).returning();
  const alexAdmin = await account('عزة الإسكندراني', 'region.alex@demo.test', 'regionAdmin', { regionId: alex.id });
  const [sea, pharos] = await tx
    .insert(schools)
    .values([
      { name: 'مدرسة نسيم البحر', regionId: alex.id, city: 'الإسكندرية', address: 'طريق الكورنيش 40' },
      { name: 'أكاديمية فاروس', regionId: alex.id, city: 'الإسكندرية', address: 'شارع فؤاد 7' },
    ])
    .returning();
  const seaAdmin = await account('منى البحيري', 'principal@sea.demo.test', 'schoolAdmin', { schoolId: sea.id });
  await fillSchool(sea.id, seaAdmin, alexAdmin, {
    classes: [
      ['1 أ', 1],
      ['2 ب', 2],
      ['5 أ', 5],
    ],
    students: 12,
    teachers: [
      { name: 'رنا الشاذلي', email: 'rana@sea.demo.test', gender: 2 },
      { name: 'طارق منصور', email: 'tarek@sea.demo.test', gender: 1 },
    ],
    requests: [
      { seats: 25, region: approved, admin: approved, note: 'بداية العام الدراسي' },
      { seats: 12, region: pending, admin: pending, note: 'فصل خامس' },
      { seats: 40, region: declined, admin: pending, note: 'توسعة كبيرة' },
    ],
  });
  const pharosAdmin = await account(
    'شريف رأفت',
    'principal@pharos.demo.test',
    'schoolAdmin',
    { schoolId: pharos.id },
    1,
  );
  await fillSchool(pharos.id, pharosAdmin, alexAdmin, {
    classes: [
      ['3 أ', 3],
      ['6 أ', 6],
    ],
    students: 6,
    teachers: [{ name: 'إيمان صبري', email: 'iman@pharos.demo.test', gender: 2 }],
    requests: [
      { seats: 10, region: approved, admin: approved, note: 'بداية العام الدراسي' },
      { seats: 15, region: approved, admin: pending, note: 'مسابقة نيومي' },
      { seats: 4, region: approved, admin: declined, note: 'طلاب زائرون' },
    ],
  });
}
