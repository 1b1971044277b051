import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificates, users } from '../../server/db/schema';
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

describe('GET /api/users/export', () => {
  const readBack = async (payload: Buffer) => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(payload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { sheet, rows };
  };

  it('streams users.xlsx with the users in scope, headers in the language, formula-like text escaped', async () => {
    await t.db
      .update(users)
      .set({ city: '=HYPERLINK("http://evil")', mobileNo: '+201000' })
      .where(eq(users.email, demo.family.email));
    const res = await t.inject({ url: '/api/users/export?lang=en', as: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('users.xlsx');
    const { rows } = await readBack(res.rawPayload);
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
    expect(familyRow[5]).toBe('\'=HYPERLINK("http://evil")');
    expect(familyRow[6]).toBe("'+201000");
    expect(familyRow[3]).toBe('Family');
    const count = (await t.db.select().from(users)).length;
    expect(rows).toHaveLength(count + 1);
    const ar = await readBack(
      (await t.inject({ url: '/api/users/export', as: 'admin', headers: { 'accept-language': 'ar' } })).rawPayload,
    );
    expect(ar.rows[0][1]).toBe('الاسم');
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
