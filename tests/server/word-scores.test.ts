import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  answerMatches,
  categorySets,
  categoryWords,
  children,
  examAnswers,
  examQuestions,
  logs,
  questionCategorySets,
  reviewDismissals,
  scoringJobs,
  settings,
  subcategories,
  wordScores,
} from '../../server/db/schema';
import { normaliseText } from '../../domain/scoring/normalise';
import { DEMO_TAKERS } from '../../server/seed/marking';
import { bank, form, stageEntries } from './support/exams';
import { pngImage } from './support/files';
import { enqueueScoring, runScoringStep } from '../../server/services/scoringJobs';
import { withApp } from './support/withApp';

const t = withApp();
const kid: Record<string, number> = {};
let boxSet: number;
let tinSet: number;
/** pre-test challenge 1, stage 3: the free list of uses of a cardboard box (set box-uses) */
let freeText: number;

beforeAll(async () => {
  for (const c of await t.db.select({ id: children.id, name: children.name }).from(children)) kid[c.name] ??= c.id;
  const sets = await t.db.select().from(categorySets);
  boxSet = sets.find((s) => s.code === 'box-uses')!.id;
  tinSet = sets.find((s) => s.code === 'tin-uses')!.id;
  [{ id: freeText }] = await t.db
    .select({ id: examQuestions.id })
    .from(examQuestions)
    .where(and(eq(examQuestions.examType, 1), eq(examQuestions.challenge, 1), eq(examQuestions.kind, 'free_text')));
});

const post = (url: string, payload: unknown, as: string) => t.inject({ method: 'POST', url, payload, as: as ?? as });
const get = (url: string, as: string) => t.inject({ url, as: as ?? as });
const drain = () => t.app.scoringJobs.drain();

interface Explained {
  question_id: number;
  fluency: number;
  flexibility: number;
  originality: number;
  originality_per_answer: number;
  unmatched: number;
  takers: number;
  rare_percent: number;
  answers: { answer: string; status: string; category: string | null; subcategory: string | null; points: number }[];
}
async function explain(
  name: string,
  as = 'admin',
  body: Record<string, unknown> = { exam_type: 1, challenge: 1 },
): Promise<Explained | undefined> {
  const res = await post('/api/scores/explain', { student_id: kid[name], ...body }, as);
  expect(res.statusCode).toBe(200);
  return (res.json().scores as Explained[]).find((s) => s.question_id === freeText);
}

/** Every stored score and match, without the time it was written. */
async function snapshot() {
  const scores = await t.db.select().from(wordScores).orderBy(wordScores.examId, wordScores.questionId);
  const matches = await t.db.select().from(answerMatches).orderBy(answerMatches.answerId);
  const answers = await t.db
    .select({ id: examAnswers.id, score: examAnswers.score })
    .from(examAnswers)
    .orderBy(examAnswers.id);
  const counters = await t.db
    .select({ id: subcategories.id, n: subcategories.answerCount })
    .from(subcategories)
    .orderBy(subcategories.id);
  return { scores: scores.map(({ scoredAt: _s, id: _i, ...rest }) => rest), matches, answers, counters };
}

describe('demo word scores, worked out by hand', () => {
  // pre-test challenge 1 has five takers (Yousef and the four DEMO_TAKERS): every subcategory given is
  // given by at least one taker in five (20 %), far above 5 %, so no answer earns originality points
  it('scores every taker of the free-text question with the dictionary of its set', async () => {
    expect(DEMO_TAKERS.map((d) => d.name)).toEqual(['Omar', 'Sara', 'Karim', 'Nour']);
    const expected: Record<string, { fluency: number; flexibility: number; unmatched: number }> = {
      // قارب في المطر (none) · بيت للعصافير (none) · قناع (فن › رسم وتلوين)
      Yousef: { fluency: 3, flexibility: 1, unmatched: 2 },
      // سيارة, صاروخ (لعب › مركبات) · بيت للقطة (لعب › بيوت ومخابئ) · طائرة ورقية (none)
      Omar: { fluency: 4, flexibility: 1, unmatched: 1 },
      // خيمة, قلعة (لعب › بيوت) · مسرح دمى (فن › مسرح) · قناع (فن › رسم) · سرير للدمية (none)
      Sara: { fluency: 5, flexibility: 2, unmatched: 1 },
      // سيارة · سَيّارة (repeat) · قطار (مركبات) · لا يوجد (no answer) · بيت للقطه (= بيت للقطة after normalisation)
      Karim: { fluency: 3, flexibility: 1, unmatched: 0 },
      // صندوق ألعاب, حفظ الكتب (تخزين › تنظيم) · بيت للعصافير · روبوت (none)
      Nour: { fluency: 4, flexibility: 1, unmatched: 2 },
    };
    for (const [name, want] of Object.entries(expected)) {
      const s = await explain(name);
      expect(s, name).toMatchObject({ ...want, originality: 0, originality_per_answer: 0, takers: 5, rare_percent: 1 });
    }
    const karim = (await explain('Karim'))!;
    expect(karim.answers.map((a) => [a.answer, a.status, a.subcategory])).toEqual([
      ['سيارة', 'relevant', 'مركبات'],
      ['سَيّارة', 'repeat', null],
      ['قطار', 'relevant', 'مركبات'],
      ['لا يوجد', 'no_answer', null],
      ['بيت للقطه', 'relevant', 'بيوت ومخابئ'],
    ]);
  });

  it('keeps subcategory_counter (relevant answers, repeats not counted) and category_counter (their sum)', async () => {
    const res = await get(`/api/category/categories-and-subcategories?set_id=${boxSet}`, 'admin');
    const play = (
      res.json().categories as {
        category: string;
        category_counter: number;
        subcategories: { subcategory: string; subcategory_counter: number }[];
      }[]
    ).find((c) => c.category === 'لعب')!;
    const counter = (name: string) => play.subcategories.find((s) => s.subcategory === name)!.subcategory_counter;
    const [{ n: singleChoice }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(answerMatches)
      .innerJoin(subcategories, eq(subcategories.id, answerMatches.subcategoryId))
      .where(
        and(
          eq(subcategories.name, 'مركبات'),
          eq(subcategories.setId, boxSet),
          sql`${answerMatches.questionId} <> ${freeText}`,
        ),
      );
    // Omar سيارة, صاروخ; Karim سيارة, قطار (plus any choice of the stage-3 choice question that is a vehicle)
    expect(counter('مركبات')).toBe(4 + singleChoice);
    expect(play.category_counter).toBe(play.subcategories.reduce((sum, s) => sum + s.subcategory_counter, 0));
  });
});

describe('access and scope', () => {
  it('answers 401 without a token and 403 without the permission', async () => {
    const adminCalls: [string, string, unknown?][] = [
      ['GET', '/api/scores/question-sets'],
      ['POST', '/api/scores/question-sets', { question_id: freeText, set_id: boxSet }],
      ['POST', '/api/scores/rescore', {}],
      ['GET', '/api/scores/jobs'],
      ['GET', '/api/scores/jobs/1'],
      ['POST', '/api/scores/review-queue', {}],
      ['POST', '/api/scores/review-queue/assign', { set_id: boxSet, normalised: 'روبوت', subcategory_id: 1 }],
      ['POST', '/api/scores/review-queue/dismiss', { set_id: boxSet, normalised: 'روبوت' }],
      ['POST', '/api/answers/submit/to/ai', { set_id: boxSet }],
    ];
    for (const [method, url, payload] of adminCalls) {
      expect((await t.inject({ method: method as 'GET', url, payload })).statusCode, url).toBe(401);
      for (const who of ['region', 'school', 'teacher', 'family', 'marker']) {
        expect((await t.inject({ method: method as 'GET', url, payload, as: who })).statusCode, `${who} ${url}`).toBe(
          403,
        );
      }
    }
    for (const url of ['/api/scores/explain', '/api/scores/score']) {
      expect(
        (await t.inject({ method: 'POST', url, payload: { student_id: kid.Omar, exam_type: 1 } })).statusCode,
      ).toBe(401);
      for (const who of ['family', 'marker', 'region', 'school']) {
        expect((await post(url, { student_id: kid.Omar, exam_type: 1 }, who)).statusCode, `${who} ${url}`).toBe(403);
      }
    }
  });

  it('lets access_neomi read the learners in its scope only: another learner is 404', async () => {
    expect(await explain('Omar', 'teacher')).toMatchObject({ fluency: 4 });
    expect((await post('/api/scores/explain', { student_id: kid.Laila, exam_type: 1 }, 'teacher')).statusCode).toBe(
      404,
    );
    expect((await post('/api/scores/score', { student_id: kid.Laila, exam_type: 1 }, 'teacher')).statusCode).toBe(404);
    expect((await post('/api/scores/explain', { student_id: 999_999, exam_type: 1 }, 'admin')).statusCode).toBe(404);
    expect((await post('/api/scores/explain', { student_id: 'x' }, 'admin')).statusCode).toBe(400);
  });
});

describe('scoring when a stage arrives, and on demand', () => {
  it('queues the word questions of a submitted stage and scores them for every taker', async () => {
    const questions = await bank(t.app, await t.token('family'), 1, 2);
    const png = await pngImage(60, 40);
    const base: [string, string][] = [
      ['student_id', String(kid.Yousef)],
      ['exam_type', '1'],
      ['challenge', '2'],
    ];
    for (const stage of [1, 2, 3]) {
      const body = form(stageEntries(stage, questions[stage], base), { name: 'img', filename: 'd.png', data: png });
      const res = await t.inject({
        method: 'POST',
        url: stage === 1 ? '/api/answers/add' : '/api/answers/add/second',
        payload: body.body,
        headers: body.headers,
        as: 'family',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    await drain();
    const res = await post('/api/scores/explain', { student_id: kid.Yousef, exam_type: 1, challenge: 2 }, 'admin');
    const free = (res.json().scores as (Explained & { set_id: number; kind: string })[]).find(
      (s) => s.kind === 'free_text',
    )!;
    // قارب · قبعة للمطر: neither is a word of tin-uses; the only taker of challenge 2
    expect(free).toMatchObject({ set_id: tinSet, fluency: 2, flexibility: 0, originality: 0, unmatched: 2, takers: 1 });
    const [{ n: pending }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(scoringJobs)
      .where(eq(scoringJobs.status, 'pending'));
    expect(pending).toBe(0);
  });

  it('POST /scores/score scores a learner now and answers with the scores', async () => {
    await t.db.delete(wordScores).where(eq(wordScores.questionId, freeText));
    const res = await post('/api/scores/score', { student_id: kid.Omar, exam_type: 1, challenge: 1 }, 'teacher');
    expect(res.statusCode).toBe(200);
    expect((res.json().scores as Explained[]).find((s) => s.question_id === freeText)).toMatchObject({
      fluency: 4,
      takers: 5,
    });
    // every taker of the question was scored again, not only Omar
    const rows = await t.db.select().from(wordScores).where(eq(wordScores.questionId, freeText));
    expect(rows).toHaveLength(5);
  });

  it('a corrected answer is scored again', async () => {
    const [answer] = await t.db
      .select()
      .from(examAnswers)
      .where(and(eq(examAnswers.childId, kid.Omar), eq(examAnswers.answer, 'طائرة ورقية')));
    const res = await t.inject({
      method: 'PUT',
      url: '/api/answers/update/answer',
      as: 'teacher',
      payload: { id: answer.id, answer: 'قطار' },
    });
    expect(res.statusCode).toBe(200);
    await drain();
    expect(await explain('Omar')).toMatchObject({ fluency: 4, unmatched: 0 });
    const [match] = await t.db.select().from(answerMatches).where(eq(answerMatches.answerId, answer.id));
    expect(match).toMatchObject({ status: 'relevant', subcategory: 'مركبات', points: 0 });
    await t.inject({
      method: 'PUT',
      url: '/api/answers/update/answer',
      as: 'teacher',
      payload: { id: answer.id, answer: 'طائرة ورقية' },
    });
    await drain();
    expect(await explain('Omar')).toMatchObject({ unmatched: 1 });
  });
});

describe('rescoring: one admin action, a job with progress, deterministic', () => {
  it('rescoring every test gives the same scores, and the job reports its progress', async () => {
    const before = await snapshot();
    const res = await post('/api/scores/rescore', {}, 'admin');
    expect(res.statusCode).toBe(202);
    const job = res.json().job;
    expect(job).toMatchObject({ scope: 'all', target_id: null });
    await drain();
    const done = await get(`/api/scores/jobs/${job.id}`, 'admin');
    const linked = (await t.db.select().from(questionCategorySets)).length;
    expect(done.json().job).toMatchObject({
      status: 'done',
      total: linked,
      processed: linked,
      percent: 100,
      error: null,
    });
    expect(done.json().job.answers).toBeGreaterThan(0);
    expect(await snapshot()).toEqual(before);
    expect((await get('/api/scores/jobs', 'admin')).json().jobs[0].id).toBe(job.id);
    expect((await get('/api/scores/jobs/999999', 'admin')).statusCode).toBe(404);
    const [log] = await t.db
      .select()
      .from(logs)
      .where(and(eq(logs.entity, 'scoring_job'), eq(logs.entityId, job.id)));
    expect(log.action).toBe('rescore');
  });

  it('asking twice while a job waits queues it once', async () => {
    // the waiting row is the one the second request finds (a request queues it and wakes the workers at once,
    // so two requests over HTTP may meet a running job and queue a second one, as they should)
    const a = await enqueueScoring(t.db, { scope: 'all' });
    const b = await enqueueScoring(t.db, { scope: 'all' });
    expect(b).toBe(a);
    expect((await post('/api/scores/rescore', { set_id: 999999 }, 'admin')).statusCode).toBe(404);
    expect((await post('/api/scores/rescore', { set_id: 'x' }, 'admin')).statusCode).toBe(400);
    await drain();
    const [after] = await t.db.select().from(scoringJobs).where(eq(scoringJobs.id, a));
    expect(after.status).toBe('done');
  });

  const linkedQuestions = async () =>
    (
      await t.db
        .select({ id: questionCategorySets.questionId })
        .from(questionCategorySets)
        .orderBy(questionCategorySets.questionId)
    ).map((r) => r.id);

  it('a job whose step was lost with its process goes on from its cursor when the step is tried again', async () => {
    const linked = await linkedQuestions();
    const [job] = await t.db
      .insert(scoringJobs)
      .values({
        scope: 'all',
        status: 'running',
        total: linked.length,
        processed: 3,
        cursor: linked[2],
        answers: 0,
        startedAt: sql`now() - interval '1 hour'`,
        heartbeatAt: sql`now() - interval '10 minutes'`,
      })
      .returning();
    // what pg-boss does with the step of a process that died, once it expires: the step is tried again
    await t.app.jobs.send('score', { scoringJobId: job.id });
    await drain();
    const [after] = await t.db.select().from(scoringJobs).where(eq(scoringJobs.id, job.id));
    expect(after).toMatchObject({ status: 'done', processed: linked.length, cursor: linked.at(-1) });
  });

  it('two steps of one job side by side score each question once', async () => {
    const linked = await linkedQuestions();
    const [job] = await t.db.insert(scoringJobs).values({ scope: 'all' }).returning();
    const log = { info: () => {}, error: () => {} };
    const step = () => runScoringStep(t.db, job.id, log, { budgetMs: 60_000, lastTry: false });
    const outcomes = await Promise.all([step(), step()]);
    expect(outcomes.map((o) => o.state).sort()).toEqual(['done', 'gone']);
    const [after] = await t.db.select().from(scoringJobs).where(eq(scoringJobs.id, job.id));
    expect(after).toMatchObject({ status: 'done', total: linked.length, processed: linked.length });
  });
});

describe('review queue', () => {
  interface QueueWord {
    set_id: number;
    normalised: string;
    count: number;
    tests: number;
    example: string;
    language: string;
  }
  const queue = async (payload: Record<string, unknown> = { set_id: boxSet, limit: 100 }) => {
    const res = await post('/api/scores/review-queue', payload, 'admin');
    expect(res.statusCode).toBe(200);
    return res.json() as { words: QueueWord[]; count: number };
  };

  it('groups unmatched answer words by normalised form, most frequent first', async () => {
    const { words, count } = await queue();
    expect(count).toBe(words.length);
    // بيت للعصافير: Yousef and Nour
    expect(words[0]).toMatchObject({
      normalised: 'بيت للعصافير',
      count: 2,
      tests: 2,
      example: 'بيت للعصافير',
      language: 'ar',
    });
    expect(words.map((w) => w.normalised)).toEqual(
      expect.arrayContaining(['روبوت', 'سرير للدمية', 'طائرة ورقية', 'قارب في المطر'].map(normaliseText)),
    );
    expect((await queue({ set_id: boxSet, search_text: 'روبوت' })).words.map((w) => w.normalised)).toEqual(['روبوت']);
    expect((await post('/api/scores/review-queue', { set_id: 999999 }, 'admin')).statusCode).toBe(404);
    expect((await post('/api/scores/review-queue', { order_by: 'id; drop table' }, 'admin')).statusCode).toBe(400);
  });

  it('assigning a word adds it to the dictionary and rescoring picks it up', async () => {
    const [sub] = await t.db
      .select()
      .from(subcategories)
      .where(and(eq(subcategories.setId, boxSet), eq(subcategories.name, 'رسم وتلوين')));
    const [otherSet] = await t.db.select().from(subcategories).where(eq(subcategories.setId, tinSet)).limit(1);
    const assign = (payload: Record<string, unknown>) => post('/api/scores/review-queue/assign', payload, 'admin');
    expect((await assign({ set_id: boxSet, normalised: 'روبوت', subcategory_id: otherSet.id })).json().key).toBe(
      'app.scores.subcategoryNotInSet',
    );
    expect((await assign({ set_id: boxSet, normalised: 'روبوت', subcategory_id: 999999 })).statusCode).toBe(400);
    expect((await assign({ set_id: boxSet, normalised: 'ليس في الطابور', subcategory_id: sub.id })).statusCode).toBe(
      404,
    );
    expect(
      (await assign({ set_id: boxSet, normalised: 'روبوت', subcategory_id: sub.id, word: 'قطة' })).json().errors,
    ).toEqual({ word: 'app.scores.wordMismatch' });
    expect(await explain('Nour')).toMatchObject({ flexibility: 1, unmatched: 2 });

    const res = await assign({ set_id: boxSet, normalised: 'روبوت', subcategory_id: sub.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      key: 'app.scores.wordAssigned',
      word: { word: 'روبوت', language: 'ar', normalised: 'روبوت', subcategory_id: sub.id },
    });
    expect(res.json().job).toMatchObject({ scope: 'set', target_id: boxSet });
    // out of the queue at once, scored when the job has run
    expect((await queue()).words.map((w) => w.normalised)).not.toContain('روبوت');
    await drain();
    // صندوق ألعاب, حفظ الكتب (تخزين) · روبوت (فن): two categories now
    expect(await explain('Nour')).toMatchObject({ flexibility: 2, unmatched: 1 });
    expect((await assign({ set_id: boxSet, normalised: 'روبوت', subcategory_id: sub.id })).statusCode).toBe(404);
    const [log] = await t.db
      .select()
      .from(logs)
      .where(and(eq(logs.entity, 'category_word'), eq(logs.action, 'assign')));
    expect(log.newValue).toMatchObject({ word: 'روبوت', subcategory: 'رسم وتلوين' });
  });

  it('dismisses a word (it leaves the queue and stays unmatched) and restores it', async () => {
    const dismiss = (payload: Record<string, unknown>) => post('/api/scores/review-queue/dismiss', payload, 'admin');
    expect((await dismiss({ set_id: boxSet, normalised: 'قارب في المطر' })).json().key).toBe(
      'app.scores.wordDismissed',
    );
    expect((await queue()).words.map((w) => w.normalised)).not.toContain('قارب في المطر');
    expect((await dismiss({ set_id: boxSet, normalised: 'قارب في المطر' })).statusCode).toBe(404);
    expect((await dismiss({ set_id: boxSet, normalised: 'قارب في المطر', restore: true })).json().key).toBe(
      'app.scores.wordRestored',
    );
    expect((await queue()).words.map((w) => w.normalised)).toContain('قارب في المطر');
    expect((await dismiss({ set_id: boxSet, normalised: 'قارب في المطر', restore: true })).statusCode).toBe(404);
    expect(await t.db.select().from(reviewDismissals)).toHaveLength(0);
  });
});

describe('POST /answers/submit/to/ai: suggestions from the dictionary', () => {
  it('ranks candidates with a confidence: exact, article variant, shared words; nothing for a stranger', async () => {
    const res = await post(
      '/api/answers/submit/to/ai',
      { set_id: boxSet, words: ['سياره', 'الخيمة', 'بيت للعصافير', 'xyz'] },
      'admin',
    );
    expect(res.statusCode).toBe(200);
    const [car, tent, birds, none] = res.json().suggestions;
    expect(car.candidates[0]).toMatchObject({
      subcategory: 'مركبات',
      via: 'exact',
      confidence: 1,
      matched_word: 'سيارة',
    });
    expect(tent.candidates[0]).toMatchObject({ subcategory: 'بيوت ومخابئ', via: 'variant', confidence: 0.95 });
    expect(birds.candidates[0]).toMatchObject({ subcategory: 'بيوت ومخابئ', via: 'part' });
    expect(birds.candidates[0].confidence).toBeLessThan(0.6);
    expect(none.candidates).toEqual([]);
  });

  it('suggests for the head of the review queue, and never changes a score, a match, a word or a job by itself', async () => {
    const before = {
      ...(await snapshot()),
      words: await t.db.select().from(categoryWords).orderBy(categoryWords.id),
      jobs: await t.db.select().from(scoringJobs).orderBy(scoringJobs.id),
    };
    const res = await post('/api/answers/submit/to/ai', { set_id: boxSet }, 'admin');
    expect(res.statusCode).toBe(200);
    const suggestions = res.json().suggestions as { normalised: string; count: number }[];
    expect(suggestions[0]).toMatchObject({ normalised: 'بيت للعصافير', count: 2 });
    await drain();
    const after = {
      ...(await snapshot()),
      words: await t.db.select().from(categoryWords).orderBy(categoryWords.id),
      jobs: await t.db.select().from(scoringJobs).orderBy(scoringJobs.id),
    };
    expect(after).toEqual(before);
    expect((await post('/api/answers/submit/to/ai', { set_id: 999999 }, 'admin')).statusCode).toBe(404);
    expect(
      (await post('/api/answers/submit/to/ai', { set_id: boxSet, words: Array(201).fill('x') }, 'admin')).statusCode,
    ).toBe(400);
  });
});

describe('settings: the originality thresholds', () => {
  const settingId = async (key: string) => (await t.db.select().from(settings).where(eq(settings.key, key)))[0].id;
  const change = async (key: string, value: unknown) =>
    post(`/api/setting/change/${await settingId(key)}`, { value }, 'admin');

  it('refuses thresholds outside 0 ≤ rare ≤ uncommon ≤ 100 and changes nothing', async () => {
    expect((await change('originality_rare_percent', 6)).json()).toMatchObject({
      key: 'app.scores.thresholdOrder',
      errors: { value: 'app.scores.thresholdOrder' },
    });
    expect((await change('originality_uncommon_percent', 0.5)).json().key).toBe('app.scores.thresholdOrder');
    for (const bad of [-1, 101, '2', null, Number.NaN])
      expect((await change('originality_rare_percent', bad)).statusCode).toBe(400);
    expect((await change('marking_disagreement_margin', -1)).statusCode).toBe(400);
    expect((await change('marking_disagreement_margin', 1.5)).statusCode).toBe(400);
    const rows = await t.db
      .select()
      .from(settings)
      .where(inArray(settings.key, ['originality_rare_percent', 'originality_uncommon_percent']));
    expect(Object.fromEntries(rows.map((r) => [r.key, r.value]))).toEqual({
      originality_rare_percent: 1,
      originality_uncommon_percent: 5,
    });
  });

  it('new thresholds rescore every test (a job) and each score keeps the thresholds that made it', async () => {
    const [{ last }] = await t.db.select({ last: sql<number>`coalesce(max(${scoringJobs.id}), 0)` }).from(scoringJobs);
    const res = await change('originality_uncommon_percent', 50);
    expect(res.statusCode).toBe(200);
    const [job] = await t.db
      .select()
      .from(scoringJobs)
      .where(and(eq(scoringJobs.scope, 'all'), sql`${scoringJobs.id} > ${last}`));
    expect(job).toBeDefined();
    await drain();
    // five takers: a subcategory given by one of them (20 %) is now under 50 %: one point
    const karim = (await explain('Karim'))!;
    expect(karim).toMatchObject({ rare_percent: 1 });
    const row = (
      await t.db
        .select()
        .from(wordScores)
        .where(and(eq(wordScores.childId, kid.Karim), eq(wordScores.questionId, freeText)))
    )[0];
    expect(row.uncommonPercent).toBe(50);
    // Karim: مركبات (Omar and Karim: 40 %) → 1; بيوت ومخابئ (Omar, Sara, Karim: 60 %) → 0
    expect(karim.originality).toBe(1);
    expect(karim.originality_per_answer).toBe(0.33);
    expect((await change('originality_uncommon_percent', 5)).statusCode).toBe(200);
    await drain();
    expect(await explain('Karim')).toMatchObject({ originality: 0 });
  });
});

describe('which set scores which question', () => {
  it('lists questions with their set, links and unlinks (scores follow), refuses drawings and unknown ids', async () => {
    const list = await get('/api/scores/question-sets', 'admin');
    const rows = list.json().questions as {
      question_id: number;
      kind: string;
      set_code: string | null;
      scored_tests: number;
    }[];
    expect(rows.some((q) => q.kind === 'image_upload')).toBe(false);
    expect(rows.find((q) => q.question_id === freeText)).toMatchObject({ set_code: 'box-uses', scored_tests: 5 });

    const [drawing] = await t.db.select().from(examQuestions).where(eq(examQuestions.kind, 'image_upload')).limit(1);
    expect(
      (await post('/api/scores/question-sets', { question_id: drawing.id, set_id: boxSet }, 'admin')).json().key,
    ).toBe('app.scores.notWordQuestion');
    expect((await post('/api/scores/question-sets', { question_id: 999999, set_id: boxSet }, 'admin')).statusCode).toBe(
      404,
    );
    expect(
      (await post('/api/scores/question-sets', { question_id: freeText, set_id: 999999 }, 'admin')).json().errors,
    ).toEqual({ set_id: 'app.validation.invalidChoice' });

    const unlink = await post('/api/scores/question-sets', { question_id: freeText, set_id: null }, 'admin');
    expect(unlink.json()).toMatchObject({ key: 'app.scores.questionUnlinked', question: { set_id: null } });
    await drain();
    expect(await t.db.select().from(wordScores).where(eq(wordScores.questionId, freeText))).toHaveLength(0);
    expect(await t.db.select().from(answerMatches).where(eq(answerMatches.questionId, freeText))).toHaveLength(0);
    const relink = await post('/api/scores/question-sets', { question_id: freeText, set_id: boxSet }, 'admin');
    expect(relink.json().job).toMatchObject({ scope: 'question', target_id: freeText });
    await drain();
    expect(await explain('Karim')).toMatchObject({ fluency: 3, flexibility: 1 });
  });
});
