import { execFileSync } from 'node:child_process';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPdf, drawLine, drawParagraph, pdfBuffer, visualRuns } from '../../server/adapters/pdf';
import { escapeCell, readSheet, templateBuffer, validateRows, workbookBuffer } from '../../server/adapters/xlsx';

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
  it('escapes text that a spreadsheet program would read as a formula', () => {
    expect(['=1+2', '+1', '-1', '@SUM(A1)', 'plain', 5].map(escapeCell)).toEqual([
      "'=1+2",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      'plain',
      5,
    ]);
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
    expect(sheet.getRow(2).values).toEqual([undefined, 'Yousef', '\'=HYPERLINK("x")']);
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
