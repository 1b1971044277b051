import { pickLocale, textsFor, type TextLocale } from '../../domain/texts';
import { createPdf, drawLine, drawParagraph, pdfBuffer } from '../adapters/pdf';
import { formatDay as formatCalendarDay } from '../../domain/format';

/**
 * A learner's certificate for a group (GET /users/export/certificate/...):
 * name, course, group, date and verification code, in the caller's
 * language. The texts are the domain's document texts (domain/texts,
 * `certificate.*`), in the learner's grammatical gender; the date is written
 * with the locale's month names.
 */
export type DocumentLocale = TextLocale;

/** The locale of a document: ?lang= first ('gr' is German), then Accept-Language, else English. */
export const documentLocale = (lang: string | undefined, acceptLanguage: string | undefined): DocumentLocale =>
  pickLocale(lang, acceptLanguage, 'en');

/** A day written in the locale (Latin digits, so the text reads back plainly). */
export const formatDay = (day: Date, locale: DocumentLocale) =>
  formatCalendarDay(day, locale, { day: 'numeric', month: 'long', year: 'numeric' });

export interface CertificateData {
  studentName: string;
  /** the learner's gender (1 boy, 2 girl): the texts about the learner agree with it */
  gender: number | null;
  course: string;
  group: string;
  issuedAt: Date;
  code: string;
  /** the public check page of this certificate */
  checkUrl: string;
}

/** The certificate as a PDF (A4 landscape, centred lines, Arabic shaped and right-to-left). */
export async function certificatePdf(data: CertificateData, locale: DocumentLocale): Promise<Buffer> {
  const text = textsFor(locale, { gender: data.gender });
  const t = {
    title: text('certificate.title'),
    certifies: text('certificate.certifies'),
    completed: text('certificate.completed', { course: data.course }),
    group: text('certificate.group', { group: data.group }),
    date: text('certificate.date', { date: formatDay(data.issuedAt, locale) }),
    code: text('certificate.code', { code: data.code }),
    check: text('certificate.check', { url: data.checkUrl }),
  };
  const doc = await createPdf({ title: `${data.studentName} - ${t.title}`, layout: 'landscape', margin: 40 });
  const width = doc.page.width - 80;
  const x = 40;
  const direction = locale === 'ar' ? 'rtl' : 'ltr';
  doc
    .lineWidth(3)
    .strokeColor('#3f51b5')
    .rect(20, 20, doc.page.width - 40, doc.page.height - 40)
    .stroke();
  doc
    .lineWidth(1)
    .strokeColor('#9fa8da')
    .rect(30, 30, doc.page.width - 60, doc.page.height - 60)
    .stroke();
  doc.fillColor('#1a237e');
  let y = drawLine(doc, t.title, { x, y: 120, width, size: 34, font: 'bold', align: 'center', direction }) + 20;
  doc.fillColor('#333333');
  y = drawLine(doc, t.certifies, { x, y, width, size: 18, align: 'center', direction }) + 10;
  doc.fillColor('#000000');
  y = drawLine(doc, data.studentName, { x, y, width, size: 32, font: 'bold', align: 'center' }) + 10;
  doc.fillColor('#333333');
  y =
    drawParagraph(doc, t.completed, {
      x,
      y,
      width,
      size: 18,
      align: 'center',
      direction,
    }) + 4;
  y = drawParagraph(doc, t.group, { x, y, width, size: 16, align: 'center', direction }) + 24;
  y =
    drawLine(doc, t.date, {
      x,
      y,
      width,
      size: 14,
      align: 'center',
      direction,
    }) + 4;
  y = drawLine(doc, t.code, { x, y, width, size: 14, align: 'center', direction }) + 4;
  drawLine(doc, t.check, { x, y, width, size: 11, align: 'center', direction });
  return pdfBuffer(doc);
}
