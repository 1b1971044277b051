import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { children, schoolQuotas, schools, users } from '../../server/db/schema';
import { multipart } from './support/files';
import { demo, withApp } from './support/withApp';

/** Bulk enrolment from the templates: every row checked, errors by row and cell, one transaction, idempotent. */
const t = withApp();
let school: string;
let nile: number;
let sea: number;

beforeAll(async () => {
  school = await t.token('school');
  const rows = await t.db.select().from(schools);
  nile = rows.find((r) => r.name === 'Nile Creative School')!.id;
  sea = rows.find((r) => r.name === 'مدرسة نسيم البحر')!.id;
  await t.db.update(schoolQuotas).set({ approvedSeats: 5000 }).where(eq(schoolQuotas.schoolId, nile));
});

const studentsAt = async () =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(children)
      .where(eq(children.schoolId, nile))
  )[0].n;

/** The school's template in a language, filled with rows, as the user's spreadsheet program would save it. */
async function filledTemplate(
  kind: 'students' | 'teachers',
  lang: string,
  rows: (string | number)[][],
): Promise<Buffer> {
  const res = await t.inject({ url: `/api/schools/template/${kind}?lang=${lang}`, as: 'school' });
  expect(res.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const upload = (
  kind: 'students' | 'teachers',
  file: Buffer,
  mode: string,
  token = school,
  extra: Record<string, string> = {},
) => {
  const form = multipart(
    { mode, ...extra },
    {
      name: 'file',
      filename: 'template.xlsx',
      data: file,
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    },
  );
  return t.inject({
    method: 'POST',
    url: `/api/schools/import/${kind}`,
    token,
    payload: form.body,
    headers: form.headers,
  });
};

const studentRow = (i: number) => [
  `طالب رقم ${i}`,
  String(30000000000000 + i),
  (i % 2) + 1,
  '2016-02-03',
  i % 4 === 0 ? '2 أ' : '',
  '',
];

describe('student templates', () => {
  it('downloads as template.xlsx with the headers in the user language', async () => {
    const res = await t.inject({ url: '/api/schools/template/students?lang=ar', as: 'school' });
    expect(res.headers['content-disposition']).toContain('filename="template.xlsx"');
    expect(res.headers['cache-control']).toContain('private');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].getRow(1).getCell(2).value).toBe('الرقم القومي (14 رقمًا)');
    expect(workbook.worksheets[0].views[0].rightToLeft).toBe(true);
    // the date and mobile columns are text-formatted, with a note in the template's language on how to type them
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(4).value).toBe('تاريخ الميلاد (DD/MM/YYYY)');
    expect([4, 6].map((c) => sheet.getColumn(c).numFmt)).toEqual(['@', '@']);
    expect(sheet.getRow(1).getCell(4).note).toContain('13/04/2016');
    expect(sheet.getRow(1).getCell(6).note).toContain('01008337887');
    expect(sheet.getRow(1).getCell(6).note).toMatch(/[\u0600-\u06FF]/);
    expect((await t.inject({ url: '/api/schools/template/teachers?lang=en', as: 'school' })).statusCode).toBe(200);
    expect(
      (await t.inject({ url: '/api/schools/template/students', token: await t.signIn('family') })).statusCode,
    ).toBe(403);
  });
});

describe('bulk enrolment of 1,000 students', () => {
  let file: Buffer;
  const before = { count: 0 };

  beforeAll(async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => studentRow(i));
    rows[536][1] = '12345'; // row 538 of the sheet (header + 1-based): a short national id in column B
    file = await filledTemplate('students', 'ar', rows);
    before.count = await studentsAt();
  });

  it('checking reports the one bad row by row and cell and saves nothing', async () => {
    const res = await upload('students', file, 'check');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ mode: 'check', total: 1000, valid: 999, existing: 0, enrolled: 0 });
    expect(res.json().errors).toEqual([
      { row: 538, column: 'B', field: 'national_id', key: 'app.validation.nationalId' },
    ]);
    expect(await studentsAt()).toBe(before.count);
  });

  it('"enrol all" refuses the whole file while one row is wrong', async () => {
    const res = await upload('students', file, 'all');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ key: 'app.import.hasErrors', enrolled: 0, errors: [{ row: 538, column: 'B' }] });
    expect(await studentsAt()).toBe(before.count);
  });

  it('"enrol valid only" enrols the 999 in one go; the same file again enrols nobody twice', async () => {
    const res = await upload('students', file, 'valid');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ enrolled: 999, existing: 0 });
    expect(res.json().seats.used).toBe(before.count + 999);
    expect(await studentsAt()).toBe(before.count + 999);
    const withClass = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(children)
      .where(
        sql`${children.schoolId} = ${nile} and ${children.classId} is not null and ${children.nationalId} like '3000000000%'`,
      );
    expect(withClass[0].n).toBe(249); // every fourth row names a class; the bad row 536 was one of them

    const again = await upload('students', file, 'valid');
    expect(again.json()).toMatchObject({ enrolled: 0, existing: 999, valid: 0 });
    expect(await studentsAt()).toBe(before.count + 999);
    // and once the bad row is fixed, "all" enrols exactly that one
    const fixed = await filledTemplate('students', 'en', [studentRow(536)]);
    expect((await upload('students', fixed, 'all')).json()).toMatchObject({ enrolled: 1, existing: 0 });
    expect((await upload('students', fixed, 'all')).json()).toMatchObject({ enrolled: 0, existing: 1 });
    expect(await studentsAt()).toBe(before.count + 1000);
  });
});

describe('what a row may not do', () => {
  it("reports file duplicates, unknown classes, other schools' students and formulas as plain data", async () => {
    const [seaStudent] = await t.db.select().from(children).where(eq(children.schoolId, sea)).limit(1);
    const file = await filledTemplate('students', 'de', [
      ['=HYPERLINK("http://evil.test","x")', '31111111111111', 1, '2015-01-01', '', ''],
      ['Twin', '31111111111111', 2, '2015-01-01', '', ''],
      ['Nobody', '31111111111112', 'ولد', '2015-01-01', 'no such class', ''],
      ['Elsewhere', seaStudent.nationalId!, 1, '2015-01-01', '', ''],
      ['', '', 'x', 'soon', '', ''],
    ]);
    const res = await upload('students', file, 'valid');
    expect(res.statusCode).toBe(200);
    expect(res.json().errors).toEqual([
      { row: 3, column: 'B', field: 'national_id', key: 'app.import.duplicateInFile' },
      { row: 4, column: 'E', field: 'class', key: 'app.import.unknownClass' },
      { row: 5, column: 'B', field: 'national_id', key: 'app.import.nationalIdTaken' },
      { row: 6, column: 'A', field: 'name', key: 'app.validation.required' },
      { row: 6, column: 'B', field: 'national_id', key: 'app.validation.required' },
      { row: 6, column: 'C', field: 'gender', key: 'app.validation.invalidChoice' },
      { row: 6, column: 'D', field: 'birthdate', key: 'app.validation.invalidDate' },
    ]);
    expect(res.json().enrolled).toBe(1);
    const [stored] = await t.db.select().from(children).where(eq(children.nationalId, '31111111111111'));
    expect(stored.name).toBe('=HYPERLINK("http://evil.test","x")');
    const [other] = await t.db.select().from(children).where(eq(children.id, seaStudent.id));
    expect(other.schoolId).toBe(sea);
  });

  it('refuses (409) more students than free seats, saving none', async () => {
    const used = await studentsAt();
    await t.db
      .update(schoolQuotas)
      .set({ approvedSeats: used + 2 })
      .where(eq(schoolQuotas.schoolId, nile));
    const file = await filledTemplate('students', 'ar', [5001, 5002, 5003].map(studentRow));
    const res = await upload('students', file, 'all');
    expect(res.statusCode).toBe(409);
    expect(res.json().key).toBe('app.schools.errors.noFreeSeats');
    expect(await studentsAt()).toBe(used);
  });

  it('answers 400 for a missing file, a wrong file or a missing column; 404 for another school', async () => {
    const none = multipart({ mode: 'check' });
    const missing = await t.inject({
      method: 'POST',
      url: '/api/schools/import/students',
      as: 'school',
      payload: none.body,
      headers: none.headers,
    });
    expect(missing.json().errors).toEqual({ file: 'app.import.fileRequired' });
    expect((await upload('students', Buffer.from('not a workbook'), 'check')).json().key).toBe(
      'app.import.notAWorkbook',
    );
    const teachersFile = await filledTemplate('teachers', 'ar', []);
    expect((await upload('students', teachersFile, 'check')).json().key).toBe('app.import.missingColumn');
    expect((await upload('students', teachersFile, 'sometimes')).json().errors).toEqual({
      mode: 'app.validation.invalidChoice',
    });
    expect((await upload('students', teachersFile, 'check', school, { school_id: String(sea) })).statusCode).toBe(404);
  });
});

describe('bulk teachers', () => {
  it('makes teacher accounts with a link to choose a password; the same file again makes nobody twice', async () => {
    const file = await filledTemplate('teachers', 'fr', [
      ['ريم جمال', 'reem@example.test', 2, ''],
      ['باسل عمرو', 'Basel@Example.test', 'ذكر', '0100000000'],
      ['Dup', 'reem@example.test', 2, ''],
      ['Taken', demo.family.email, 1, ''],
    ]);
    const first = await upload('teachers', file, 'valid');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ enrolled: 2, existing: 0 });
    expect(first.json().errors).toEqual([
      { row: 4, column: 'B', field: 'email', key: 'app.import.duplicateInFile' },
      { row: 5, column: 'B', field: 'email', key: 'app.import.emailTaken' },
    ]);
    const [basel] = await t.db.select().from(users).where(eq(users.email, 'basel@example.test'));
    expect(basel).toMatchObject({ schoolId: nile, type: 1, gender: 1 });
    await t.app.jobs.drain(); // the welcome mails are delivered by background jobs
    const mail = t.mails.find((m) => m.to === 'basel@example.test')!;
    const link = /\/reset-password\/([\w-]+)/.exec(mail.text)![1];
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/api/users/reset/password',
          payload: { token: link, password: 'basel-pass-1', confirm_password: 'basel-pass-1' },
        })
      ).statusCode,
    ).toBe(200);
    const me = await t.inject({ url: '/api/me', token: await t.signIn('basel@example.test', 'basel-pass-1') });
    expect(me.json().user.roles).toEqual(['teacher']);

    const again = await upload('teachers', file, 'valid');
    expect(again.json()).toMatchObject({ enrolled: 0, existing: 2 });
    await t.app.jobs.drain();
    expect(t.mails.filter((m) => m.to === 'basel@example.test')).toHaveLength(1);
  });
});
