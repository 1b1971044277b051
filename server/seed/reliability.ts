import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { RUBRIC, type ImageScores, type RubricKey } from '../../domain/marking/rubric';
import { ROLE } from '../../domain/permissions';
import type { Transaction } from '../db/client';
import {
  children,
  examFiles,
  examQuestions,
  exams,
  examSubmissions,
  imageMarks,
  markingAssignments,
  questionCategorySets,
  roles,
  userRoles,
  users,
} from '../db/schema';
import { newCode } from '../repositories/marking';
import { scoreQuestionInDb } from '../services/wordScoring';
import type { DemoContext } from './context';
import { figureName } from './examBank';

/**
 * Demo data of marker reliability (docs/RELIABILITY.md), after the schools seeder: two more markers (Salma and
 * Tarek) beside the demo marker Mona, and RELIABILITY_TESTS finished tests of school students (those in a class) on
 * the pre-test's third challenge, each with three drawings and marked twice (rounds 1 and 2 finished, the three
 * markers in turn), so the reliability page has real figures. Tarek leans: one point more originality and one less elaboration than
 * the drawing deserves (the drift the page flags); Mona and Salma differ now and then by a point. Two more tests
 * wait for their second marking (one for Salma, one for Tarek), so each new marker has one open marking.
 *
 * The two markings of a test never differ by more than 2 in total: no demo test needs a third marker, also with
 * a margin narrowed to 2 (tests/e2e/marking-admin.test.ts narrows it).
 */

/** Tests marked twice, and tests waiting for their second marking. */
export const RELIABILITY_TESTS = 20;
const WAITING_TESTS = 2;

/** The new markers (role marker), by their demo e-mail. */
export const RELIABILITY_MARKERS = [
  { name: 'Salma Marker', email: 'salma.marker@demo.test' },
  { name: 'Tarek Marker', email: 'tarek.marker@demo.test' },
] as const;

type Who = 'mona' | 'salma' | 'tarek';
/** Who marks test i in rounds 1 and 2: each pair in turn, each marker first as often as second. */
const PAIRS: [Who, Who][] = [
  ['mona', 'salma'],
  ['tarek', 'mona'],
  ['salma', 'tarek'],
  ['salma', 'mona'],
  ['mona', 'tarek'],
  ['tarek', 'salma'],
];

const clamp = (x: number, max: number) => Math.max(0, Math.min(max, x));

/** What drawing d (1–3) of test i deserves on each item: spread over the scale, the same for every marker. */
const deserved = (i: number, d: number): Record<RubricKey, number> =>
  Object.fromEntries(
    RUBRIC.map((r, k) => [r.key, (i * (3 + k) + d * (5 + 2 * k) + k * 7 + ((i * d + k) % 4)) % (r.max + 1)]),
  ) as Record<RubricKey, number>;

/** A marker's scores of drawing d of test i (deterministic, so every demo is alike). */
export function demoScores(who: Who, i: number, d: number): ImageScores {
  const t = deserved(i, d);
  const s = { ...t };
  if (who === 'mona' && (i + d) % 5 === 0) s.closure = clamp(t.closure + 1, 2);
  if (who === 'salma' && (i + 2 * d) % 6 === 0) s.elaboration = clamp(t.elaboration + 1, 3);
  if (who === 'mona' && (i + d) % 7 === 3) s.title = clamp(t.title - 1, 2);
  // Tarek's lean: a point more originality and, to keep his total, a point less on elaboration (or, when it is
  // already 0, on closure or title)
  const from = (['elaboration', 'closure', 'title'] as const).find((k) => s[k] > 0);
  if (who === 'tarek' && t.originality < 3 && from) {
    s.originality = t.originality + 1;
    s[from] -= 1;
  }
  return s;
}

export async function seedReliabilityDemo(tx: Transaction, demo: DemoContext): Promise<void> {
  const monaId = demo.accounts.get(ROLE.marker)!;
  const adminId = demo.accounts.get(ROLE.admin)!;
  const [mona] = await tx.select().from(users).where(eq(users.id, monaId));
  const [markerRole] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.key, ROLE.marker));
  const ids: Record<Who, number> = { mona: monaId, salma: 0, tarek: 0 };
  for (const [n, m] of RELIABILITY_MARKERS.entries()) {
    const [user] = await tx
      .insert(users)
      .values({
        name: m.name,
        email: m.email,
        passwordHash: mona.passwordHash,
        type: mona.type,
        gender: 2 - n,
        country: 'EG',
        city: 'Cairo',
        jobTitle: 'Test marker',
        approved: true,
      })
      .returning({ id: users.id });
    await tx.insert(userRoles).values({ userId: user.id, roleId: markerRole.id });
    ids[n === 0 ? 'salma' : 'tarek'] = user.id;
  }
  // school students in a class (the schools seeder's), first ones first: no learner another demo test names
  const students = await tx
    .select({ id: children.id })
    .from(children)
    .where(isNotNull(children.classId))
    .orderBy(asc(children.id))
    .limit(RELIABILITY_TESTS + WAITING_TESTS);
  for (const [i, student] of students.entries()) {
    const startedAt = new Date(Date.now() - (3 + i) * 86_400_000);
    const [exam] = await tx
      .insert(exams)
      .values({
        childId: student.id,
        examType: 1,
        challenge: 3,
        startedAt,
        durationSeconds: 1800,
        startedBy: adminId,
        finishedAt: new Date(startedAt.getTime() + 1500_000),
      })
      .returning({ id: exams.id });
    const fileIds: number[] = [];
    for (const stage of [1, 2, 3]) {
      const [sub] = await tx
        .insert(examSubmissions)
        .values({
          examId: exam.id,
          stage,
          submissionKey: `demo-${student.id}-pre3-stage${stage}`,
          submittedBy: adminId,
        })
        .returning({ id: examSubmissions.id });
      const [file] = await tx
        .insert(examFiles)
        .values({
          kind: 'image',
          name: figureName(1, 3, stage === 1 ? 0 : stage + 3),
          submissionId: sub.id,
          childId: student.id,
          drawn: stage !== 2,
        })
        .returning({ id: examFiles.id });
      fileIds.push(file.id);
    }
    const [first, second] = PAIRS[i % PAIRS.length];
    const waiting = i >= RELIABILITY_TESTS;
    for (const [round, who] of [
      [1, waiting ? (i % 2 ? 'tarek' : 'salma') : first],
      [2, waiting ? (i % 2 ? 'salma' : 'tarek') : second],
    ] as [number, Who][]) {
      const open = waiting && round === 2;
      const finishedAt = new Date(startedAt.getTime() + round * 86_400_000);
      const [assignment] = await tx
        .insert(markingAssignments)
        .values({
          examId: exam.id,
          markerId: ids[who],
          round,
          code: newCode(),
          assignedBy: adminId,
          status: open ? 'open' : 'finished',
          finishedAt: open ? null : finishedAt,
        })
        .returning({ id: markingAssignments.id });
      if (!open)
        await tx
          .insert(imageMarks)
          .values(
            fileIds.map((fileId, d) => ({ assignmentId: assignment.id, fileId, scores: demoScores(who, i, d + 1) })),
          );
    }
  }
  // the word questions of the challenge scored for these takers too, as every finished test is (a rescore finds
  // nothing new to write)
  const linked = await tx
    .select({ id: examQuestions.id })
    .from(questionCategorySets)
    .innerJoin(examQuestions, eq(examQuestions.id, questionCategorySets.questionId))
    .where(and(eq(examQuestions.examType, 1), eq(examQuestions.challenge, 3)))
    .orderBy(asc(examQuestions.id));
  for (const q of linked) await scoreQuestionInDb(tx, q.id);
}
