import { and, asc, eq, inArray } from 'drizzle-orm';
import { ROLE } from '../../domain/permissions';
import type { Transaction } from '../db/client';
import {
  categorySets,
  children,
  examAnswers,
  examFiles,
  examQuestions,
  exams,
  examSubmissions,
  groupMembers,
  markingAssignments,
  questionCategorySets,
} from '../db/schema';
import { newCode } from '../repositories/marking';
import { scoreQuestionInDb } from '../services/wordScoring';
import type { DemoContext } from './context';
import { figureName } from './examBank';
import { DEMO_SET_OF_QUESTION } from './scoring';

/**
 * Demo data of word scores and marking (after the exams seeder): every
 * sample word question linked to its set (DEMO_SET_OF_QUESTION: the
 * stage-3 free list of uses; the stage-3 choice, about the first thing of
 * the exam type, to that thing's set), a few more finished pre-tests
 * (challenge 1) with typed uses, some of them in no category (the review
 * queue), and every word question scored; the demo marker has those
 * tests to mark.
 */

/** Stage-3 free-text uses of the demo takers of pre-test challenge 1 (a cardboard box). */
export const DEMO_TAKERS: readonly { name: string; uses: string[] }[] = [
  { name: 'Omar', uses: ['سيارة', 'صاروخ', 'بيت للقطة', 'طائرة ورقية'] },
  { name: 'Sara', uses: ['خيمة', 'قلعة', 'مسرح دمى', 'قناع', 'سرير للدمية'] },
  { name: 'Karim', uses: ['سيارة', 'سَيّارة', 'قطار', 'لا يوجد', 'بيت للقطه'] },
  { name: 'Nour', uses: ['صندوق ألعاب', 'حفظ الكتب', 'بيت للعصافير', 'روبوت'] },
];

type QuestionRow = typeof examQuestions.$inferSelect;

/** Links the sample word questions to their demo sets. */
async function linkWordQuestions(tx: Transaction): Promise<number[]> {
  const sets = new Map(
    (await tx.select({ id: categorySets.id, code: categorySets.code }).from(categorySets)).map((s) => [s.code, s.id]),
  );
  const questions = await tx
    .select()
    .from(examQuestions)
    .where(and(eq(examQuestions.stage, 3), inArray(examQuestions.kind, ['free_text', 'single_choice'])));
  const links = questions.flatMap((q) => {
    const code = DEMO_SET_OF_QUESTION[q.examType]?.[q.kind === 'free_text' ? q.challenge : 1];
    const setId = code ? sets.get(code) : undefined;
    return setId ? [{ questionId: q.id, setId }] : [];
  });
  if (links.length) await tx.insert(questionCategorySets).values(links).onConflictDoNothing();
  return links.map((l) => l.questionId);
}

/** A finished test of pre-test challenge 1 for a learner: an option per question, typed uses in stage 3, a drawing per stage. */
async function finishedTest(
  tx: Transaction,
  childId: number,
  byUserId: number,
  uses: string[],
  daysAgo: number,
  questions: QuestionRow[],
) {
  const startedAt = new Date(Date.now() - daysAgo * 86_400_000);
  const [exam] = await tx
    .insert(exams)
    .values({
      childId,
      examType: 1,
      challenge: 1,
      startedAt,
      durationSeconds: 1800,
      startedBy: byUserId,
      finishedAt: new Date(startedAt.getTime() + 1500_000),
    })
    .returning();
  for (const stage of [1, 2, 3]) {
    const [sub] = await tx
      .insert(examSubmissions)
      .values({ examId: exam.id, stage, submissionKey: `demo-${childId}-pre1-stage${stage}`, submittedBy: byUserId })
      .returning();
    const rows: (typeof examAnswers.$inferInsert)[] = [];
    const add = (q: QuestionRow, value: { option?: string; text?: string }, position: number) => {
      const option = value.option ? q.options.find((o) => o.key === value.option) : undefined;
      rows.push({
        examId: exam.id,
        submissionId: sub.id,
        childId,
        examType: 1,
        challenge: 1,
        stage,
        questionId: q.id,
        position,
        source: option ? 'option' : 'text',
        optionKey: option?.key ?? null,
        answer: option ? option.text.ar : value.text!,
        language: 'ar',
        score: value.text === 'لا يوجد' ? 0 : null,
      });
    };
    for (const q of questions.filter((x) => x.stage === stage)) {
      if (q.kind === 'checklist' || q.kind === 'graph')
        add(q, { option: q.options[(childId + q.position) % (q.options.length - 1)].key }, 1);
      if (q.kind === 'repeated_draw') add(q, { text: 'شمس' }, 1);
      if (q.kind === 'single_choice') add(q, { option: q.options[childId % (q.options.length - 1)].key }, 1);
      if (q.kind === 'free_text') uses.forEach((text, i) => add(q, { text }, i + 1));
    }
    if (rows.length) await tx.insert(examAnswers).values(rows);
    await tx.insert(examFiles).values({
      kind: 'image',
      name: figureName(1, 1, stage === 1 ? 0 : stage + 3),
      submissionId: sub.id,
      childId,
      drawn: stage !== 2,
    });
  }
  return exam;
}

export async function seedMarkingDemo(tx: Transaction, demo: DemoContext): Promise<void> {
  const linked = await linkWordQuestions(tx);
  const teacherId = demo.accounts.get(ROLE.teacher)!;
  const questions = await tx
    .select()
    .from(examQuestions)
    .where(and(eq(examQuestions.examType, 1), eq(examQuestions.challenge, 1)))
    .orderBy(asc(examQuestions.stage), asc(examQuestions.position));
  const named = await tx
    .select({ id: children.id, name: children.name })
    .from(children)
    .where(
      inArray(
        children.name,
        DEMO_TAKERS.map((t) => t.name),
      ),
    );
  // pupils of the demo teacher's groups, who took the test at school
  const pupils = new Set((await tx.select({ id: groupMembers.childId }).from(groupMembers)).map((m) => m.id));
  const markerId = demo.accounts.get(ROLE.marker)!;
  const adminId = demo.accounts.get(ROLE.admin)!;
  for (const [i, taker] of DEMO_TAKERS.entries()) {
    const child = named.find((c) => c.name === taker.name && pupils.has(c.id));
    if (!child) continue;
    const exam = await finishedTest(tx, child.id, teacherId, taker.uses, 2 + i, questions);
    // every demo test waits in the demo marker's queue
    await tx
      .insert(markingAssignments)
      .values({ examId: exam.id, markerId, round: 1, code: newCode(), assignedBy: adminId });
  }
  for (const questionId of linked.sort((a, b) => a - b)) await scoreQuestionInDb(tx, questionId);
}
