import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createPdf, drawLine, drawParagraph, pdfBuffer, type PdfDocument } from '../../services/pdf';

/**
 * The sample of the Neomi kit offered on /order-neomi-kit: three pages in
 * Arabic and English (what the kit is, the three challenges, a sample
 * activity page), written for this project and drawn with the shared PDF
 * service (Arabic shaped with Amiri, extractable as text).
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

export const SAMPLE_TEXT = {
  title: { ar: 'حقيبة نيومي للإبداع', en: 'The Neomi Creativity Kit' },
  subtitle: { ar: 'صفحات تجريبية', en: 'Sample pages' },
  whatTitle: { ar: 'ما هي حقيبة نيومي؟', en: 'What is the Neomi kit?' },
  what: {
    ar: 'حقيبة نيومي مجموعة من الأنشطة والألعاب تنمي التفكير الإبداعي عند الأطفال من سن السادسة إلى سن السادسة عشرة. يعمل الطفل على ثلاثة تحديات، ويقيس المعلم طلاقة أفكاره ومرونتها وأصالتها قبل البرنامج وبعده.',
    en: "The Neomi kit is a set of activities and games that grow creative thinking in children aged six to sixteen. Each child works through three challenges, and the teacher measures the fluency, flexibility and originality of the child's ideas before and after the programme.",
  },
  boxTitle: { ar: 'في الحقيبة', en: 'In the box' },
  box: [
    { ar: 'كتيب أنشطة للطفل من أربع وعشرين صفحة', en: "A child's activity book of 24 pages" },
    { ar: 'بطاقات التحديات الثلاثة', en: 'Cards for the three challenges' },
    { ar: 'دليل المعلم وأوراق التقييم', en: "A teacher's guide and scoring sheets" },
    { ar: 'أقلام تلوين وملصقات الشارات', en: 'Coloured pencils and badge stickers' },
  ],
  orderTitle: { ar: 'كيف تطلب الحقيبة', en: 'How to order' },
  order: {
    ar: 'اطلب الحقائب لمدرستك أو مؤسستك من صفحة طلب حقيبة نيومي، وسيتواصل معك فريق الأكاديمية.',
    en: "Order kits for your school or organisation on the Neomi kit order page, and the academy's team will contact you.",
  },
  challengesTitle: { ar: 'التحديات الثلاثة', en: 'The three challenges' },
  challenges: [
    {
      title: { ar: 'التحدي الأول: أكمل الشكل', en: 'Challenge 1: Complete the shape' },
      text: {
        ar: 'يأخذ الطفل خطوطا وأشكالا ناقصة، فيكملها رسوما لها معنى ويعطي كل رسم عنوانا.',
        en: 'The child receives unfinished lines and shapes, turns each one into a drawing that means something, and gives it a title.',
      },
    },
    {
      title: { ar: 'التحدي الثاني: استخدامات كثيرة', en: 'Challenge 2: Many uses' },
      text: {
        ar: 'يكتب الطفل أكبر عدد من الاستخدامات غير المألوفة لشيء مألوف، مثل علبة من الكرتون.',
        en: 'The child lists as many unusual uses as possible for an everyday object, such as a cardboard box.',
      },
    },
    {
      title: { ar: 'التحدي الثالث: ماذا لو؟', en: 'Challenge 3: What if?' },
      text: {
        ar: 'نسأل الطفل سؤالا من الخيال، مثل: ماذا لو استطاعت الأشجار أن تمشي؟ فيكتب كل ما قد يحدث.',
        en: 'The child answers a question from the imagination, such as: what if trees could walk? and writes everything that might happen.',
      },
    },
  ],
  scoringTitle: { ar: 'كيف نقيس الإبداع', en: 'How creativity is measured' },
  scoring: [
    { ar: 'الطلاقة: عدد الأفكار المناسبة', en: 'Fluency: how many fitting ideas' },
    { ar: 'المرونة: عدد أنواع الأفكار', en: 'Flexibility: how many kinds of ideas' },
    { ar: 'الأصالة: ندرة الفكرة بين إجابات الأطفال', en: 'Originality: how rare an idea is among all answers' },
  ],
  activityTitle: { ar: 'نشاط تجريبي: دوائر كثيرة', en: 'Sample activity: Many circles' },
  activity: {
    ar: 'حول كل دائرة إلى رسم مختلف، ثم اكتب عنوانا تحت كل رسم. لديك عشر دقائق.',
    en: 'Turn each circle into a different drawing, then write a title under it. You have ten minutes.',
  },
  name: { ar: 'الاسم', en: 'Name' },
  date: { ar: 'التاريخ', en: 'Date' },
  footer: { ar: 'أكاديمية نيومي', en: 'Neomi Academy · sample pages, not for sale' },
} as const;

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
  const doc = createPdf({ title: `${SAMPLE_TEXT.title.en} · ${SAMPLE_TEXT.subtitle.en}` });
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
