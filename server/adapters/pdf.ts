import { fileURLToPath } from 'node:url';
import type PDFDocument from 'pdfkit';
import bidiFactory from 'bidi-js';

/**
 * PDFs with Arabic shaped correctly (docs/STACK.md "Arabic in PDFs"): one
 * font covering Arabic and Latin (Amiri, shipped in server/assets/fonts
 * under the OFL: its glyphs extract back to the right text, lam-alef
 * included), each line split into bidi runs (bidi-js), the runs placed in
 * visual order and each shaped whole (see RTL_FEATURES), so letters join,
 * words keep their order, and pdftotext reads the text back.
 */
const fontFile = (name: string) => fileURLToPath(new URL(`../assets/fonts/${name}`, import.meta.url));
export const PDF_FONTS = {
  regular: fontFile('Amiri-Regular.ttf'),
  bold: fontFile('Amiri-Bold.ttf'),
} as const;

const bidi = bidiFactory();

export type Direction = 'rtl' | 'ltr';
export type PdfDocument = InstanceType<typeof PDFDocument>;

/**
 * A new A4 document with the fonts registered ('regular', 'bold'); `regular` is selected. pdfkit is loaded with the
 * first document, not with the process.
 */
export async function createPdf(
  options: { title?: string; layout?: 'portrait' | 'landscape'; margin?: number } = {},
): Promise<PdfDocument> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    layout: options.layout ?? 'portrait',
    margin: options.margin ?? 50,
    info: { Title: options.title ?? 'Neomi Academy', Producer: 'Neomi Academy' },
  });
  doc.registerFont('regular', PDF_FONTS.regular);
  doc.registerFont('bold', PDF_FONTS.bold);
  doc.font('regular');
  return doc;
}

/** The whole document as one buffer. */
export function pdfBuffer(doc: PdfDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

/** A text's base direction: right-to-left when its first strong letter is Arabic. */
export const directionOf = (text: string): Direction => {
  const strong = text.match(
    /[A-Za-z\u00C0-\u024F]|[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/,
  );
  return strong && ARABIC.test(strong[0]) ? 'rtl' : 'ltr';
};

interface Run {
  text: string;
  level: number;
}

/** The line's bidi runs (maximal stretches of one embedding level), in visual order left to right (UAX #9, L2). */
export function visualRuns(text: string, direction: Direction = directionOf(text)): Run[] {
  if (!text) return [];
  const { levels } = bidi.getEmbeddingLevels(text, direction);
  const runs: Run[] = [];
  let start = 0;
  for (let i = 1; i <= text.length; i++) {
    if (i === text.length || levels[i] !== levels[start]) {
      runs.push({ text: text.slice(start, i), level: levels[start] });
      start = i;
    }
  }
  const highest = Math.max(...runs.map((r) => r.level));
  const lowestOdd = Math.min(...runs.map((r) => (r.level % 2 ? r.level : r.level + 1)));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < runs.length; i++) {
      if (runs[i].level < level) continue;
      let j = i;
      while (j + 1 < runs.length && runs[j + 1].level >= level) j++;
      runs.splice(i, j - i + 1, ...runs.slice(i, j + 1).reverse());
      i = j;
    }
  }
  return runs;
}

export interface LineOptions {
  /** left edge of the line box */
  x: number;
  y: number;
  /** width of the line box (alignment happens inside it) */
  width: number;
  /** default: start of the text's direction (right for Arabic) */
  align?: 'start' | 'center' | 'end';
  direction?: Direction;
  font?: 'regular' | 'bold';
  size?: number;
}

/**
 * Right-to-left runs are shaped whole. Amiri's kerning and contextual
 * alternates move some letters off their neighbours (و before ي, ل before
 * ك), which pdftotext then reads as a space inside the word ("و يقيس",
 * "ل كن"): both are left off; the letters still join.
 */
const RTL_FEATURES = { kern: false, calt: false };
const runOptions = (run: Run) => ({ lineBreak: false, ...(run.level % 2 ? { features: RTL_FEATURES as never } : {}) });

/** The width a line takes (same shaping as drawLine). */
export function lineWidth(doc: PdfDocument, text: string, direction?: Direction): number {
  return visualRuns(text, direction).reduce((w, run) => w + doc.widthOfString(run.text, runOptions(run)), 0);
}

/** Draws one line of mixed Arabic and Latin text; returns the y below it. */
export function drawLine(doc: PdfDocument, text: string, options: LineOptions): number {
  const direction = options.direction ?? directionOf(text);
  doc.font(options.font ?? 'regular');
  if (options.size) doc.fontSize(options.size);
  const width = lineWidth(doc, text, direction);
  const align = options.align ?? 'start';
  const fromLeft =
    align === 'center'
      ? (options.width - width) / 2
      : (align === 'start') === (direction === 'ltr')
        ? 0
        : options.width - width;
  let x = options.x + Math.max(0, fromLeft);
  for (const run of visualRuns(text, direction)) {
    doc.text(run.text, x, options.y, runOptions(run));
    x += doc.widthOfString(run.text, runOptions(run));
  }
  return options.y + doc.currentLineHeight(true);
}

/**
 * Draws a paragraph wrapped to the box width, word by word, each line
 * through drawLine; returns the y below it.
 */
export function drawParagraph(doc: PdfDocument, text: string, options: LineOptions & { gap?: number }): number {
  const direction = options.direction ?? directionOf(text);
  doc.font(options.font ?? 'regular');
  if (options.size) doc.fontSize(options.size);
  let y = options.y;
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && lineWidth(doc, next, direction) > options.width) {
        y = drawLine(doc, line, { ...options, y, direction }) + (options.gap ?? 2);
        line = word;
      } else line = next;
    }
    y = drawLine(doc, line, { ...options, y, direction }) + (options.gap ?? 2);
  }
  return y;
}
