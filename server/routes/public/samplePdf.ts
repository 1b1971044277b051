import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { textsIn, type BaseTextKey } from '../../../domain/texts';
import { createPdf, drawLine, drawParagraph, pdfBuffer, type PdfDocument } from '../../adapters/pdf';

/**
 * The sample of the Neomi kit offered on /order-neomi-kit: three pages in
 * Arabic and English (what the kit is, the three challenges, a sample
 * activity page), written for this project (domain/texts `sample.*`) and
 * drawn with the shared PDF service (Arabic shaped with Amiri, extractable
 * as text).
 */

export const SAMPLE_PDF_PATH = '/neomi-kit/sample.pdf';
export const SAMPLE_PDF_NAME = 'neomi-kit-sample.pdf';

const PAGE = { left: 50, width: 495, top: 50 };
const INK = '#2b2340';
const ACCENT = '#5b3fa0';
const SOFT = '#ede7f8';

/** A bilingual text: the Arabic part is drawn right-aligned, the English left-aligned. */
interface Both {
  ar: string;
  en: string;
}

/** A text of the sample (domain/texts `sample.*`) in the two languages it is drawn in. */
const both = (key: BaseTextKey): Both => ({ ar: textsIn('ar')(key), en: textsIn('en')(key) });

export const SAMPLE_TEXT = {
  title: both('sample.title'),
  subtitle: both('sample.subtitle'),
  whatTitle: both('sample.whatTitle'),
  what: both('sample.what'),
  boxTitle: both('sample.boxTitle'),
  box: [both('sample.box1'), both('sample.box2'), both('sample.box3'), both('sample.box4')],
  orderTitle: both('sample.orderTitle'),
  order: both('sample.order'),
  challengesTitle: both('sample.challengesTitle'),
  challenges: ([1, 2, 3] as const).map((n) => ({
    title: both(`sample.challenge${n}.title`),
    text: both(`sample.challenge${n}.text`),
  })),
  scoringTitle: both('sample.scoringTitle'),
  scoring: [both('sample.scoring1'), both('sample.scoring2'), both('sample.scoring3')],
  activityTitle: both('sample.activityTitle'),
  activity: both('sample.activity'),
  name: both('sample.name'),
  date: both('sample.date'),
  footer: both('sample.footer'),
};

const heading = (doc: PdfDocument, text: Both, y: number): number => {
  doc.fillColor(ACCENT);
  drawLine(doc, text.ar, { x: PAGE.left, y, width: PAGE.width, size: 17, font: 'bold', direction: 'rtl' });
  drawLine(doc, text.en, { x: PAGE.left, y: y + 3, width: PAGE.width, size: 14, font: 'bold', direction: 'ltr' });
  doc.fillColor(INK);
  return y + 34;
};

/** Arabic paragraph then English paragraph. */
const bothParagraphs = (doc: PdfDocument, text: Both, y: number, size = 12.5): number => {
  const afterAr = drawParagraph(doc, text.ar, { x: PAGE.left, y, width: PAGE.width, size: size + 1, direction: 'rtl' });
  return drawParagraph(doc, text.en, { x: PAGE.left, y: afterAr + 4, width: PAGE.width, size, direction: 'ltr' }) + 10;
};

/** A line with the Arabic at the right and the English at the left, each in half the width. */
const bothOnOneLine = (doc: PdfDocument, text: Both, y: number, size = 12): number => {
  const half = PAGE.width / 2 - 6;
  drawLine(doc, text.en, { x: PAGE.left, y, width: half, size, direction: 'ltr' });
  return drawLine(doc, text.ar, { x: PAGE.left + PAGE.width - half, y, width: half, size: size + 1, direction: 'rtl' });
};

const footer = (doc: PdfDocument, page: number, pages: number) => {
  doc.fillColor('#7a7390');
  drawLine(doc, `${SAMPLE_TEXT.footer.en} · ${page}/${pages}`, {
    x: PAGE.left,
    y: 800,
    width: PAGE.width,
    size: 9,
    direction: 'ltr',
  });
  drawLine(doc, SAMPLE_TEXT.footer.ar, { x: PAGE.left, y: 798, width: PAGE.width, size: 10, direction: 'rtl' });
  doc.fillColor(INK);
};

const coverBand = (doc: PdfDocument) => {
  doc.save().rect(0, 0, 595.28, 150).fill(ACCENT).restore();
  doc.save().circle(520, 40, 60).fill('#7c62c4').circle(80, 140, 30).fill('#f3a66a').restore();
  doc.fillColor('#ffffff');
  drawLine(doc, SAMPLE_TEXT.title.ar, {
    x: PAGE.left,
    y: 34,
    width: PAGE.width,
    size: 28,
    font: 'bold',
    direction: 'rtl',
    align: 'center',
  });
  drawLine(doc, SAMPLE_TEXT.title.en, {
    x: PAGE.left,
    y: 80,
    width: PAGE.width,
    size: 18,
    font: 'bold',
    direction: 'ltr',
    align: 'center',
  });
  drawLine(doc, `${SAMPLE_TEXT.subtitle.ar} · ${SAMPLE_TEXT.subtitle.en}`, {
    x: PAGE.left,
    y: 108,
    width: PAGE.width,
    size: 12,
    direction: 'rtl',
    align: 'center',
  });
  doc.fillColor(INK);
};

const pageOne = (doc: PdfDocument) => {
  coverBand(doc);
  let y = heading(doc, SAMPLE_TEXT.whatTitle, 180);
  y = bothParagraphs(doc, SAMPLE_TEXT.what, y);
  y = heading(doc, SAMPLE_TEXT.boxTitle, y + 10);
  for (const entry of SAMPLE_TEXT.box) {
    doc
      .save()
      .roundedRect(PAGE.left, y - 4, PAGE.width, 28, 6)
      .fill(SOFT)
      .restore();
    y = bothOnOneLine(doc, entry, y) + 14;
  }
  y = heading(doc, SAMPLE_TEXT.orderTitle, y + 16);
  bothParagraphs(doc, SAMPLE_TEXT.order, y);
};

const pageTwo = (doc: PdfDocument) => {
  let y = heading(doc, SAMPLE_TEXT.challengesTitle, PAGE.top);
  SAMPLE_TEXT.challenges.forEach((challenge, i) => {
    const top = y;
    doc
      .save()
      .circle(PAGE.left + PAGE.width - 14, top + 12, 13)
      .fill(ACCENT)
      .restore();
    doc.fillColor('#ffffff');
    drawLine(doc, String(i + 1), {
      x: PAGE.left + PAGE.width - 27,
      y: top + 1,
      width: 26,
      size: 14,
      font: 'bold',
      align: 'center',
      direction: 'ltr',
    });
    doc.fillColor(ACCENT);
    drawLine(doc, challenge.title.ar, {
      x: PAGE.left,
      y: top,
      width: PAGE.width - 36,
      size: 15,
      font: 'bold',
      direction: 'rtl',
    });
    y =
      drawLine(doc, challenge.title.en, {
        x: PAGE.left,
        y: top + 28,
        width: PAGE.width,
        size: 13,
        font: 'bold',
        direction: 'ltr',
      }) + 4;
    doc.fillColor(INK);
    y = bothParagraphs(doc, challenge.text, y, 12) + 8;
    doc
      .save()
      .moveTo(PAGE.left, y - 8)
      .lineTo(PAGE.left + PAGE.width, y - 8)
      .lineWidth(0.5)
      .stroke('#c9bfe3')
      .restore();
  });
  y = heading(doc, SAMPLE_TEXT.scoringTitle, y + 6);
  for (const line of SAMPLE_TEXT.scoring) y = bothOnOneLine(doc, line, y, 11.5) + 8;
};

const pageThree = (doc: PdfDocument) => {
  let y = heading(doc, SAMPLE_TEXT.activityTitle, PAGE.top);
  y = bothParagraphs(doc, SAMPLE_TEXT.activity, y);
  // the child's name and the date, in both languages
  doc.save().lineWidth(0.7).strokeColor('#9b91b8');
  const half = PAGE.width / 2 - 10;
  drawLine(doc, `${SAMPLE_TEXT.name.en} / ${SAMPLE_TEXT.date.en}`, {
    x: PAGE.left,
    y,
    width: half,
    size: 11,
    direction: 'ltr',
  });
  drawLine(doc, `${SAMPLE_TEXT.name.ar} / ${SAMPLE_TEXT.date.ar}`, {
    x: PAGE.left + PAGE.width - half,
    y,
    width: half,
    size: 12,
    direction: 'rtl',
  });
  doc
    .moveTo(PAGE.left, y + 40)
    .lineTo(PAGE.left + PAGE.width, y + 40)
    .stroke()
    .restore();
  // nine circles to draw on, each with a line for its title
  const top = y + 60;
  const cell = PAGE.width / 3;
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 3; col++) {
      const cx = PAGE.left + cell * col + cell / 2;
      const cy = top + row * 175 + 65;
      doc.save().lineWidth(1.4).circle(cx, cy, 48).stroke(INK).restore();
      doc
        .save()
        .lineWidth(0.5)
        .dash(3, { space: 3 })
        .moveTo(cx - 60, cy + 85)
        .lineTo(cx + 60, cy + 85)
        .stroke('#9b91b8')
        .restore();
    }
  }
};

/** The sample as a PDF (three A4 pages). */
export async function buildSamplePdf(): Promise<Buffer> {
  const doc = await createPdf({ title: `${SAMPLE_TEXT.title.en} · ${SAMPLE_TEXT.subtitle.en}` });
  doc.fillColor(INK);
  const pages = [pageOne, pageTwo, pageThree];
  pages.forEach((draw, i) => {
    if (i > 0) doc.addPage();
    draw(doc);
    footer(doc, i + 1, pages.length);
  });
  return pdfBuffer(doc);
}

let sample: Promise<Buffer> | undefined;

/** The sample, made on the first request and then kept in memory (its content never changes while the server runs). */
export const samplePdf = (): Promise<Buffer> => {
  sample ??= buildSamplePdf().catch((error: unknown) => {
    sample = undefined; // try again on the next request
    throw error;
  });
  return sample;
};

/** GET /api/neomi-kit/sample.pdf: public, for anyone to download. */
export const samplePdfRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    SAMPLE_PDF_PATH,
    {
      config: { access: 'public' },
      schema: { tags: ['public'], produces: ['application/pdf'] },
    },
    async (_request, reply) =>
      reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${SAMPLE_PDF_NAME}"`)
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(await samplePdf()),
  );
};
