import { createPdf, drawLine, drawParagraph, pdfBuffer } from './pdf';

/**
 * A learner's certificate for a group (GET /users/export/certificate/...):
 * name, course, group, date and verification code, in the caller's
 * language. The texts live here, beside the drawing, in the four locales
 * of the product; the date is written with the locale's month names.
 */
export type DocumentLocale = 'ar' | 'en' | 'de' | 'fr';

const TEXTS: Record<
  DocumentLocale,
  { title: string; certifies: string; completed: string; group: string; date: string; code: string; check: string }
> = {
  ar: {
    title: 'شهادة إتمام',
    certifies: 'تشهد أكاديمية نيومي بأن',
    completed: 'قد أتمّ بنجاح دورة: %{course}',
    group: 'ضمن مجموعة: %{group}',
    date: 'التاريخ: %{date}',
    code: 'رمز التحقق: %{code}',
    check: 'للتحقق من الشهادة افتح: %{url}',
  },
  en: {
    title: 'Certificate of Completion',
    certifies: 'Neomi Academy certifies that',
    completed: 'has successfully completed the course: %{course}',
    group: 'in the group: %{group}',
    date: 'Date: %{date}',
    code: 'Verification code: %{code}',
    check: 'To check this certificate, open: %{url}',
  },
  de: {
    title: 'Teilnahmezertifikat',
    certifies: 'Die Neomi Academy bestätigt, dass',
    completed: 'den Kurs erfolgreich abgeschlossen hat: %{course}',
    group: 'in der Gruppe: %{group}',
    date: 'Datum: %{date}',
    code: 'Prüfcode: %{code}',
    check: 'Zur Prüfung dieses Zertifikats öffnen Sie: %{url}',
  },
  fr: {
    title: 'Certificat de réussite',
    certifies: 'Neomi Academy certifie que',
    completed: 'a suivi avec succès le cours : %{course}',
    group: 'dans le groupe : %{group}',
    date: 'Date : %{date}',
    code: 'Code de vérification : %{code}',
    check: 'Pour vérifier ce certificat, ouvrez : %{url}',
  },
};

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/%\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

/** The locale of a document: ?lang= first ('gr' is German), then Accept-Language, else English. */
export function documentLocale(lang: string | undefined, acceptLanguage: string | undefined): DocumentLocale {
  const known = (l: string): DocumentLocale | undefined => {
    const base = l.trim().toLowerCase().split(/[-_;]/)[0];
    if (base === 'gr') return 'de';
    return (['ar', 'en', 'de', 'fr'] as const).find((x) => x === base);
  };
  if (lang) return known(lang) ?? 'en';
  for (const part of (acceptLanguage ?? '').split(',')) {
    const found = known(part);
    if (found) return found;
  }
  return 'en';
}

/** A day written in the locale (Latin digits, so the text reads back plainly). */
export const formatDay = (day: Date, locale: DocumentLocale) =>
  new Intl.DateTimeFormat(`${locale}-u-nu-latn`, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(day);

export interface CertificateData {
  studentName: string;
  course: string;
  group: string;
  issuedAt: Date;
  code: string;
  /** the public check page of this certificate */
  checkUrl: string;
}

/** The certificate as a PDF (A4 landscape, centred lines, Arabic shaped and right-to-left). */
export async function certificatePdf(data: CertificateData, locale: DocumentLocale): Promise<Buffer> {
  const t = TEXTS[locale];
  const doc = createPdf({ title: `${data.studentName} - ${t.title}`, layout: 'landscape', margin: 40 });
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
    drawParagraph(doc, fill(t.completed, { course: data.course }), {
      x,
      y,
      width,
      size: 18,
      align: 'center',
      direction,
    }) + 4;
  y =
    drawParagraph(doc, fill(t.group, { group: data.group }), { x, y, width, size: 16, align: 'center', direction }) +
    24;
  y =
    drawLine(doc, fill(t.date, { date: formatDay(data.issuedAt, locale) }), {
      x,
      y,
      width,
      size: 14,
      align: 'center',
      direction,
    }) + 4;
  y = drawLine(doc, fill(t.code, { code: data.code }), { x, y, width, size: 14, align: 'center', direction }) + 4;
  drawLine(doc, fill(t.check, { url: data.checkUrl }), { x, y, width, size: 11, align: 'center', direction });
  return pdfBuffer(doc);
}
