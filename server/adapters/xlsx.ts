import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../errors';
import { verifiedWorkbook } from './workbookGuard';

/**
 * Spreadsheets in and out (docs/ARCHITECTURE.md §6 "Spreadsheets"): written with exceljs, streamed
 * row by row for exports; read back for imports with every row checked
 * by a zod schema and errors given per row and cell.
 */

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The one number format of every date cell the API writes (docs/DECISIONS.md "Spreadsheets as people open them"): the ISO
 * day, which reads the same in the four languages and which Calc and Excel show, sort and filter as a date.
 */
export const DATE_FORMAT = 'yyyy-mm-dd';
/** The number format "text" ('@'): what is typed into such a cell stays as typed (a leading 0, 13/04/2016). */
export const TEXT_FORMAT = '@';

export interface Column<Row> {
  /** header text (already in the user's language) */
  header: string;
  /** the cell of a row */
  value: (row: Row) => string | number | boolean | Date | null | undefined;
  width?: number;
  /** the column's number format (TEXT_FORMAT for a template's phone and date columns) */
  numFmt?: string;
  /** a note on the header cell (how to type the column's values) */
  note?: string;
}

export interface SheetSpec<Row> {
  name: string;
  columns: Column<Row>[];
  /** rows in batches (a page of a query at a time), so an export never holds every row */
  rows: AsyncIterable<Row[]> | Iterable<Row[]>;
  /** right-to-left sheet (Arabic headers) */
  rtl?: boolean;
}

/**
 * Writes sheets to a stream with exceljs' streaming writer. A text is written as a shared string (`t="s"`), which
 * no spreadsheet program evaluates, so a text starting with = + - @ is shown as written and needs no apostrophe (the
 * apostrophe guard belongs to CSV, where a program guesses each cell's type). A Date is a date cell in DATE_FORMAT.
 */
export function workbookStream<Row>(sheets: SheetSpec<Row>[]): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: true });
  (async () => {
    for (const spec of sheets) {
      const sheet = workbook.addWorksheet(spec.name.slice(0, 31), {
        views: [{ rightToLeft: !!spec.rtl, state: 'frozen', ySplit: 1 }],
      });
      sheet.columns = spec.columns.map((c) => ({
        header: c.header,
        width: c.width ?? Math.max(12, c.header.length + 2),
        ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
      }));
      const header = sheet.getRow(1);
      header.font = { bold: true };
      spec.columns.forEach((c, i) => {
        if (c.note) header.getCell(i + 1).note = c.note;
      });
      header.commit();
      for await (const batch of spec.rows) {
        for (const row of batch) {
          const added = sheet.addRow(spec.columns.map((c) => c.value(row) ?? null));
          added.eachCell((cell) => {
            if (cell.value instanceof Date) cell.numFmt = DATE_FORMAT;
          });
          added.commit();
        }
      }
      sheet.commit();
    }
    await workbook.commit();
  })().catch((error) => out.destroy(error));
  return out;
}

/** Sends a workbook as a download named `filename`. */
export function sendWorkbook<Row>(reply: FastifyReply, filename: string, sheets: SheetSpec<Row>[]) {
  return reply
    .header('content-type', XLSX_MIME)
    .header(
      'content-disposition',
      `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    )
    .header('cache-control', 'no-store')
    .send(workbookStream(sheets));
}

/** The whole workbook in memory (small files: templates, tests). */
export async function workbookBuffer<Row>(sheets: SheetSpec<Row>[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of workbookStream(sheets)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A column of an import template: its header and the field it fills. `aliases`: other header texts an import
 * accepts for the column (e.g. the header in the other languages). `kind`: 'text' (a phone number, an id: a number
 * cell there has lost what the person typed, e.g. a leading 0) or 'date' (a date cell, or a text DD/MM/YYYY or
 * YYYY-MM-DD); both are text-formatted in the template so that Calc and Excel keep what is typed. `note`: how to type
 * the column, a note on its header cell in the template's language.
 */
export interface TemplateColumn {
  field: string;
  header: string;
  width?: number;
  aliases?: readonly string[];
  kind?: 'text' | 'date';
  note?: string;
}

/** An import template: the header row (with its notes) and, optionally, example rows. */
export const templateBuffer = (columns: TemplateColumn[], examples: Record<string, string>[] = [], rtl = false) =>
  workbookBuffer([
    {
      name: 'template',
      rtl,
      columns: columns.map((c) => ({
        header: c.header,
        width: c.width ?? 24,
        value: (row: Record<string, string>) => row[c.field],
        ...(c.kind ? { numFmt: TEXT_FORMAT } : {}),
        ...(c.note ? { note: c.note } : {}),
      })),
      rows: [examples],
    },
  ]);

const columnLetter = (index: number): string => {
  let n = index;
  let s = '';
  while (n > 0) {
    const m = (n - 1) % 26;
    s = String.fromCharCode(65 + m) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
};

/**
 * A cell's content as text, never evaluated: a formula is its own text ('=1+2'), a date cell its day as it is (the
 * cell holds a date, whatever order the program showed it in; exceljs gives it at midnight UTC), as YYYY-MM-DD.
 */
const cellText = (cell: ExcelJS.Cell): string => {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('formula' in v && v.formula) return `=${v.formula}`;
    if ('sharedFormula' in v && v.sharedFormula) return `=${v.sharedFormula}`;
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('text' in v) return String(v.text);
    if ('error' in v) return String(v.error);
  }
  return String(v).trim();
};

export interface SheetRow {
  row: number;
  values: Record<string, string>;
}

/** A typed day: DD/MM/YYYY (how the region writes dates; also D/M/YYYY, with - or . between), as YYYY-MM-DD. */
const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
export const dayFirstToIso = (text: string): string => {
  const m = DAY_FIRST.exec(text.trim());
  return m ? `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}` : text.trim();
};

/**
 * A cell of a 'text' or 'date' column read as the person meant it, or a warning (a message key) where the cell
 * cannot hold what they meant: a number in a text column (1008337887 for 01008337887: a leading 0 or + is lost, a
 * long number rounded), a date cell whose day and month could be swapped (10/01/2016 typed in an en-US spreadsheet is
 * 1 October: the day is taken as the cell holds it, and the person asked to check it).
 */
function typedCell(cell: ExcelJS.Cell, kind: TemplateColumn['kind']): { text: string; warning?: string } {
  const v = cell.value;
  const text = cellText(cell);
  if (kind === 'text' && typeof v === 'number') return { text, warning: 'app.import.numberCell' };
  if (kind === 'date') {
    if (v instanceof Date) {
      const day = v.getUTCDate();
      const month = v.getUTCMonth() + 1;
      return day <= 12 && day !== month ? { text, warning: 'app.import.dateCellAmbiguous' } : { text };
    }
    if (typeof v === 'number') return { text, warning: 'app.import.numberCell' };
    return { text: dayFirstToIso(text) };
  }
  return { text };
}

/**
 * Reads the first sheet of an uploaded workbook: the header row names the
 * columns (matched to `columns` by header text or field name, any case);
 * each following non-empty row becomes `{row, values: {field: text}}`, a typed date as YYYY-MM-DD, and `warnings`
 * names every cell that cannot be what the person meant (typedCell).
 * A file that is not a workbook, or lacks a column, answers 400; one that
 * unpacks beyond WORKBOOK_LIMITS 413 (workbookGuard.ts), before exceljs reads it.
 */
export async function readSheet(
  data: Buffer,
  columns: TemplateColumn[],
  maxRows = 20_000,
): Promise<{ rows: SheetRow[]; letters: Record<string, string>; warnings: CellError[] }> {
  // the zip's limits first (413 beyond them), so exceljs only opens what was measured
  const verified = await verifiedWorkbook(data);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(verified as unknown as ArrayBuffer);
  } catch {
    throw new AppError(400, 'app.import.notAWorkbook', { file: 'app.import.notAWorkbook' });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError(400, 'app.import.notAWorkbook', { file: 'app.import.notAWorkbook' });
  const header = sheet.getRow(1);
  const byName = new Map<string, number>();
  header.eachCell((cell, col) => byName.set(cellText(cell).trim().toLowerCase(), col));
  const positions: Record<string, number> = {};
  for (const c of columns) {
    const col = [c.header, ...(c.aliases ?? []), c.field]
      .map((h) => byName.get(h.toLowerCase()))
      .find((n) => n !== undefined);
    if (!col) throw new AppError(400, 'app.import.missingColumn', { [c.field]: 'app.import.missingColumn' });
    positions[c.field] = col;
  }
  if (sheet.rowCount - 1 > maxRows) throw new AppError(413, 'app.import.tooManyRows');
  const letters = Object.fromEntries(Object.entries(positions).map(([f, col]) => [f, columnLetter(col)]));
  const rows: SheetRow[] = [];
  const warnings: CellError[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const values: Record<string, string> = {};
    const found: CellError[] = [];
    for (const c of columns) {
      const { text, warning } = typedCell(row.getCell(positions[c.field]), c.kind);
      values[c.field] = text;
      if (warning) found.push({ row: r, column: letters[c.field], field: c.field, key: warning });
    }
    if (Object.values(values).some((v) => v !== '')) {
      rows.push({ row: r, values });
      warnings.push(...found);
    }
  }
  return { rows, letters, warnings };
}

/** One wrong cell of an import: spreadsheet row, column letter, field and message key. */
export interface CellError {
  row: number;
  column: string;
  field: string;
  key: string;
}

/**
 * Checks every row with the schema; returns the valid rows (parsed) and
 * every wrong cell. A message that is not one of our keys becomes
 * 'app.validation.invalid'.
 */
export function validateRows<S extends z.ZodType>(rows: SheetRow[], letters: Record<string, string>, schema: S) {
  const valid: { row: number; data: z.infer<S> }[] = [];
  const errors: CellError[] = [];
  for (const { row, values } of rows) {
    const result = schema.safeParse(values);
    if (result.success) {
      valid.push({ row, data: result.data });
      continue;
    }
    const seen = new Set<string>();
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? 'row');
      if (seen.has(field)) continue;
      seen.add(field);
      errors.push({
        row,
        column: letters[field] ?? '',
        field,
        key: issue.message.startsWith('app.') ? issue.message : 'app.validation.invalid',
      });
    }
  }
  return { valid, errors };
}
