import { eq } from 'drizzle-orm';
import { ROLE } from '../../domain/permissions';
import type { Executor, Transaction } from '../db/client';
import { examAnswers, examFiles, examQuestions, exams, examSubmissions } from '../db/schema';
import type { DemoContext } from './context';
import { figureName, sampleBank } from './examBank';

/** The sample question bank: every question of both exam types, with its generated figure. */
export async function seedQuestionBank(db: Executor): Promise<void> {
  const [any] = await db.select({ id: examQuestions.id }).from(examQuestions).limit(1);
  if (any) return;
  for (const q of sampleBank()) {
    const [row] = await db
      .insert(examQuestions)
      .values({
        examType: q.examType,
        challenge: q.challenge,
        stage: q.stage,
        kind: q.kind,
        text: q.text,
        options: q.options,
        allowOther: q.allowOther,
        position: q.position,
      })
      .returning({ id: examQuestions.id });
    if (q.figure) await db.insert(examFiles).values({ kind: 'image', name: q.figure, questionId: row.id });
  }
}

/**
 * Exams demo data: the bank, and Yousef (a pupil of the demo teacher's
 * group) has taken the pre-test's first challenge, so marking and reports
 * have something to show. His drawings are the challenge's figures.
 */
export async function seedExamsDemo(tx: Transaction, demo: DemoContext): Promise<void> {
  await seedQuestionBank(tx);
  const [yousef] = demo.childIds;
  const familyId = demo.accounts.get(ROLE.student)!;
  const questions = await tx.select().from(examQuestions).where(eq(examQuestions.examType, 1));
  const ofStage = (stage: number) =>
    questions.filter((q) => q.challenge === 1 && q.stage === stage).sort((a, b) => a.position - b.position);
  const startedAt = new Date(Date.now() - 3 * 86_400_000);
  const [exam] = await tx
    .insert(exams)
    .values({
      childId: yousef,
      examType: 1,
      challenge: 1,
      startedAt,
      durationSeconds: 1800,
      startedBy: familyId,
      finishedAt: new Date(startedAt.getTime() + 1200_000),
    })
    .returning();
  const answers: Record<number, { q: number; option?: string; text?: string }[]> = {
    1: [
      { q: 0, option: 'thing01' },
      { q: 0, option: 'thing07' },
      { q: 1, text: 'نظارة شمس' },
      { q: 1, text: 'دراجة' },
      { q: 1, text: 'ثعبان' },
    ],
    2: ofStage(2).map((_, i) => ({ q: i, option: i === 9 ? 'none' : `thing${String((i % 11) + 1).padStart(2, '0')}` })),
    3: [
      { q: 0, option: 'use05' },
      { q: 1, text: 'قارب في المطر' },
      { q: 1, text: 'بيت للعصافير' },
      { q: 1, text: 'قناع' },
    ],
  };
  for (const stage of [1, 2, 3]) {
    const [sub] = await tx
      .insert(examSubmissions)
      .values({
        examId: exam.id,
        stage,
        submissionKey: `demo-yousef-pre1-stage${stage}`,
        submittedBy: familyId,
      })
      .returning();
    const stageQuestions = ofStage(stage).filter((q) => q.kind !== 'image_upload');
    const positions = new Map<number, number>();
    const rows = answers[stage].map((a) => {
      const q = stageQuestions[a.q];
      const option = a.option ? q.options.find((o) => o.key === a.option)! : undefined;
      const position = (positions.get(q.id) ?? 0) + 1;
      positions.set(q.id, position);
      return {
        examId: exam.id,
        submissionId: sub.id,
        childId: yousef,
        examType: 1,
        challenge: 1,
        stage,
        questionId: q.id,
        position,
        source: option ? 'option' : 'text',
        optionKey: option?.key ?? null,
        answer: option ? option.text.ar : a.text!,
        language: 'ar',
        score: option?.key === 'none' ? 0 : null,
      };
    });
    await tx.insert(examAnswers).values(rows);
    await tx.insert(examFiles).values({
      kind: 'image',
      name: figureName(1, 1, stage === 1 ? 0 : stage),
      submissionId: sub.id,
      childId: yousef,
      drawn: stage === 1,
    });
  }
}
