import { createPdf, drawLine, drawParagraph, pdfBuffer } from './pdf';
import { formatDay, type DocumentLocale } from './certificate';

/**
 * The texts of exam_results.xlsx and of the printed tests (docs/api/reports.md
 * "Exports and prints") in the four locales, and the PDF of the print pages:
 * one page per learner, Arabic shaped by services/pdf.ts.
 */
export interface ReportTexts {
  sheet: string;
  answersSheet: string;
  columns: {
    student_id: string;
    name: string;
    gender: string;
    age: string;
    test_date: string;
    exam_type: string;
    challenge: string;
    fluency: string;
    flexibility: string;
    originality: string;
    originality_per_answer: string;
    total: string;
    degree: string;
    percentile: string;
    status: string;
    question: string;
    answer: string;
    answer_status: string;
    category: string;
    subcategory: string;
    points: string;
  };
  genders: Record<number, string>;
  examTypes: Record<number, string>;
  degrees: Record<'above' | 'average' | 'below', string>;
  statuses: Record<'scored' | 'not_scored', string>;
  answerStatuses: Record<'relevant' | 'empty' | 'no_answer' | 'repeat' | 'unscored', string>;
  print: {
    title: string;
    corrected: string;
    challenge: string;
    date: string;
    noAnswers: string;
    unmatched: string;
    points: string;
    scores: string;
  };
}

export const REPORT_TEXTS: Record<DocumentLocale, ReportTexts> = {
  ar: {
    sheet: 'النتائج',
    answersSheet: 'الإجابات',
    columns: {
      student_id: 'رقم المتعلم',
      name: 'الاسم',
      gender: 'الجنس',
      age: 'العمر',
      test_date: 'تاريخ الاختبار',
      exam_type: 'الاختبار',
      challenge: 'التحدي',
      fluency: 'الطلاقة',
      flexibility: 'المرونة',
      originality: 'الأصالة',
      originality_per_answer: 'الأصالة لكل إجابة',
      total: 'المجموع',
      degree: 'درجة المتعلم',
      percentile: 'المئين',
      status: 'الحالة',
      question: 'السؤال',
      answer: 'الإجابة',
      answer_status: 'حالة الإجابة',
      category: 'الفئة',
      subcategory: 'الفئة الفرعية',
      points: 'النقاط',
    },
    genders: { 1: 'ذكر', 2: 'أنثى' },
    examTypes: { 1: 'قبلي', 2: 'بعدي' },
    degrees: { above: 'فوق المتوسط', average: 'متوسط', below: 'دون المتوسط' },
    statuses: { scored: 'مصحح', not_scored: 'لم يصحح بعد' },
    answerStatuses: { relevant: 'محتسبة', empty: 'فارغة', no_answer: 'لا إجابة', repeat: 'مكررة', unscored: 'لم تصحح' },
    print: {
      title: 'اختبار نيومي',
      corrected: 'اختبار نيومي مصحح',
      challenge: 'التحدي %{n}',
      date: 'التاريخ: %{date}',
      noAnswers: 'لا توجد إجابات',
      unmatched: 'بلا فئة',
      points: '%{n} نقاط',
      scores: 'الطلاقة %{fluency} · المرونة %{flexibility} · الأصالة %{originality} · المجموع %{total}',
    },
  },
  en: {
    sheet: 'Results',
    answersSheet: 'Answers',
    columns: {
      student_id: 'Learner no.',
      name: 'Name',
      gender: 'Gender',
      age: 'Age',
      test_date: 'Test date',
      exam_type: 'Test',
      challenge: 'Challenge',
      fluency: 'Fluency',
      flexibility: 'Flexibility',
      originality: 'Originality',
      originality_per_answer: 'Originality per answer',
      total: 'Total',
      degree: 'Student degree',
      percentile: 'Percentile',
      status: 'Status',
      question: 'Question',
      answer: 'Answer',
      answer_status: 'Answer status',
      category: 'Category',
      subcategory: 'Subcategory',
      points: 'Points',
    },
    genders: { 1: 'Male', 2: 'Female' },
    examTypes: { 1: 'Pre-test', 2: 'Post-test' },
    degrees: { above: 'Above average', average: 'Average', below: 'Below average' },
    statuses: { scored: 'Scored', not_scored: 'Not scored yet' },
    answerStatuses: {
      relevant: 'Counted',
      empty: 'Empty',
      no_answer: 'No answer',
      repeat: 'Repeat',
      unscored: 'Not scored',
    },
    print: {
      title: 'Neomi test',
      corrected: 'Neomi test, corrected',
      challenge: 'Challenge %{n}',
      date: 'Date: %{date}',
      noAnswers: 'No answers',
      unmatched: 'no category',
      points: '%{n} points',
      scores: 'Fluency %{fluency} · Flexibility %{flexibility} · Originality %{originality} · Total %{total}',
    },
  },
  de: {
    sheet: 'Ergebnisse',
    answersSheet: 'Antworten',
    columns: {
      student_id: 'Lernenden-Nr.',
      name: 'Name',
      gender: 'Geschlecht',
      age: 'Alter',
      test_date: 'Testdatum',
      exam_type: 'Test',
      challenge: 'Aufgabe',
      fluency: 'Flüssigkeit',
      flexibility: 'Flexibilität',
      originality: 'Originalität',
      originality_per_answer: 'Originalität pro Antwort',
      total: 'Gesamt',
      degree: 'Einstufung',
      percentile: 'Perzentil',
      status: 'Status',
      question: 'Frage',
      answer: 'Antwort',
      answer_status: 'Antwortstatus',
      category: 'Kategorie',
      subcategory: 'Unterkategorie',
      points: 'Punkte',
    },
    genders: { 1: 'Männlich', 2: 'Weiblich' },
    examTypes: { 1: 'Vortest', 2: 'Nachtest' },
    degrees: { above: 'Überdurchschnittlich', average: 'Durchschnittlich', below: 'Unterdurchschnittlich' },
    statuses: { scored: 'Bewertet', not_scored: 'Noch nicht bewertet' },
    answerStatuses: {
      relevant: 'Gezählt',
      empty: 'Leer',
      no_answer: 'Keine Antwort',
      repeat: 'Wiederholung',
      unscored: 'Nicht bewertet',
    },
    print: {
      title: 'Neomi-Test',
      corrected: 'Neomi-Test, korrigiert',
      challenge: 'Aufgabe %{n}',
      date: 'Datum: %{date}',
      noAnswers: 'Keine Antworten',
      unmatched: 'keine Kategorie',
      points: '%{n} Punkte',
      scores: 'Flüssigkeit %{fluency} · Flexibilität %{flexibility} · Originalität %{originality} · Gesamt %{total}',
    },
  },
  fr: {
    sheet: 'Résultats',
    answersSheet: 'Réponses',
    columns: {
      student_id: 'N° apprenant',
      name: 'Nom',
      gender: 'Genre',
      age: 'Âge',
      test_date: 'Date du test',
      exam_type: 'Test',
      challenge: 'Défi',
      fluency: 'Fluidité',
      flexibility: 'Flexibilité',
      originality: 'Originalité',
      originality_per_answer: 'Originalité par réponse',
      total: 'Total',
      degree: 'Niveau',
      percentile: 'Centile',
      status: 'Statut',
      question: 'Question',
      answer: 'Réponse',
      answer_status: 'Statut de la réponse',
      category: 'Catégorie',
      subcategory: 'Sous-catégorie',
      points: 'Points',
    },
    genders: { 1: 'Garçon', 2: 'Fille' },
    examTypes: { 1: 'Pré-test', 2: 'Post-test' },
    degrees: { above: 'Au-dessus de la moyenne', average: 'Dans la moyenne', below: 'En dessous de la moyenne' },
    statuses: { scored: 'Noté', not_scored: 'Pas encore noté' },
    answerStatuses: {
      relevant: 'Comptée',
      empty: 'Vide',
      no_answer: 'Pas de réponse',
      repeat: 'Répétition',
      unscored: 'Non notée',
    },
    print: {
      title: 'Test Neomi',
      corrected: 'Test Neomi corrigé',
      challenge: 'Défi %{n}',
      date: 'Date : %{date}',
      noAnswers: 'Aucune réponse',
      unmatched: 'sans catégorie',
      points: '%{n} points',
      scores: 'Fluidité %{fluency} · Flexibilité %{flexibility} · Originalité %{originality} · Total %{total}',
    },
  },
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
  const t = REPORT_TEXTS[locale];
  const direction = locale === 'ar' ? 'rtl' : 'ltr';
  const doc = createPdf({ title: kind === 'corrected' ? t.print.corrected : t.print.title });
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
            ? ` (${a.status === 'relevant' ? `${a.category ?? t.print.unmatched}${a.subcategory ? ` / ${a.subcategory}` : ''} · ${fill(t.print.points, { n: a.points ?? 0 })}` : (t.answerStatuses[(a.status ?? 'unscored') as keyof ReportTexts['answerStatuses']] ?? a.status)})`
            : '';
        line(`• ${a.answer}${detail}`, 11);
      }
      y += 6;
    }
  });
  return pdfBuffer(doc);
}
