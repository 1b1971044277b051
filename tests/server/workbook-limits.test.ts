import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { WORKBOOK_LIMITS } from '../../domain/codes';
import { multipart } from './support/files';
import { withApp } from './support/withApp';
import { partsOf, repeatedPart, textOf, writeZip, type RawPart } from './support/zip';

/**
 * Workbook uploads are zips: the three imports (students, teachers, dictionary words) refuse
 * with 413 app.import.workbookTooLarge, before exceljs sees the file, a workbook whose zip
 * declares more than WORKBOOK_LIMITS or inflates past what it declares
 * (server/adapters/workbookGuard.ts; docs/api/schools.md "Bulk enrolment").
 */
const t = withApp();
let school: string;
let admin: string;
let setId: number;
/** the parts of the students template, as exceljs writes them */
let template: RawPart[];
let sheetHead: string;
let sheetTail: string;

const MiB = 1 << 20;

beforeAll(async () => {
  [school, admin] = await Promise.all([t.token('school'), t.token('admin')]);
  const set = await t.inject({
    method: 'POST',
    url: '/api/category/category-management',
    token: admin,
    payload: { kind: 'set', name: 'حدود المصنفات', code: 'workbook-limits' },
  });
  expect(set.statusCode).toBe(201);
  setId = set.json().set.id;
  const res = await t.inject({ url: '/api/schools/template/students?lang=en', token: school });
  template = await partsOf(res.rawPayload);
  // the sheet's XML cut after <sheetData>: whitespace there is still a valid sheet
  const sheet = textOf(template.find((p) => p.name === 'xl/worksheets/sheet1.xml')!);
  const cut = sheet.indexOf('<sheetData>') + '<sheetData>'.length;
  expect(cut).toBeGreaterThan('<sheetData>'.length);
  [sheetHead, sheetTail] = [sheet.slice(0, cut), sheet.slice(cut)];
});

/** The students template with its sheet replaced. */
const withSheet = (sheet: RawPart) =>
  writeZip(template.map((p) => (p.name === 'xl/worksheets/sheet1.xml' ? { ...sheet, name: p.name } : p)));

const IMPORTS = [
  { name: 'students', url: '/api/schools/import/students', token: () => school, fields: () => ({ mode: 'check' }) },
  { name: 'teachers', url: '/api/schools/import/teachers', token: () => school, fields: () => ({ mode: 'check' }) },
  { name: 'words', url: '/api/category/import-words', token: () => admin, fields: () => ({ set_id: String(setId) }) },
];
type Import = (typeof IMPORTS)[number];

const upload = (target: Import, file: Buffer) => {
  const form = multipart(target.fields(), {
    name: 'file',
    filename: 'book.xlsx',
    data: file,
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  return t.inject({
    method: 'POST',
    url: target.url,
    token: target.token(),
    payload: form.body,
    headers: form.headers,
  });
};

/** The answer and how far the process's resident memory rose above where it was, sampled every 10 ms meanwhile. */
async function withMemory<T>(work: () => Promise<T>): Promise<{ result: T; grewBy: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
  };
  const timer = setInterval(sample, 10);
  try {
    const result = await work();
    sample();
    return { result, grewBy: peak - before };
  } finally {
    clearInterval(timer);
  }
}

const expectTooLarge = (res: { statusCode: number; json(): unknown }) => {
  expect(res.statusCode).toBe(413);
  expect(res.json()).toEqual({
    message:
      'The workbook is too large once unpacked (at most 50 MB in 200 parts): remove pictures or split it into several files',
    key: 'app.import.workbookTooLarge',
    errors: { file: 'app.import.workbookTooLarge' },
  });
};

describe('a workbook within the limits', () => {
  it('each template, filled in, still imports', async () => {
    const filled = async (url: string, token: string, rows: (string | number)[][]) => {
      const res = await t.inject({ url, token });
      expect(res.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      for (const row of rows) book.worksheets[0].addRow(row);
      return Buffer.from(await book.xlsx.writeBuffer());
    };
    const students = await upload(
      IMPORTS[0],
      await filled('/api/schools/template/students?lang=ar', school, [
        ['سلمى', '31234567890123', 2, '2016-03-04', '', ''],
        ['يوسف', '31234567890124', 1, '2015-11-30', '', ''],
      ]),
    );
    expect(students.statusCode).toBe(200);
    expect(students.json()).toMatchObject({ mode: 'check', total: 2, valid: 2, errors: [] });
    const teachers = await upload(
      IMPORTS[1],
      await filled('/api/schools/template/teachers?lang=en', school, [
        ['Huda Teacher', 'huda.limits@demo.test', 2, ''],
      ]),
    );
    expect(teachers.json()).toMatchObject({ mode: 'check', total: 1, valid: 1, errors: [] });
    const words = await upload(IMPORTS[2], await filled('/api/category/import-words/template?locale=ar', admin, []));
    expect(words.statusCode).toBe(200);
    expect(words.json()).toMatchObject({ key: 'app.scoring.wordsImported', words_added: expect.any(Number) });
    expect(words.json().words_added).toBeGreaterThan(0);
    // the same template rewritten part by part by the tests' own zip writer reads the same
    const rewritten = await upload(IMPORTS[0], writeZip(template));
    expect(rewritten.json()).toMatchObject({ mode: 'check', total: 0, errors: [] });
  });
});

describe('a zip bomb', () => {
  /** sheet1.xml of 1 GiB (and a few bytes): the template's sheet with spaces inside <sheetData> */
  let gigabyteSheet: RawPart;
  beforeAll(() => {
    gigabyteSheet = repeatedPart('sheet', sheetHead, 1024, sheetTail);
  });

  it.each(IMPORTS)(
    '$name import: a 1 MB workbook whose sheet inflates to 1 GiB answers 413 and resident memory grows by less than 64 MB',
    async (target) => {
      const bomb = withSheet(gigabyteSheet);
      expect(bomb.length).toBeLessThan(2 * MiB);
      const { result, grewBy } = await withMemory(() => upload(target, bomb));
      expectTooLarge(result);
      expect(grewBy).toBeLessThan(64 * MiB);
    },
  );

  it('a central directory that lies (a sheet declared at 4 KB that inflates to 1 GiB) is stopped by the byte counter', async () => {
    const lie = { ...gigabyteSheet, size: 4096 };
    // what it declares is within every limit: only counting the inflated bytes finds it out
    expect(lie.size / lie.data.length).toBeLessThan(WORKBOOK_LIMITS.maxRatio);
    for (const target of IMPORTS) {
      const { result, grewBy } = await withMemory(() => upload(target, withSheet(lie)));
      expectTooLarge(result);
      expect(grewBy).toBeLessThan(64 * MiB);
    }
  });

  it('each declared limit alone refuses before inflating: the total, the number of parts, one part’s ratio', async () => {
    // three parts declared at 20 MiB each, each packed to just over a hundredth of that: the total, 60 MiB, is over 50 MB
    const declared = (i: number): RawPart => ({
      name: `xl/media/filler${i}.bin`,
      method: 0,
      data: Buffer.alloc(Math.ceil((20 * MiB) / WORKBOOK_LIMITS.maxRatio) + 1, i),
      crc: 0,
      size: 20 * MiB,
    });
    expectTooLarge(await upload(IMPORTS[0], writeZip([...template, declared(1), declared(2), declared(3)])));
    // 201 parts
    const many = Array.from({ length: 201 - template.length }, (_, i) => ({
      name: `xl/extra/p${i}.xml`,
      method: 0 as const,
      data: Buffer.from('<x/>'),
      crc: 0,
      size: 4,
    }));
    expectTooLarge(await upload(IMPORTS[0], writeZip([...template, ...many])));
    // one part of 8 MiB packed at ~1,000 : 1 (the total is well within 50 MB)
    const dense = withSheet(repeatedPart('sheet', sheetHead, 8, sheetTail));
    expectTooLarge(await upload(IMPORTS[0], dense));
    // at the limits themselves (200 parts) the file is read as a workbook
    const fits = Array.from({ length: 200 - template.length }, (_, i) => ({
      name: `xl/extra/p${i}.xml`,
      method: 8 as const,
      data: Buffer.from([0x03, 0x00]),
      crc: 0,
      size: 0,
    }));
    expect((await upload(IMPORTS[0], writeZip([...template, ...fits]))).statusCode).toBe(200);
  });

  it('a file that is no zip, or a broken one, is still 400 notAWorkbook', async () => {
    for (const file of [
      Buffer.from('name,national_id\n'),
      withSheet({ ...template[0], data: Buffer.from('garbage!'), size: 1 }),
    ]) {
      const res = await upload(IMPORTS[0], file);
      expect(res.statusCode).toBe(400);
      expect(res.json().key).toBe('app.import.notAWorkbook');
    }
  });
});
