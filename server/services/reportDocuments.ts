import { createPdf, drawLine, drawParagraph, pdfBuffer } from '../adapters/pdf';
import { formatDay, type DocumentLocale } from './certificate';
import { GENDER } from '../../domain/codes';
import { textsIn } from '../../domain/texts';

/**
 * The texts of exam_results.xlsx and of the printed tests (docs/api/reports.md
 * "Exports and prints") in a locale, from the domain's document texts
 * (domain/texts `report.*`), and the PDF of the print pages: one page per
 * learner, Arabic shaped by server/adapters/pdf.ts.
 */
const COLUMNS = [
  'student_id',
  'name',
  'gender',
  'age',
  'test_date',
  'exam_type',
  'challenge',
  'fluency',
  'flexibility',
  'originality',
  'originality_per_answer',
  'total',
  'degree',
  'percentile',
  'status',
  'question',
  'answer',
  'answer_status',
  'category',
  'subcategory',
  'points',
] as const;
const ANSWER_STATUSES = ['relevant', 'empty', 'no_answer', 'repeat', 'unscored'] as const;

export interface ReportTexts {
  sheet: string;
  answersSheet: string;
  columns: Record<(typeof COLUMNS)[number], string>;
  genders: Record<number, string>;
  examTypes: Record<number, string>;
  degrees: Record<'above' | 'average' | 'below', string>;
  statuses: Record<'scored' | 'not_scored', string>;
  answerStatuses: Record<(typeof ANSWER_STATUSES)[number], string>;
  print: {
    title: string;
    corrected: string;
    challenge: string;
    date: string;
    noAnswers: string;
    unmatched: string;
    /** "n points", in the plural form of n */
    points: (n: number) => string;
    scores: string;
  };
}

export const reportTexts = (locale: DocumentLocale): ReportTexts => {
  const t = textsIn(locale);
  return {
    sheet: t('report.sheet'),
    answersSheet: t('report.answersSheet'),
    columns: Object.fromEntries(COLUMNS.map((c) => [c, t(`report.column.${c}`)])) as ReportTexts['columns'],
    genders: { [GENDER.male]: t('report.gender.boy'), [GENDER.female]: t('report.gender.girl') },
    examTypes: { 1: t('report.examType.pre'), 2: t('report.examType.post') },
    degrees: {
      above: t('report.degree.above'),
      average: t('report.degree.average'),
      below: t('report.degree.below'),
    },
    statuses: { scored: t('report.status.scored'), not_scored: t('report.status.not_scored') },
    answerStatuses: Object.fromEntries(
      ANSWER_STATUSES.map((s) => [s, t(`report.answerStatus.${s}`)]),
    ) as ReportTexts['answerStatuses'],
    print: {
      title: t('report.print.title'),
      corrected: t('report.print.corrected'),
      challenge: t('report.print.challenge'),
      date: t('report.print.date'),
      noAnswers: t('report.print.noAnswers'),
      unmatched: t('report.print.unmatched'),
      points: (n) => t('report.print.points', { smart_count: n }),
      scores: t('report.print.scores'),
    },
  };
};

export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/%\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));

/** One learner's printed test: questions with their answers (and, corrected, categories and points). */
export interface PrintedLearner {
  student_id: number;
  name: string;
  exam_type: number;
  challenge: number;
  test_date: string | null;
  scores: { fluency: number; flexibility: number; originality: number; total: number } | null;
  questions: {
    question_id: number;
    stage: number;
    text: string;
    answers: {
      answer: string;
      status: string | null;
      category: string | null;
      subcategory: string | null;
      points: number | null;
    }[];
  }[];
}

/** The print pages as a PDF: one page (or more) per learner and challenge. */
export async function printPdf(
  learners: PrintedLearner[],
  kind: 'exam' | 'corrected',
  locale: DocumentLocale,
): Promise<Buffer> {
  const t = reportTexts(locale);
  const direction = locale === 'ar' ? 'rtl' : 'ltr';
  const doc = await createPdf({ title: kind === 'corrected' ? t.print.corrected : t.print.title });
  const x = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const bottom = doc.page.height - doc.page.margins.bottom - 30;
  learners.forEach((learner, i) => {
    if (i > 0) doc.addPage();
    let y = doc.page.margins.top;
    const line = (text: string, size: number, font: 'regular' | 'bold' = 'regular') => {
      if (y > bottom) {
        doc.addPage();
        y = doc.page.margins.top;
      }
      y = drawLine(doc, text, { x, y, width, size, font, direction }) + 2;
    };
    line(kind === 'corrected' ? t.print.corrected : t.print.title, 20, 'bold');
    line(
      `${learner.name} · ${t.examTypes[learner.exam_type] ?? learner.exam_type} · ${fill(t.print.challenge, { n: learner.challenge })}`,
      14,
      'bold',
    );
    if (learner.test_date) line(fill(t.print.date, { date: formatDay(new Date(learner.test_date), locale) }), 12);
    if (kind === 'corrected' && learner.scores) line(fill(t.print.scores, learner.scores), 12, 'bold');
    y += 8;
    for (const q of learner.questions) {
      if (y > bottom) {
        doc.addPage();
        y = doc.page.margins.top;
      }
      y = drawParagraph(doc, q.text, { x, y, width, size: 12, font: 'bold', direction }) + 2;
      if (!q.answers.length) line(`— ${t.print.noAnswers}`, 11);
      for (const a of q.answers) {
        const detail =
          kind === 'corrected'
            ? ` (${a.status === 'relevant' ? `${a.category ?? t.print.unmatched}${a.subcategory ? ` / ${a.subcategory}` : ''} · ${t.print.points(a.points ?? 0)}` : (t.answerStatuses[(a.status ?? 'unscored') as keyof ReportTexts['answerStatuses']] ?? a.status)})`
            : '';
        line(`• ${a.answer}${detail}`, 11);
      }
      y += 6;
    }
  });
  return pdfBuffer(doc);
}
