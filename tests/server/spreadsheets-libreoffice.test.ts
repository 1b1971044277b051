import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textsIn } from '../../domain/texts';
import { children, schoolQuotas, schools, users } from '../../server/db/schema';
import { reportTexts } from '../../server/services/reportDocuments';
import { multipart } from './support/files';
import { seedWorkedScores } from './support/reports';
import { demo, withApp } from './support/withApp';

/**
 * Every spreadsheet the API sends, opened as a person opens it: LibreOffice Calc (headless) converts each workbook
 * to CSV with the cells' formatted text, as shown (docs/DECISIONS.md "Spreadsheets as people open them"), and the
 * test reads what a school secretary would see: texts as written (no apostrophe), dates in the one format, account
 * types by role, the challenge of every exam row. A filled template, typed as a secretary types (text dates
 * 13/04/2016, a phone typed as a number), shows as typed and imports with the right values and a warning per cell.
 *
 * One soffice call converts every file (it takes seconds to start), with a profile of its own so that two runs do
 * not collide. Without soffice the test fails in CI (CI set: .ci/run installs libreoffice-calc-nogui) and is skipped
 * elsewhere, as vitest.config.ts treats TEST_DATABASE_URL.
 */

const inCI = !!process.env.CI && !['0', 'false'].includes(process.env.CI.toLowerCase());
const soffice = (() => {
  try {
    return execFileSync('sh', ['-c', 'command -v soffice'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
})();
if (!soffice && !inCI)
  process.stderr.write('spreadsheets-libreoffice: soffice is not installed, so this test is skipped (CI runs it)\n');

/**
 * The CSV export filter's options (the LibreOffice wiki "Filter Options"): comma, double quotes, UTF-8, from line 1,
 * no column formats, en-US, quoted text only where needed, no numbers detected, the cells **as shown** (formatted),
 * no formulas, no BOM, and every sheet (-1: one file per sheet, `<file>-<sheet>.csv`).
 */
const CSV_FILTER = 'csv:Text - txt - csv (StarCalc):44,34,76,1,,1033,false,false,true,false,false,-1';

/** A CSV as LibreOffice writes it: fields split on commas, double-quoted fields with "" inside. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) rows.push([...row, field]);
  return rows;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const PHONE = '+20 122 555 0123';

const t = withApp();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'neomi-soffice-'));
/** The sheets LibreOffice showed, by file and sheet name: rows of cells as displayed. */
const shown = new Map<string, string[][]>();
const sheetOf = (file: string, sheet: string) => {
  const rows = shown.get(`${file}-${sheet}`);
  if (!rows) throw new Error(`no sheet ${sheet} of ${file}: ${[...shown.keys()].join(', ')}`);
  return rows;
};
/** A column of a shown sheet by its header: the cells below it. */
const column = (rows: string[][], header: string) => {
  const i = rows[0].indexOf(header);
  expect(i, `column ${header} in ${rows[0].join(' | ')}`).toBeGreaterThanOrEqual(0);
  return rows.slice(1).map((r) => r[i] ?? '');
};

let nile: number;
let importReport: {
  errors: unknown[];
  warnings: { row: number; column: string; field: string; key: string }[];
  enrolled: number;
};

/** The students template in Arabic, filled as a secretary types into Calc. */
async function filledStudents(): Promise<Buffer> {
  const res = await t.inject({ url: '/api/schools/template/students?lang=ar', as: 'school' });
  expect(res.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  // a text date as the region writes it, and a mobile number typed into a number cell (its 0 lost)
  sheet.addRow(['أمل سامي', '30000000000801', 2, '13/04/2016', '', 1008337887]);
  // 10 January, never 1 October
  sheet.addRow(['بدر سامي', '30000000000802', 1, '10/01/2016', '', '01008337887']);
  // a date cell (pasted from another sheet): taken as the day it holds, with a warning to check day and month
  const row = sheet.addRow(['جود سامي', '30000000000803', 2, new Date(Date.UTC(2015, 2, 5)), '', '01112223334']);
  row.getCell(4).numFmt = 'dd/mm/yyyy';
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe.skipIf(!soffice && !inCI)('spreadsheets opened in LibreOffice Calc', () => {
  beforeAll(async () => {
    if (!soffice)
      throw new Error(
        'CI is set but soffice is not installed: the spreadsheets cannot be checked as people open them. ' +
          ".ci/run installs Debian's libreoffice-calc-nogui; install it (or run outside CI to skip this file).",
      );
    // what the exports hold: a phone and a formula-like text, the worked scores, a kit order, a form's answer
    await t.db
      .update(users)
      .set({ mobileNo: PHONE, city: '=HYPERLINK("http://evil")' })
      .where(eq(users.email, demo.family.email));
    await seedWorkedScores(t.db);
    const drawingA = (
      (await t.db.execute(sql`select id from groups where name = 'Drawing A'`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows[0].id;
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/contact/us',
      remoteAddress: '192.0.2.80',
      payload: {
        email: 'head@sunrise.example',
        entity: 'Sunrise School',
        kits_no: 3,
        contact_name: 'Huda Kamal',
        phone_number: PHONE,
        address: '12 Nile Street, Giza',
        comment: '',
      },
    });
    expect(order.statusCode, order.body).toBe(200);
    const L = (en: string) => ({ en, ar: `${en} بالعربية` });
    const formRes = await t.inject({
      method: 'POST',
      url: '/api/forms/add_form',
      as: 'admin',
      payload: {
        title: L('Visit request'),
        description: L('When to come'),
        published: true,
        fields: [
          { kind: 'text', label: L('Your name'), required: true },
          { kind: 'phone', label: L('Phone'), required: true },
        ],
      },
    });
    expect(formRes.statusCode, formRes.body).toBe(201);
    const form = formRes.json().form as { id: number; fields: { name: string }[] };
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/forms/${form.id}/answers`,
      remoteAddress: '192.0.2.81',
      payload: { answers: { [form.fields[0].name]: 'Huda Kamal', [form.fields[1].name]: PHONE } },
    });
    expect(answer.statusCode, answer.body).toBe(200);

    // every workbook the API sends
    const files: Record<string, Buffer> = {};
    const download = async (name: string, url: string, as = 'admin') => {
      const res = await t.inject({ url, as });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      files[name] = res.rawPayload;
    };
    await download('users_en', '/api/users/export?lang=en');
    await download('users_ar', '/api/users/export?lang=ar');
    await download('exam', `/api/exam-export?group_id=${drawingA}&exam_type=1&locale=en`);
    await download('orders', '/api/contact/orders/export?locale=en');
    await download('form', `/api/forms/${form.id}/answers/export?locale=en`);
    await download('words_template', '/api/category/import-words/template?locale=en');
    await download('teachers_template', '/api/schools/template/teachers?lang=en', 'school');
    const job = await t.post('/api/exports', { kind: 'exam-results', group_id: drawingA, exam_type: 1 }, 'admin');
    expect(job.statusCode, job.body).toBe(201);
    await t.app.jobs.drain();
    await download('exam_job', `/api/exports/${job.json().export.id}/file`);
    files.students_filled = await filledStudents();

    for (const [name, data] of Object.entries(files)) fs.writeFileSync(path.join(dir, `${name}.xlsx`), data);
    const out = path.join(dir, 'out');
    await promisify(execFile)(
      soffice,
      [
        `-env:UserInstallation=file://${path.join(dir, 'profile')}`,
        '--headless',
        '--norestore',
        '--convert-to',
        CSV_FILTER,
        '--outdir',
        out,
        ...Object.keys(files).map((name) => path.join(dir, `${name}.xlsx`)),
      ],
      { timeout: 170_000 },
    );
    for (const csv of fs.readdirSync(out))
      shown.set(csv.replace(/\.csv$/, ''), parseCsv(fs.readFileSync(path.join(out, csv), 'utf8')));

    // the filled template imported
    nile = (await t.db.select().from(schools)).find((s) => s.name === 'Nile Creative School')!.id;
    await t.db.update(schoolQuotas).set({ approvedSeats: 5000 }).where(eq(schoolQuotas.schoolId, nile));
    const upload = multipart(
      { mode: 'all' },
      { name: 'file', filename: 'template.xlsx', data: files.students_filled, type: 'application/octet-stream' },
    );
    const res = await t.inject({
      method: 'POST',
      url: '/api/schools/import/students',
      as: 'school',
      payload: upload.body,
      headers: upload.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    importReport = res.json();
  }, 240_000);

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('converted every sheet of every workbook, and no cell shows an apostrophe the data does not have', () => {
    for (const file of ['users_en', 'users_ar', 'exam', 'exam_job', 'orders', 'form', 'words_template'])
      expect(
        [...shown.keys()].some((k) => k.startsWith(`${file}-`)),
        file,
      ).toBe(true);
    for (const [name, rows] of shown)
      for (const cell of rows.flat()) expect(cell.startsWith("'"), `${name}: ${cell}`).toBe(false);
  });

  it('users.xlsx: the phone and a formula-like text as written, the day in the one format, admins by role', () => {
    const en = textsIn('en');
    const rows = sheetOf('users_en', en('users.sheet'));
    const row = (email: string) => rows.find((r) => r[2] === email)!;
    expect(row(demo.family.email)[6]).toBe(PHONE);
    expect(row(demo.family.email)[5]).toBe('=HYPERLINK("http://evil")');
    expect(column(rows, en('users.column.created_at')).every((d) => ISO_DAY.test(d))).toBe(true);
    expect(row(demo.admin.email)[3]).toBe('Platform admin');
    expect(row(demo.region.email)[3]).toBe('Region admin');
    expect(row(demo.school.email)[3]).toBe('School admin');
    expect(row(demo.teacher.email)[3]).toBe('Teacher');
    expect(row(demo.family.email)[3]).toBe('Family');
    const ar = sheetOf('users_ar', textsIn('ar')('users.sheet'));
    expect(ar.find((r) => r[2] === demo.school.email)![3]).toBe('مدير المدرسة');
    expect(ar.find((r) => r[2] === demo.admin.email)![3]).toBe('مدير المنصة');
  });

  it('exam_results.xlsx, sent or made by an export job: test days in the one format, the challenge on every row', async () => {
    const texts = reportTexts('en');
    for (const file of ['exam', 'exam_job']) {
      const rows = sheetOf(file, texts.sheet);
      expect(rows.length).toBeGreaterThan(1);
      expect(column(rows, texts.columns.test_date).every((d) => ISO_DAY.test(d))).toBe(true);
      // no challenge asked for: the challenges each learner took (the worked scores are of challenge 1)
      expect(column(rows, texts.columns.challenge).every((c) => c === '1')).toBe(true);
    }
  });

  it('kit orders and form answers: the phone as written, the day in the one format', () => {
    const orders = [...shown].find(([k]) => k.startsWith('orders-'))![1];
    const order = orders.find((r) => r.includes('Sunrise School'))!;
    expect(order).toContain(PHONE);
    expect(ISO_DAY.test(order[1])).toBe(true);
    const form = [...shown].find(([k]) => k.startsWith('form-'))![1];
    expect(form[1]).toContain(PHONE);
    expect(ISO_DAY.test(form[1][1])).toBe(true);
  });

  it('the filled template shows as typed, and imports with the right values and a warning per doubtful cell', async () => {
    const rows = sheetOf('students_filled', 'template');
    // what the secretary sees: the dates as typed, the number without its 0 (the warning says why)
    expect(rows.slice(1).map((r) => [r[3], r[5]])).toEqual([
      ['13/04/2016', '1008337887'],
      ['10/01/2016', '01008337887'],
      ['05/03/2015', '01112223334'],
    ]);
    expect(importReport.errors).toEqual([]);
    expect(importReport.enrolled).toBe(3);
    expect(importReport.warnings).toEqual([
      { row: 2, column: 'F', field: 'mobile_no', key: 'app.import.numberCell' },
      { row: 4, column: 'D', field: 'birthdate', key: 'app.import.dateCellAmbiguous' },
    ]);
    const stored = await t.db
      .select({ name: children.name, birthdate: children.birthdate, mobile: children.mobileNo })
      .from(children)
      .where(sql`${children.nationalId} like '300000000008%'`)
      .orderBy(children.nationalId);
    // the number cell is stored as it is (the warning asks the school to correct it), the texts as typed
    expect(stored.map((c) => [c.name, String(c.birthdate).slice(0, 10), c.mobile])).toEqual([
      ['أمل سامي', '2016-04-13', '1008337887'],
      ['بدر سامي', '2016-01-10', '01008337887'],
      ['جود سامي', '2015-03-05', '01112223334'],
    ]);
  });
});
