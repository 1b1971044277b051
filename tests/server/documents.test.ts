import { execFileSync } from 'node:child_process';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPdf, drawLine, drawParagraph, pdfBuffer, visualRuns } from '../../server/adapters/pdf';
import {
  DATE_FORMAT,
  readSheet,
  templateBuffer,
  validateRows,
  workbookBuffer,
  type TemplateColumn,
} from '../../server/adapters/xlsx';
import { verifiedWorkbook } from '../../server/adapters/workbookGuard';

const pdftotext = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');

describe('PDFs with Arabic (server/adapters/pdf.ts)', () => {
  it('orders mixed runs visually: Arabic first on the right, Latin kept left to right', () => {
    expect(visualRuns('شهادة - Creative Drawing', 'rtl').map((r) => r.text)).toEqual(['Creative Drawing', 'شهادة - ']);
    const runs = visualRuns('Certificate for محمد 2026', 'ltr');
    expect(runs[0].text).toBe('Certificate for ');
    expect(runs.some((r) => r.text.includes('محمد'))).toBe(true);
  });

  it('writes Arabic that pdftotext reads back joined and in order, lam-alef included', async () => {
    const doc = await createPdf({ title: 'test' });
    drawLine(doc, 'محمد عبد الرحمن', { x: 50, y: 80, width: 495, size: 28, font: 'bold', align: 'center' });
    drawLine(doc, 'علاء الدين', { x: 50, y: 140, width: 495, size: 20 });
    drawLine(doc, 'ويقيس الكرتون لكن ويعطي', { x: 50, y: 170, width: 495, size: 16 });
    drawParagraph(doc, 'Neomi Academy certificate', { x: 50, y: 200, width: 495, size: 14 });
    return pdfBuffer(doc).then((pdf) => {
      const text = pdftotext(pdf);
      expect(text).toContain('محمد عبد الرحمن');
      expect(text).toContain('علاء الدين');
      expect(text).toContain('ويقيس الكرتون لكن ويعطي');
      expect(text).toContain('Neomi Academy certificate');
    });
  });
});

describe('spreadsheets (server/adapters/xlsx.ts)', () => {
  it('writes a text as a string cell (t="s", never a formula), as written: no apostrophe; a date in the one format', async () => {
    const texts = ['=1+2', '+20 122 555 0123', '-1', '@SUM(A1)', 'plain'];
    const day = new Date('2026-11-23T10:30:00Z');
    const buffer = await workbookBuffer([
      {
        name: 'x',
        columns: [
          { header: 'Text', value: (r: { text: string }) => r.text },
          { header: 'Day', value: () => day },
        ],
        rows: [texts.map((text) => ({ text }))],
      },
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(buffer as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    for (const [i, text] of texts.entries()) {
      const cell = sheet.getCell(`A${i + 2}`);
      expect(cell.value).toBe(text);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
      expect(sheet.getCell(`B${i + 2}`).value).toEqual(day);
      expect(sheet.getCell(`B${i + 2}`).numFmt).toBe(DATE_FORMAT);
    }
    // in the file itself (its parts unpacked, uncompressed): every text a shared string, no "str" (a formula's cached
    // result) and no formula
    const xml = (await verifiedWorkbook(buffer)).toString('utf8');
    expect(xml).not.toMatch(/t="str"|<f>/);
    expect(xml.match(/t="s"/g)?.length).toBe(2 + texts.length);
  });

  it('streams rows in batches and reads them back', async () => {
    const rows = [[{ name: 'Yousef', note: '=HYPERLINK("x")' }], [{ name: 'ليلى', note: 'ok' }]];
    const buffer = await workbookBuffer([
      {
        name: 'people',
        rtl: true,
        columns: [
          { header: 'Name', value: (r: { name: string }) => r.name },
          { header: 'Note', value: (r: { note: string }) => r.note },
        ],
        rows,
      },
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(buffer as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(2).values).toEqual([undefined, 'Yousef', '=HYPERLINK("x")']);
    expect(sheet.getCell('A3').value).toBe('ليلى');
    expect(sheet.getCell('B2').formula).toBeUndefined();
  });

  it('reads an import with errors per row and cell; formulas stay text, never evaluated', async () => {
    const columns = [
      { field: 'name', header: 'Name' },
      { field: 'national_id', header: 'National id' },
    ];
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('x');
    sheet.addRow(['Name', 'National id']);
    sheet.addRow(['Amal', '12345678901234']);
    sheet.addRow(['', 'abc']);
    sheet.addRow([]);
    sheet.addRow([{ formula: '1+2', result: 3 }, '98765432109876']);
    const data = Buffer.from(await book.xlsx.writeBuffer());
    const { rows, letters } = await readSheet(data, columns);
    expect(rows.map((r) => r.row)).toEqual([2, 3, 5]);
    expect(rows[2].values.name).toBe('=1+2');
    const schema = z.object({
      name: z.string().min(1, 'app.validation.required'),
      national_id: z.string().regex(/^\d{14}$/, 'app.validation.nationalId'),
    });
    const { valid, errors } = validateRows(rows, letters, schema);
    expect(valid.map((v) => v.row)).toEqual([2, 5]);
    expect(errors).toEqual([
      { row: 3, column: 'A', field: 'name', key: 'app.validation.required' },
      { row: 3, column: 'B', field: 'national_id', key: 'app.validation.nationalId' },
    ]);
  });

  it('reads a typed date as DD/MM/YYYY (never month-first), a date cell as its day, and warns per doubtful cell', async () => {
    const columns: TemplateColumn[] = [
      { field: 'name', header: 'Name' },
      { field: 'birthdate', header: 'Birthdate', kind: 'date' },
      { field: 'mobile_no', header: 'Mobile', kind: 'text' },
    ];
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('x');
    sheet.addRow(['Name', 'Birthdate', 'Mobile']);
    sheet.addRow(['Amal', '13/04/2016', 1008337887]);
    sheet.addRow(['Badr', '10/01/2016', '01008337887']);
    sheet.addRow(['Jude', '2016-02-03', '']);
    sheet.addRow(['Dina', new Date(Date.UTC(2015, 2, 5)), '']);
    sheet.addRow(['Eman', new Date(Date.UTC(2015, 2, 25)), '']);
    sheet.addRow(['Fadi', '5.3.2015', '']);
    const { rows, warnings } = await readSheet(Buffer.from(await book.xlsx.writeBuffer()), columns);
    expect(rows.map((r) => [r.values.birthdate, r.values.mobile_no])).toEqual([
      ['2016-04-13', '1008337887'],
      ['2016-01-10', '01008337887'],
      ['2016-02-03', ''],
      ['2015-03-05', ''],
      ['2015-03-25', ''],
      ['2015-03-05', ''],
    ]);
    expect(warnings).toEqual([
      { row: 2, column: 'C', field: 'mobile_no', key: 'app.import.numberCell' },
      { row: 5, column: 'B', field: 'birthdate', key: 'app.import.dateCellAmbiguous' },
    ]);
  });

  it('writes a template with its date and phone columns text-formatted and a note on their headers', async () => {
    const buffer = await templateBuffer([
      { field: 'name', header: 'Name' },
      { field: 'birthdate', header: 'Birthdate', kind: 'date', note: 'Type 13/04/2016' },
      { field: 'mobile_no', header: 'Mobile', kind: 'text', note: 'Type 01008337887' },
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(buffer as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect([1, 2, 3].map((c) => sheet.getColumn(c).numFmt)).toEqual([undefined, '@', '@']);
    expect([1, 2, 3].map((c) => sheet.getRow(1).getCell(c).note)).toEqual([
      undefined,
      'Type 13/04/2016',
      'Type 01008337887',
    ]);
  });

  it('refuses a file that is not a workbook, or lacks a column', async () => {
    await expect(readSheet(Buffer.from('not a zip'), [{ field: 'a', header: 'A' }])).rejects.toMatchObject({
      statusCode: 400,
      key: 'app.import.notAWorkbook',
    });
    const template = await templateBuffer([{ field: 'a', header: 'A' }]);
    await expect(readSheet(template, [{ field: 'b', header: 'B' }])).rejects.toMatchObject({
      statusCode: 400,
      key: 'app.import.missingColumn',
    });
  });
});
