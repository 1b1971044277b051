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

/** A text a spreadsheet program could read as a formula (= + - @, tab, CR) gets a leading apostrophe. */
export const escapeCell = (value: unknown): unknown =>
  typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

export interface Column<Row> {
  /** header text (already in the user's language) */
  header: string;
  /** the cell of a row */
  value: (row: Row) => string | number | boolean | Date | null | undefined;
  width?: number;
}

export interface SheetSpec<Row> {
  name: string;
  columns: Column<Row>[];
  /** rows in batches (a page of a query at a time), so an export never holds every row */
  rows: AsyncIterable<Row[]> | Iterable<Row[]>;
  /** right-to-left sheet (Arabic headers) */
  rtl?: boolean;
}

/** Writes sheets to a stream with exceljs' streaming writer; every text cell is escaped. */
export function workbookStream<Row>(sheets: SheetSpec<Row>[]): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  (async () => {
    for (const spec of sheets) {
      const sheet = workbook.addWorksheet(spec.name.slice(0, 31), {
        views: [{ rightToLeft: !!spec.rtl, state: 'frozen', ySplit: 1 }],
      });
      sheet.columns = spec.columns.map((c) => ({
        header: c.header,
        width: c.width ?? Math.max(12, c.header.length + 2),
      }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      for await (const batch of spec.rows) {
        for (const row of batch) sheet.addRow(spec.columns.map((c) => escapeCell(c.value(row) ?? null))).commit();
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

/** A column of an import template: its header and the field it fills. */
/** `aliases`: other header texts an import accepts for the column (e.g. the header in the other languages). */
export interface TemplateColumn {
  field: string;
  header: string;
  width?: number;
  aliases?: readonly string[];
}

/** An import template: the header row and, optionally, example rows. */
export const templateBuffer = (columns: TemplateColumn[], examples: Record<string, string>[] = [], rtl = false) =>
  workbookBuffer([
    {
      name: 'template',
      rtl,
      columns: columns.map((c) => ({
        header: c.header,
        width: c.width ?? 24,
        value: (row: Record<string, string>) => row[c.field],
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

/** A cell's content as text, never evaluated: a formula is its own text ('=1+2'), a date its ISO day. */
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

/**
 * Reads the first sheet of an uploaded workbook: the header row names the
 * columns (matched to `columns` by header text or field name, any case);
 * each following non-empty row becomes `{row, values: {field: text}}`.
 * A file that is not a workbook, or lacks a column, answers 400; one that
 * unpacks beyond WORKBOOK_LIMITS 413 (workbookGuard.ts), before exceljs reads it.
 */
export async function readSheet(
  data: Buffer,
  columns: TemplateColumn[],
  maxRows = 20_000,
): Promise<{ rows: SheetRow[]; letters: Record<string, string> }> {
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
  const rows: SheetRow[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const values = Object.fromEntries(columns.map((c) => [c.field, cellText(row.getCell(positions[c.field]))]));
    if (Object.values(values).some((v) => v !== '')) rows.push({ row: r, values });
  }
  return { rows, letters: Object.fromEntries(Object.entries(positions).map(([f, col]) => [f, columnLetter(col)])) };
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
