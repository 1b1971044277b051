import { ageAt, degreeOf } from '../../domain/reports';
import type { PrintInput } from '../../domain/schemas/reports';
import type { SheetSpec } from '../adapters/xlsx';
import type { Actor } from '../auth/actor';
import type { Executor } from '../db/client';
import { conflict, notFound } from '../errors';
import { learnerInScope } from '../repositories/exams';
import { groupInScope, isMemberOf, memberIds } from '../repositories/reportCohorts';
import {
  challengeTotals,
  challengesTaken,
  groupsWithTakers,
  schoolVisible,
  unscoredTakers,
  wordAnswersOf,
} from '../repositories/reportExports';
import { distributionOf, placementsOf, type TestRef } from '../repositories/reports';
import type { DocumentLocale } from './certificate';
import { requireReportViewer } from './cohortReports';
import { reportTexts, type PrintedLearner } from './reportDocuments';

/**
 * exam_results.xlsx, its group picker and the print pages (docs/api/reports.md "Exports and prints"). Each checks
 * the report permission and that the group or learner is in the caller's scope (404 otherwise).
 */

/** One row of the results sheet. */
interface ResultRow {
  student_id: number;
  name: string;
  gender: number | null;
  age: number | null;
  test_date: string | null;
  fluency: number | null;
  flexibility: number | null;
  originality: number | null;
  total: number | null;
  degree: 'above' | 'average' | 'below' | null;
  percentile: number | null;
  scored: boolean;
}

/** The learners of a group who took a test: scored ones placed among every taker, then the unscored ones. */
async function groupResults(db: Executor, groupId: number, ref: TestRef): Promise<ResultRow[]> {
  const [programme, placed, unscored] = await Promise.all([
    distributionOf(db, ref),
    placementsOf(db, ref, isMemberOf(groupId)),
    unscoredTakers(db, groupId, ref),
  ]);
  const percentile = (p: { below: number; equal: number }) =>
    Math.round((100 * (p.below + p.equal / 2)) / programme.total.n);
  return [
    ...placed.map((p): ResultRow => ({
      student_id: p.childId,
      name: p.name,
      gender: p.gender,
      age: ageAt(p.birthdate, p.testDate),
      test_date: p.testDate,
      fluency: p.scores.fluency.score,
      flexibility: p.scores.flexibility.score,
      originality: p.scores.originality.score,
      total: p.scores.total.score,
      degree: degreeOf(p.scores.total.score, programme.total),
      percentile: percentile(p.scores.total),
      scored: true,
    })),
    ...unscored.map((u): ResultRow => ({
      student_id: Number(u.id),
      name: u.name,
      gender: u.gender === null ? null : Number(u.gender),
      age: ageAt(u.birthdate, u.test_date),
      test_date: new Date(u.test_date).toISOString(),
      fluency: null,
      flexibility: null,
      originality: null,
      total: null,
      degree: null,
      percentile: null,
      scored: false,
    })),
  ];
}

interface AnswerRow {
  student_id: number;
  name: string;
  challenge: number;
  stage: number;
  question_id: number;
  question: string;
  position: number;
  answer: string;
  status: string | null;
  category: string | null;
  subcategory: string | null;
  points: number | null;
}

/** The word answers of some learners in a test, each question's text in the document's language. */
async function answersOf(db: Executor, childIds: number[], ref: TestRef, locale: DocumentLocale): Promise<AnswerRow[]> {
  if (!childIds.length) return [];
  const rows = await wordAnswersOf(db, childIds, ref);
  return rows.map((r) => ({ ...r, question: r.text[locale] || r.text.ar || r.text.en }));
}

/**
 * The two sheets of exam_results.xlsx for a group in scope: the results (scored learners placed among every
 * taker, then the unscored) and the word answers. A group nobody took the test in: 409.
 */
export async function examResultsSheets(
  db: Executor,
  actor: Actor,
  q: { group_id: number; exam_type: number; challenge_no?: number },
  locale: DocumentLocale,
): Promise<SheetSpec<unknown>[]> {
  requireReportViewer(actor);
  const group = await groupInScope(db, actor, q.group_id);
  const ref = { examType: q.exam_type, challenge: q.challenge_no };
  const results = await groupResults(db, group.id, ref);
  if (!results.length) throw conflict('app.reports.groupHasNoTakers');
  const t = reportTexts(locale);
  const c = t.columns;
  const answers = await answersOf(
    db,
    results.map((r) => r.student_id),
    ref,
    locale,
  );
  const examType = t.examTypes[ref.examType];
  // the challenge a row is about: the one asked for, else the challenges the learner took (their scores summed)
  const taken = new Map<number, number[]>();
  if (!ref.challenge)
    for (const e of await challengesTaken(
      db,
      results.map((r) => r.student_id),
      ref,
    ))
      taken.set(e.childId, [...(taken.get(e.childId) ?? []), e.challenge]);
  const challengeOf = (r: ResultRow): string | number =>
    ref.challenge ?? [...new Set(taken.get(r.student_id) ?? [])].sort((a, b) => a - b).join(', ');
  const resultsSheet: SheetSpec<ResultRow> = {
    name: t.sheet,
    rtl: locale === 'ar',
    rows: [results],
    columns: [
      { header: c.student_id, value: (r) => r.student_id },
      { header: c.name, value: (r) => r.name, width: 24 },
      { header: c.gender, value: (r) => (r.gender ? t.genders[r.gender] : '') },
      { header: c.age, value: (r) => r.age },
      { header: c.test_date, value: (r) => (r.test_date ? new Date(r.test_date) : null) },
      { header: c.exam_type, value: () => examType },
      { header: c.challenge, value: challengeOf },
      { header: c.fluency, value: (r) => r.fluency },
      { header: c.flexibility, value: (r) => r.flexibility },
      { header: c.originality, value: (r) => r.originality },
      {
        header: c.originality_per_answer,
        value: (r) => (r.fluency ? Math.round(((r.originality ?? 0) / r.fluency) * 100) / 100 : r.scored ? 0 : null),
      },
      { header: c.total, value: (r) => r.total },
      { header: c.degree, value: (r) => (r.degree ? t.degrees[r.degree] : '') },
      { header: c.percentile, value: (r) => r.percentile },
      { header: c.status, value: (r) => t.statuses[r.scored ? 'scored' : 'not_scored'] },
    ],
  };
  const answersSheet: SheetSpec<AnswerRow> = {
    name: t.answersSheet,
    rtl: locale === 'ar',
    rows: [answers],
    columns: [
      { header: c.student_id, value: (r) => r.student_id },
      { header: c.name, value: (r) => r.name, width: 24 },
      { header: c.challenge, value: (r) => r.challenge },
      { header: c.question, value: (r) => r.question, width: 40 },
      { header: c.answer, value: (r) => r.answer, width: 24 },
      {
        header: c.answer_status,
        value: (r) => t.answerStatuses[(r.status ?? 'unscored') as keyof typeof t.answerStatuses] ?? r.status,
      },
      { header: c.category, value: (r) => r.category },
      { header: c.subcategory, value: (r) => r.subcategory },
      { header: c.points, value: (r) => r.points },
    ],
  };
  return [resultsSheet, answersSheet] as SheetSpec<unknown>[];
}

/** The groups the export can be asked for (optionally of one school in scope, else 404), with their takers. */
export async function exportableGroups(db: Executor, actor: Actor, schoolId: number | undefined) {
  requireReportViewer(actor);
  if (schoolId && !(await schoolVisible(db, actor, schoolId))) throw notFound();
  return groupsWithTakers(db, actor, schoolId);
}

/** The printed tests of learners: one entry per learner and challenge taken. */
async function printedLearners(
  db: Executor,
  childIds: number[],
  input: PrintInput,
  locale: DocumentLocale,
): Promise<PrintedLearner[]> {
  if (!childIds.length) return [];
  const ref = { examType: input.exam_type, challenge: input.challenge_no };
  const [taken, answers, scores] = await Promise.all([
    challengesTaken(db, childIds, ref),
    answersOf(db, childIds, ref, locale),
    challengeTotals(db, childIds, ref),
  ]);
  return taken.map((e) => {
    const mine = answers.filter((a) => a.student_id === e.childId && a.challenge === e.challenge);
    const questions: PrintedLearner['questions'] = [];
    for (const a of mine) {
      let q = questions.find((x) => x.question_id === a.question_id);
      if (!q) {
        q = { question_id: a.question_id, stage: a.stage, text: a.question, answers: [] };
        questions.push(q);
      }
      if (input.kind === 'corrected')
        q.answers.push({
          answer: a.answer,
          status: a.status,
          category: a.category,
          subcategory: a.subcategory,
          points: a.points,
        });
      else q.answers.push({ answer: a.answer, status: null, category: null, subcategory: null, points: null });
    }
    const s =
      input.kind === 'corrected'
        ? scores.find((x) => x.childId === e.childId && x.challenge === e.challenge)
        : undefined;
    return {
      student_id: e.childId,
      name: e.name,
      exam_type: ref.examType,
      challenge: e.challenge,
      test_date: e.startedAt.toISOString(),
      scores: s
        ? {
            fluency: s.fluency,
            flexibility: s.flexibility,
            originality: s.originality,
            total: s.fluency + s.flexibility + s.originality,
          }
        : null,
      questions,
    };
  });
}

/** The learners a print names: one learner in scope, or the active members of a group in scope. */
async function printTargets(db: Executor, actor: Actor, input: PrintInput): Promise<number[]> {
  if (input.student_id) return [(await learnerInScope(db, actor, input.student_id)).id];
  requireReportViewer(actor);
  const group = await groupInScope(db, actor, input.group_id!);
  return memberIds(db, group.id);
}

/** The printed tests a print asks for (one learner, or a group's members), answers corrected or not. */
export async function printedTests(db: Executor, actor: Actor, input: PrintInput, locale: DocumentLocale) {
  return printedLearners(db, await printTargets(db, actor, input), input, locale);
}
