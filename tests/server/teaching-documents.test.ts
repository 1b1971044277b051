import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATE_FORMAT } from '../../server/adapters/xlsx';
import { certificates, notifications, users } from '../../server/db/schema';
import { demo, withApp } from './support/withApp';
import { groupId, makeFamily, makeTeacher } from './support/teaching';

/** Certificates (PDF, verification code, public check) and the users export (docs/api/teaching.md). */
const t = withApp();
let family: { id: number; token: string; childId: number };
let drawingA: number;
const RESULTS = path.resolve('test-results');
beforeAll(async () => {
  family = await makeFamily(t, 'certificate.family@demo.test', { name: 'محمد عبد الرحمن', birthdate: '2015-06-01' });
  drawingA = await groupId(t, 'Drawing A');
  const join = await t.inject({
    method: 'POST',
    url: `/api/groups/add/${drawingA}/1`,
    token: family.token,
    payload: { user_id: family.childId, promo_code: 'DRAWA1' },
  });
  expect(join.statusCode).toBe(200);
  // the group's teacher issues the certificate (its first print); the family then prints it
  const issued = await t.inject({
    url: `/api/users/export/certificate/${family.childId}/${drawingA}?lang=en`,
    as: 'teacher',
  });
  expect(issued.statusCode).toBe(200);
});

const pdftotext = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');

describe('GET /api/users/export/certificate/{userId}/{groupId}', () => {
  it("makes an Arabic certificate with the child's name shaped and extractable, saved as PNG for review", async () => {
    const res = await t.inject({
      url: `/api/users/export/certificate/${family.childId}/${drawingA}?lang=ar`,
      token: family.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('محمد عبد الرحمن-certificate.pdf')}`,
    );
    expect(res.headers['cache-control']).toContain('private');
    const pdf = res.rawPayload;
    const text = pdftotext(pdf);
    expect(text).toContain('محمد عبد الرحمن');
    expect(text).toContain('شهادة إتمام');
    expect(text).toContain('Creative Drawing');
    expect(text).toContain('Drawing A');
    const [certificate] = await t.db.select().from(certificates).where(eq(certificates.childId, family.childId));
    expect(text).toContain(certificate.code);
    fs.mkdirSync(RESULTS, { recursive: true });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'certificate-'));
    fs.writeFileSync(path.join(dir, 'c.pdf'), pdf);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-singlefile',
      path.join(dir, 'c.pdf'),
      path.join(RESULTS, 'certificate-ar'),
    ]);
    expect(fs.statSync(path.join(RESULTS, 'certificate-ar.png')).size).toBeGreaterThan(5000);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('speaks the language asked for (lang, else Accept-Language) and keeps the same code on every print', async () => {
    const url = `/api/users/export/certificate/${family.childId}/${drawingA}`;
    const en = pdftotext(
      (await t.inject({ url, as: 'teacher', headers: { 'accept-language': 'en-GB,en;q=0.9' } })).rawPayload,
    );
    expect(en).toContain('Certificate of Completion');
    expect(en).toContain('محمد عبد الرحمن');
    expect(pdftotext((await t.inject({ url: `${url}?lang=de`, as: 'teacher' })).rawPayload)).toContain(
      'Abschlusszertifikat',
    );
    expect(
      pdftotext((await t.inject({ url, as: 'teacher', headers: { 'accept-language': 'fr-FR' } })).rawPayload),
    ).toContain('Certificat de réussite');
    expect(pdftotext((await t.inject({ url: `${url}?lang=gr`, as: 'teacher' })).rawPayload)).toContain(
      'Abschlusszertifikat',
    );
    expect((await t.inject({ url: `${url}?lang=xx`, as: 'teacher' })).statusCode).toBe(400);
    expect(await t.db.select().from(certificates).where(eq(certificates.childId, family.childId))).toHaveLength(1);
  });

  it('speaks of a girl in the feminine («قد أتمّت») and of a boy in the masculine («قد أتمّ»), saved as PNG', async () => {
    const girl = await makeFamily(t, 'certificate.girl@demo.test', { name: 'ليلى حسن', gender: 2 });
    const join = await t.inject({
      method: 'POST',
      url: `/api/groups/add/${drawingA}/1`,
      token: girl.token,
      payload: { user_id: girl.childId, promo_code: 'DRAWA1' },
    });
    expect(join.statusCode).toBe(200);
    const certificateOf = async (childId: number, lang: string) => {
      const res = await t.inject({
        url: `/api/users/export/certificate/${childId}/${drawingA}?lang=${lang}`,
        as: 'admin',
      });
      expect(res.statusCode).toBe(200);
      return res.rawPayload;
    };
    const girlPdf = await certificateOf(girl.childId, 'ar');
    const girls = pdftotext(girlPdf);
    expect(girls).toContain('ليلى حسن');
    expect(girls).toContain('قد أتمّت بنجاح دورة');
    // pdftotext may give a final letter's shadda before the letter: compare without it
    const boys = pdftotext(await certificateOf(family.childId, 'ar')).replace(/\s*\u0651/g, '');
    expect(boys).toContain('قد أتم بنجاح دورة');
    expect(boys).not.toContain('أتمت');
    expect(girls.replace(/\s*\u0651/g, '')).toContain('قد أتمت بنجاح دورة');
    // English, German and French say it the same way for both
    expect(pdftotext(await certificateOf(girl.childId, 'en'))).toContain('has successfully completed the course');
    fs.mkdirSync(RESULTS, { recursive: true });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'certificate-'));
    fs.writeFileSync(path.join(dir, 'c.pdf'), girlPdf);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-singlefile',
      path.join(dir, 'c.pdf'),
      path.join(RESULTS, 'certificate-ar-girl'),
    ]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers 404 outside scope and 409 for a child who is not an active member', async () => {
    const url = `/api/users/export/certificate/${family.childId}/${drawingA}`;
    const stranger = await makeFamily(t, 'certificate.stranger@demo.test');
    expect((await t.inject({ url, token: stranger.token })).statusCode).toBe(404);
    const other = await makeTeacher(t, 'certificate.teacher@demo.test');
    expect((await t.inject({ url, token: other.token })).statusCode).toBe(404);
    const notMember = await t.inject({
      url: `/api/users/export/certificate/${stranger.childId}/${drawingA}`,
      as: 'admin',
    });
    expect(notMember.statusCode).toBe(409);
    expect(notMember.json().key).toBe('app.teaching.certificateNotMember');
    expect((await t.inject({ url })).statusCode).toBe(401);
  });

  it('the public check shows only the code, the course, the date and the first name', async () => {
    const [certificate] = await t.db.select().from(certificates).where(eq(certificates.childId, family.childId));
    const res = await t.inject({ url: `/api/certificates/${certificate.code.toLowerCase()}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      certificate: {
        code: certificate.code,
        course: 'Creative Drawing',
        date: certificate.issuedAt.toISOString().slice(0, 10),
        first_name: 'محمد',
      },
    });
    const wrong = await t.inject({ url: '/api/certificates/AAAA-BBBB-CCCC' });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().key).toBe('app.teaching.certificateNotFound');
    expect((await t.inject({ url: "/api/certificates/x'%20or%201=1" })).statusCode).toBe(404);
  });
});

describe('the family\'s certificates (docs/api/teaching.md "Certificates and exports")', () => {
  const certificateUrl = (childId: number, groupId: number, lang = 'ar') =>
    `/api/users/export/certificate/${childId}/${groupId}?lang=${lang}`;

  it('tells the family in the top bar when the teacher issues the certificate, once', async () => {
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, family.id));
    const issued = told.filter((n) => n.type === 'certificate_issued');
    expect(issued).toHaveLength(1);
    expect(issued[0].link).toBe(`/student-details/${family.childId}`);
    expect(issued[0].studentId).toBe(family.childId);
    expect(issued[0].params).toEqual({ child: 'محمد عبد الرحمن', course: 'Creative Drawing', group: 'Drawing A' });
    const notes = await t.inject({
      method: 'POST',
      url: '/api/users/notifications',
      token: family.token,
      payload: { type: 'certificate_issued' },
    });
    expect(notes.statusCode).toBe(200);
    expect(notes.json().notifications[0]).toMatchObject({
      type: 'certificate_issued',
      title: 'app.notifications.kinds.certificate_issued',
      message: 'app.notifications.messages.certificate_issued',
      link: `/student-details/${family.childId}`,
    });
  });

  it("lists the child's certificates on the child's page, for the family and the teacher, not for others", async () => {
    const [certificate] = await t.db.select().from(certificates).where(eq(certificates.childId, family.childId));
    const expected = [
      {
        group_id: drawingA,
        group_name: 'Drawing A',
        course_name: 'Creative Drawing',
        code: certificate.code,
        issued_at: certificate.issuedAt.toISOString(),
      },
    ];
    for (const who of [family.token, await t.token('teacher')]) {
      const res = await t.inject({ url: `/api/student/details/${family.childId}`, token: who });
      expect(res.statusCode).toBe(200);
      expect(res.json().certificates).toEqual(expected);
    }
    const stranger = await makeFamily(t, 'certificate.list.stranger@demo.test');
    expect((await t.inject({ url: `/api/student/details/${family.childId}`, token: stranger.token })).statusCode).toBe(
      404,
    );
    const own = await t.inject({ url: `/api/student/details/${stranger.childId}`, token: stranger.token });
    expect(own.json().certificates).toEqual([]);
  });

  it("prints only its own children's certificates: another child's id answers 404, as does one not issued", async () => {
    const other = await makeFamily(t, 'certificate.other@demo.test', { name: 'سارة', gender: 2 });
    const join = await t.inject({
      method: 'POST',
      url: `/api/groups/add/${drawingA}/1`,
      token: other.token,
      payload: { user_id: other.childId, promo_code: 'DRAWA1' },
    });
    expect(join.statusCode).toBe(200);
    // a guessed id: the other child's certificate, issued or not, is not this family's
    expect((await t.inject({ url: certificateUrl(other.childId, drawingA), token: family.token })).statusCode).toBe(
      404,
    );
    expect((await t.inject({ url: certificateUrl(other.childId, drawingA), as: 'teacher' })).statusCode).toBe(200);
    const guessed = await t.inject({ url: certificateUrl(other.childId, drawingA), token: family.token });
    expect(guessed.statusCode).toBe(404);
    expect(guessed.body).not.toContain('سارة');
    // and the other family prints theirs, in the child's gender
    const hers = await t.inject({ url: certificateUrl(other.childId, drawingA), token: other.token });
    expect(hers.statusCode).toBe(200);
    expect(pdftotext(hers.rawPayload)).toContain('سارة');
    expect(pdftotext(hers.rawPayload).replace(/\s*\u0651/g, '')).toContain('قد أتمت بنجاح دورة');

    // a family never issues a certificate itself: before the teacher does, 404 and nothing stored
    const drawingB = await groupId(t, 'Drawing B');
    const joinB = await t.inject({
      method: 'POST',
      url: `/api/groups/add/${drawingB}/1`,
      token: family.token,
      payload: { user_id: family.childId, promo_code: 'DRAWB2' },
    });
    expect(joinB.statusCode).toBe(200);
    const early = await t.inject({ url: certificateUrl(family.childId, drawingB), token: family.token });
    expect(early.statusCode).toBe(404);
    expect(early.json().key).toBe('app.teaching.certificateNotIssued');
    expect(await t.db.select().from(certificates).where(eq(certificates.childId, family.childId))).toHaveLength(1);
  });

  it('keeps an issued certificate after the child leaves the group: listed and printed', async () => {
    const left = await t.inject({
      method: 'POST',
      url: `/api/groups/remove/user/${drawingA}`,
      as: 'teacher',
      payload: { user_id: family.childId },
    });
    expect(left.statusCode).toBe(200);
    const details = await t.inject({ url: `/api/student/details/${family.childId}`, token: family.token });
    expect(details.json().certificates.map((c: { group_id: number }) => c.group_id)).toEqual([drawingA]);
    const pdf = await t.inject({ url: certificateUrl(family.childId, drawingA, 'fr'), token: family.token });
    expect(pdf.statusCode).toBe(200);
    expect(pdftotext(pdf.rawPayload)).toContain('Certificat de réussite');
  });
});

describe('GET /api/users/export', () => {
  const readBack = async (payload: Buffer) => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(payload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { sheet, rows };
  };

  it('streams users.xlsx with the users in scope, headers in the language, text as text, admins by their role', async () => {
    await t.db
      .update(users)
      .set({ city: '=HYPERLINK("http://evil")', mobileNo: '+201000' })
      .where(eq(users.email, demo.family.email));
    const res = await t.inject({ url: '/api/users/export?lang=en', as: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('users.xlsx');
    const { rows, sheet } = await readBack(res.rawPayload);
    expect(rows[0]).toEqual([
      'ID',
      'Name',
      'Email',
      'Account type',
      'Country',
      'City',
      'Mobile number',
      'Status',
      'Created',
    ]);
    const familyRow = rows.find((r) => r[2] === demo.family.email)!;
    // a string cell is never evaluated: shown as written, with no apostrophe
    expect(familyRow[5]).toBe('=HYPERLINK("http://evil")');
    expect(familyRow[6]).toBe('+201000');
    expect(familyRow[3]).toBe('Family');
    const familyLine = rows.indexOf(familyRow) + 1;
    expect(sheet.getRow(familyLine).getCell(6).type).toBe(ExcelJS.ValueType.String);
    // the creation day: a date cell in the one format of every export
    expect(familyRow[8]).toBeInstanceOf(Date);
    expect(sheet.getRow(familyLine).getCell(9).numFmt).toBe(DATE_FORMAT);
    // the admins are shown as what they are, not as families
    const typeOf = (email: string) => rows.find((r) => r[2] === email)![3];
    expect(typeOf(demo.admin.email)).toBe('Platform admin');
    expect(typeOf(demo.region.email)).toBe('Region admin');
    expect(typeOf(demo.school.email)).toBe('School admin');
    expect(typeOf(demo.teacher.email)).toBe('Teacher');
    const count = (await t.db.select().from(users)).length;
    expect(rows).toHaveLength(count + 1);
    const ar = await readBack(
      (await t.inject({ url: '/api/users/export', as: 'admin', headers: { 'accept-language': 'ar' } })).rawPayload,
    );
    expect(ar.rows[0][1]).toBe('الاسم');
    expect(ar.rows.find((r) => r[2] === demo.school.email)![3]).toBe('مدير المدرسة');
    expect(ar.sheet.views[0].rightToLeft).toBe(true);
  });

  it('exports only the users in scope; 403 without access_users', async () => {
    const schoolAdmin = (await t.db.select().from(users).where(eq(users.email, demo.school.email)))[0];
    const { permissions, userPermissions } = await import('../../server/db/schema');
    const [permission] = await t.db.select().from(permissions).where(eq(permissions.name, 'access_users'));
    await t.db.insert(userPermissions).values({ userId: schoolAdmin.id, permissionId: permission.id });
    const res = await t.inject({ url: '/api/users/export', as: 'school' });
    const { rows } = await readBack(res.rawPayload);
    const exported = rows
      .slice(1)
      .map((r) => r[2])
      .sort();
    const ofSchool = (await t.db.select().from(users).where(eq(users.schoolId, schoolAdmin.schoolId!)))
      .map((u) => u.email)
      .sort();
    expect(exported).toEqual(ofSchool);
    expect(exported).toEqual(expect.arrayContaining([demo.school.email, demo.teacher.email]));
    for (const outsider of [demo.admin.email, demo.region.email, demo.family.email])
      expect(exported).not.toContain(outsider);
    expect((await t.inject({ url: '/api/users/export', as: 'teacher' })).statusCode).toBe(403);
  });
});
