import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NO_ANSWER_PHRASE } from '../../domain/exams';
import { MEMBER_STATUS } from '../../domain/codes';
import {
  children,
  examAnswers,
  examFiles,
  exams,
  examSubmissions,
  groupMembers,
  groups,
  logs,
  schools,
} from '../../server/db/schema';
import { createAccount } from './support/activities';
import { bank, form, stageEntries, type BankQuestion, type Entry } from './support/exams';
import { notAnImage, pngImage } from './support/files';
import { glb } from './support/learnerFiles';
import { withApp } from './support/withApp';

const t = withApp();
let yousef: number;
let laila: number;
let questions: Record<string, BankQuestion[]>;
let png: Buffer;
/** the test's own group of the demo teacher: Yousef and Zaid active, Huda no longer active */
let groupId: number;

beforeAll(async () => {
  const rows = await t.db.select({ id: children.id, name: children.name }).from(children);
  yousef = rows.find((r) => r.name === 'Yousef')!.id;
  laila = rows.find((r) => r.name === 'Laila')!.id;
  questions = await bank(t.app, await t.token('family'));
  png = await pngImage(120, 90);
  const teacherId = await t.userId('teacher');
  const [zaid, huda] = await t.db
    .insert(children)
    .values([
      { name: 'Zaid', gender: 1 },
      { name: 'Huda', gender: 2 },
    ])
    .returning();
  [{ id: groupId }] = await t.db.insert(groups).values({ name: 'Exams test group', teacherId }).returning();
  await t.db.insert(groupMembers).values([
    { groupId, childId: yousef, status: MEMBER_STATUS.active, position: 1 },
    { groupId, childId: zaid.id, status: MEMBER_STATUS.active, position: 2 },
    { groupId, childId: huda.id, status: MEMBER_STATUS.inactive, position: 3 },
  ]);
});

const json = (method: 'GET' | 'POST' | 'PUT', url: string, payload: unknown, as: string) =>
  t.inject({ method, url, payload, as });
const post = (url: string, payload: unknown, as: string) => json('POST', url, payload, as);

/** Posts a stage as multipart; `img` false sends none. */
async function sendStage(url: string, entries: Entry[], as: string, img: Buffer | false = png) {
  const body = form(entries, ...(img ? [{ name: 'img', filename: 'drawing.png', data: img }] : []));
  return t.inject({ method: 'POST', url, payload: body.body, headers: body.headers, as });
}
const base = (student: number, examType = 1, challenge = 1): Entry[] => [
  ['student_id', String(student)],
  ['exam_type', String(examType)],
  ['challenge', String(challenge)],
  ['course_id', '1'],
  ['group_id', '1'],
];
const urlOf = (stage: number) => (stage === 1 ? '/api/answers/add' : '/api/answers/add/second');

async function stored(childId: number) {
  const [a] = await t.db.select({ n: count() }).from(examAnswers).where(eq(examAnswers.childId, childId));
  const [s] = await t.db
    .select({ n: count() })
    .from(examSubmissions)
    .innerJoin(exams, eq(exams.id, examSubmissions.examId))
    .where(eq(exams.childId, childId));
  const [f] = await t.db.select({ n: count() }).from(examFiles).where(eq(examFiles.childId, childId));
  return { answers: a.n, submissions: s.n, files: f.n };
}
const uploads = () => {
  const dir = path.join(t.config.dataDir, 'uploads', 'exams');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f !== 'thumbs').length : 0;
};

describe('question bank', () => {
  it('GET /questions: the challenge indexed by stage, with figures, for any signed-in user', async () => {
    expect(Object.keys(questions)).toEqual(['1', '2', '3']);
    expect(questions[1].map((q) => q.kind)).toEqual(['image_upload', 'checklist', 'repeated_draw']);
    expect(questions[2]).toHaveLength(10);
    expect(questions[2].every((q) => q.kind === 'graph' && q.options.length === 12)).toBe(true);
    expect(questions[3].map((q) => q.kind)).toEqual(['single_choice', 'free_text']);
    const q = questions[2][0] as BankQuestion & { image: { url: string }; text: Record<string, string> };
    expect(Object.keys(q.text).sort()).toEqual(['ar', 'de', 'en', 'fr']);
    const figure = await t.inject({ url: q.image.url, as: 'family' });
    expect(figure.statusCode).toBe(200);
    expect(figure.headers['content-type']).toBe('image/png');
    expect(figure.headers['cache-control']).toMatch(/^private/);
    expect((await t.inject({ url: '/api/questions' })).statusCode).toBe(401);
  });

  it('GET /allquestions: every question for admin_neomi only', async () => {
    const all = await t.inject({ url: '/api/allquestions', as: 'admin' });
    expect(all.statusCode).toBe(200);
    expect(all.json().count).toBe(2 * 3 * 15);
    expect(all.json().questions[2]).toHaveLength(2 * 3 * 10);
    expect((await t.inject({ url: '/api/allquestions', as: 'teacher' })).statusCode).toBe(403);
    expect((await t.inject({ url: '/api/allquestions?exam_type=2&challenge=3', as: 'admin' })).json().count).toBe(15);
  });

  it('creates, checks, edits and deletes a question; a 3D model is checked by content', async () => {
    const good = {
      exam_type: 2,
      challenge: 3,
      stage: 2,
      kind: 'graph',
      text: { ar: 'ما هذا؟', en: 'What is it?' },
      options: [
        { key: 'a', text: { ar: 'أ' } },
        { key: 'b', text: { en: 'b' } },
      ],
      position: 11,
    };
    expect((await post('/api/exam/questions', good, 'teacher')).statusCode).toBe(403);
    const wrong = await post(
      '/api/exam/questions',
      { ...good, kind: 'free_text', text: { de: 'nur deutsch' }, options: [] },
      'admin',
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toMatchObject({
      'text.ar': 'app.exams.textRequired',
      kind: 'app.exams.kindNotInStage',
    });
    const noOptions = await post('/api/exam/questions', { ...good, options: [] }, 'admin');
    expect(noOptions.json().errors).toMatchObject({ options: 'app.exams.optionsRequired' });
    const created = await post('/api/exam/questions', good, 'admin');
    expect(created.statusCode).toBe(201);
    const id = created.json().question.id;
    expect(created.json().question.text).toEqual({ ar: 'ما هذا؟', en: 'What is it?', de: '', fr: '' });
    const edited = await json(
      'PUT',
      `/api/exam/questions/${id}`,
      { ...good, text: { ...good.text, fr: "Qu'est-ce ?" } },
      'admin',
    );
    expect(edited.json().question.text.fr).toBe("Qu'est-ce ?");

    const upload = (name: string, data: Buffer) => {
      const body = form([], { name, filename: 'model.glb', data, type: 'model/gltf-binary' });
      return t.inject({
        method: 'POST',
        url: `/api/exam/questions/${id}/files`,
        payload: body.body,
        headers: body.headers,
        as: 'admin',
      });
    };
    const model = await upload('model', glb);
    expect(model.statusCode).toBe(200);
    const served = await t.inject({ url: model.json().question.model.url, as: 'family' });
    expect(served.headers['content-type']).toBe('model/gltf-binary');
    expect(served.rawPayload.equals(glb)).toBe(true);
    const fakeModel = await upload('model', Buffer.from('{"not":"a model"}'));
    expect(fakeModel.statusCode).toBe(415);
    expect(fakeModel.json().key).toBe('app.exams.invalidModel');
    const external = await upload(
      'model',
      Buffer.from(JSON.stringify({ asset: { version: '2.0' }, buffers: [{ uri: 'https://evil.example/x.bin' }] })),
    );
    expect(external.statusCode).toBe(415);
    const gltf = await upload(
      'model',
      Buffer.from(
        JSON.stringify({
          asset: { version: '2.0' },
          buffers: [{ uri: 'data:application/octet-stream;base64,AAAA', byteLength: 3 }],
        }),
      ),
    );
    expect(gltf.statusCode).toBe(200);
    expect((await upload('img', notAnImage())).statusCode).toBe(415);

    expect((await t.inject({ method: 'DELETE', url: `/api/exam/questions/${id}`, as: 'admin' })).statusCode).toBe(200);
    expect((await t.inject({ url: `/api/exam/questions/${id}`, as: 'admin' })).statusCode).toBe(404);
    // an answered question stays
    const answered = questions[3][0].id;
    const refused = await t.inject({
      method: 'DELETE',
      url: `/api/exam/questions/${(await t.db.select({ q: examAnswers.questionId }).from(examAnswers).limit(1))[0].q}`,
      as: 'admin',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().key).toBe('app.exams.questionHasAnswers');
    expect(answered).toBeGreaterThan(0);
  });
});

describe('taking a test: the stage rules and messages', () => {
  it('starts with the server timer and refuses a stage out of order', async () => {
    const start = await post('/api/exam/start', { student_id: laila, exam_type: 1, challenge: 1 }, 'family');
    expect(start.statusCode).toBe(200);
    expect(start.json().exam).toMatchObject({ status: 'open', current_stage: 1, duration: 1800, submitted_stages: [] });
    expect(start.json().exam.remaining_seconds).toBeGreaterThan(1790);
    const again = await post('/api/exam/start', { student_id: laila, exam_type: 1, challenge: 1 }, 'family');
    expect(again.json().exam.started_at).toBe(start.json().exam.started_at);
    const early = await sendStage(urlOf(2), stageEntries(2, questions[2], base(laila)), 'family');
    expect(early.statusCode).toBe(409);
    expect(early.json().key).toBe('app.exams.previousStageFirst');
  });

  it('stage 1 needs an answer and an image; nothing is stored otherwise', async () => {
    const before = await stored(laila);
    const noImage = await sendStage(urlOf(1), stageEntries(1, questions[1], base(laila)), 'family', false);
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json()).toMatchObject({
      key: 'app.exams.imageRequired',
      message: 'An image is required before each exam stage',
      errors: { img: 'app.exams.imageRequired' },
    });
    const noAnswer = await sendStage(urlOf(1), [...base(laila), ['question_id', String(questions[1][1].id)]], 'family');
    expect(noAnswer.statusCode).toBe(400);
    expect(noAnswer.json()).toMatchObject({
      key: 'app.exams.answerRequired',
      errors: { answer: 'app.exams.answerRequired' },
    });
    const badOption = await sendStage(
      urlOf(1),
      [...base(laila), ['question_id', String(questions[1][1].id)], ['options[]', 'nope']],
      'family',
    );
    expect(badOption.json().errors['items.0.answer']).toBe('app.validation.invalidChoice');
    const otherStage = await sendStage(
      urlOf(1),
      [
        ...base(laila),
        ['stage', '1'],
        ['items[0][question_id]', String(questions[2][0].id)],
        ['items[0][option]', 'thing01'],
      ],
      'family',
    );
    expect(otherStage.json().errors['items.0.question_id']).toBe('app.exams.questionNotInStage');
    expect(await stored(laila)).toEqual(before);
  });

  it('stores stage 1 (the flat shape: question_id, answer list, img) as one row per answer, once per key', async () => {
    const checklist = questions[1][1];
    const entries: Entry[] = [
      ...base(laila),
      ['question_id', String(checklist.id)],
      ['answer[]', checklist.options[3].text.ar],
      ['answer[]', 'شيء جديد'],
      ['options[]', checklist.options[0].key],
      ['submission_key', 'laila-pre1-stage1-key'],
    ];
    const first = await sendStage(urlOf(1), entries, 'family');
    expect(first.statusCode).toBe(201);
    const body = first.json();
    expect(body.replayed).toBe(false);
    expect(body.exam).toMatchObject({ current_stage: 2, submitted_stages: [1], status: 'open' });
    expect(
      body.stage.answers.map((a: { source: string; option_key: string | null; answer: string }) => [
        a.source,
        a.option_key,
        a.answer,
      ]),
    ).toEqual([
      ['option', checklist.options[0].key, checklist.options[0].text.ar],
      ['option', checklist.options[3].key, checklist.options[3].text.ar],
      ['text', null, 'شيء جديد'],
    ]);
    expect(body.stage.image.url).toMatch(/^\/api\/exam\/files\/\d+$/);
    const image = await t.inject({ url: body.stage.image.url, as: 'family' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toMatch(/^private/);

    const counts = await stored(laila);
    const retry = await sendStage(urlOf(1), entries, 'family');
    expect(retry.statusCode).toBe(200);
    expect(retry.json().replayed).toBe(true);
    expect(retry.json().stage).toEqual(body.stage);
    expect(await stored(laila)).toEqual(counts);
    const otherKey = await sendStage(
      urlOf(1),
      entries.map(([k, v]) => [k, k === 'submission_key' ? 'another-key-123' : v] as Entry),
      'family',
    );
    expect(otherKey.statusCode).toBe(409);
    expect(otherKey.json().key).toBe('app.exams.stageDone');
  });

  it('stage 2 needs as many answers as questions plus an image; the no-answer phrase scores 0', async () => {
    const stage2 = questions[2];
    const partial = stageEntries(2, stage2.slice(0, 9), base(laila));
    const short = await sendStage(urlOf(2), partial, 'family');
    expect(short.statusCode).toBe(400);
    expect(short.json().key).toBe('app.exams.answerEveryQuestion');
    expect(short.json().errors[`question.${stage2[9].id}`]).toBe('app.validation.required');
    const entries: Entry[] = [
      ...stageEntries(2, stage2.slice(0, 9), base(laila)),
      ['items[9][question_id]', String(stage2[9].id)],
      ['items[9][answer]', NO_ANSWER_PHRASE],
      ['items[9][img]', String(stage2[9].id)],
      ['items[9][score]', '0'],
      ['items[0][other]', 'مظلة طائرة'],
    ];
    const sent = await sendStage(urlOf(2), entries, 'family');
    expect(sent.statusCode).toBe(201);
    const answers = sent.json().stage.answers as {
      question_id: number;
      answer: string;
      score: number | null;
      source: string;
      option_key: string | null;
    }[];
    expect(answers.find((a) => a.question_id === stage2[9].id)).toMatchObject({
      answer: NO_ANSWER_PHRASE,
      score: 0,
      option_key: 'none',
    });
    expect(answers.find((a) => a.source === 'other')).toMatchObject({
      question_id: stage2[0].id,
      answer: 'مظلة طائرة',
      score: null,
    });
    expect(sent.json().exam.current_stage).toBe(3);
  });

  it('stage 3 needs the second, free-text answer and an image; then the test is finished', async () => {
    const [choice, free] = questions[3];
    const missing = await sendStage(
      urlOf(3),
      [
        ...base(laila),
        ['stage', '3'],
        ['items[0][question_id]', String(choice.id)],
        ['items[0][option]', choice.options[0].key],
        ['items[1][question_id]', String(free.id)],
        ['items[1][answer]', '  '],
      ],
      'family',
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      key: 'app.exams.secondAnswerRequired',
      errors: { second_answer: 'app.exams.secondAnswerRequired' },
    });
    const twoChoices = await sendStage(
      urlOf(3),
      [...stageEntries(3, questions[3], base(laila)), ['items[0][option]', choice.options[2].key]],
      'family',
    );
    expect(twoChoices.json().errors['items.0.answer']).toBe('app.exams.oneChoice');
    const done = await sendStage(
      urlOf(3),
      [...stageEntries(3, questions[3], base(laila)), ['items[0][other]', 'مركب فضاء']],
      'family',
    );
    expect(done.statusCode).toBe(201);
    expect(done.json().exam).toMatchObject({
      status: 'finished',
      current_stage: 4,
      submitted_stages: [1, 2, 3],
      remaining_seconds: 0,
    });
    expect(done.json().exam.finished_at).not.toBeNull();
    const after = await sendStage(urlOf(3), stageEntries(3, questions[3], base(laila)), 'family');
    expect(after.statusCode).toBe(409);
    expect(after.json().key).toBe('app.exams.finished');
  });

  it('reads the answers back by stage, with the images, for the learner in scope only', async () => {
    const answers = await post('/api/getAnswers', { student_id: laila, exam_type: 1 }, 'family');
    expect(answers.statusCode).toBe(200);
    const [first] = answers.json().exams;
    expect(first.stages.map((s: { stage: number }) => s.stage)).toEqual([1, 2, 3]);
    expect(first.stages.every((s: { image: unknown }) => s.image)).toBe(true);
    const details = await post(
      '/api/answers/get/exam/details',
      { student_id: laila, exam_type: 1, challenge: 1 },
      'family',
    );
    expect(details.json()).toMatchObject({
      student: { id: laila, name: 'Laila' },
      exam: { status: 'finished' },
      disabled: false,
    });
    const flat = await post('/api/answers/get/user/answers', { student_id: laila }, 'family');
    expect(flat.json().count).toBe(3 + 11 + 4);
    expect(flat.json().answers[0].question.en).toContain('drawing');
    // outside the scope: 404 for reads, writes and files alike
    for (const as of ['teacher', 'school', 'marker']) {
      expect((await post('/api/getAnswers', { student_id: laila, exam_type: 1 }, as)).statusCode).toBe(404);
      expect((await t.inject({ url: first.stages[0].image.url, as: as })).statusCode).toBe(404);
      expect((await sendStage(urlOf(1), stageEntries(1, questions[1], base(laila, 2)), as)).statusCode).toBe(404);
      expect((await t.inject({ url: `/api/check/exam/${laila}`, as: as })).statusCode).toBe(404);
    }
    // the region admin's region holds Laila's school
    expect((await post('/api/getAnswers', { student_id: laila, exam_type: 1 }, 'region')).statusCode).toBe(200);
    expect((await post('/api/getAnswers', { student_id: 999999, exam_type: 1 }, 'admin')).statusCode).toBe(404);
  });

  it('GET /check/exam/{id}: every test of the learner', async () => {
    const res = await t.inject({ url: `/api/check/exam/${laila}`, as: 'family' });
    expect(res.statusCode).toBe(200);
    expect(res.json().exams).toHaveLength(6);
    expect(res.json()).toMatchObject({ pre_exam: false, finished: 1 });
    expect(res.json().exams[0]).toMatchObject({ exam_type: 1, challenge: 1, status: 'finished' });
    expect(res.json().exams[5]).toMatchObject({
      exam_type: 2,
      challenge: 3,
      status: 'not_started',
      remaining_seconds: 1800,
    });
  });
});

describe('uploads', () => {
  it('a 21 MB image and a non-image named .png are refused and nothing is stored', async () => {
    const before = await stored(laila);
    const files = uploads();
    const big = Buffer.alloc(21 * 1024 * 1024, 1);
    const post1 = await bank(t.app, await t.token('family'), 2, 1);
    const tooBig = await sendStage(urlOf(1), stageEntries(1, post1[1], base(laila, 2)), 'family', big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().key).toBe('app.errors.payloadTooLarge');
    const fake = await sendStage(urlOf(1), stageEntries(1, post1[1], base(laila, 2)), 'family', notAnImage());
    expect(fake.statusCode).toBe(415);
    expect(fake.json().key).toBe('app.validation.invalidImage');
    expect(await stored(laila)).toEqual(before);
    expect(uploads()).toBe(files);
    const [exam] = await t.db
      .select()
      .from(exams)
      .where(and(eq(exams.childId, laila), eq(exams.examType, 2)));
    expect(exam).toBeUndefined();
  });
});

describe('the timer', () => {
  it('refuses a stage after the time ran out, keeps what was saved; reset gives the time back', async () => {
    const q2 = await bank(t.app, await t.token('family'), 1, 2);
    const s1 = await sendStage(urlOf(1), stageEntries(1, q2[1], base(laila, 1, 2)), 'family');
    expect(s1.statusCode).toBe(201);
    await t.db
      .update(exams)
      .set({ startedAt: sql`now() - interval '31 minutes'` })
      .where(and(eq(exams.childId, laila), eq(exams.challenge, 2)));
    const state = await post(
      '/api/answers/get/exam/details',
      { student_id: laila, exam_type: 1, challenge: 2 },
      'family',
    );
    expect(state.json().exam).toMatchObject({ status: 'time_over', remaining_seconds: 0, current_stage: 2 });
    const late = await sendStage(urlOf(2), stageEntries(2, q2[2], base(laila, 1, 2)), 'family');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ key: 'app.exams.timeOver' });
    expect(late.json().message).toContain('time for this test is over');
    expect(state.json().stages).toHaveLength(1);

    expect(
      (await post('/api/answers/reset/timer', { student_id: laila, exam_type: 1, challenge: 2 }, 'family')).statusCode,
    ).toBe(403);
    expect(
      (await post('/api/answers/reset/timer', { student_id: laila, exam_type: 1, challenge: 2 }, 'teacher')).statusCode,
    ).toBe(404);
    const reset = await post('/api/answers/reset/timer', { student_id: laila, exam_type: 1, challenge: 2 }, 'admin');
    expect(reset.statusCode).toBe(200);
    expect(reset.json().exam).toMatchObject({ status: 'open', submitted_stages: [1] });
    expect(reset.json().exam.remaining_seconds).toBeGreaterThan(1790);
    const [log] = await t.db.select().from(logs).where(eq(logs.action, 'reset_timer'));
    expect(log.entity).toBe('exam');
    expect((await sendStage(urlOf(2), stageEntries(2, q2[2], base(laila, 1, 2)), 'family')).statusCode).toBe(201);
    expect(
      (await post('/api/answers/reset/timer', { student_id: laila, exam_type: 2, challenge: 3 }, 'admin')).json().key,
    ).toBe('app.exams.notStarted');
  });

  it('POST /test/set/time: admin_neomi sets the duration of tests started afterwards', async () => {
    expect((await post('/api/test/set/time', { time: 900 }, 'teacher')).statusCode).toBe(403);
    expect((await post('/api/test/set/time', { time: 5 }, 'admin')).statusCode).toBe(400);
    const set = await post('/api/test/set/time', { time: 900 }, 'admin');
    expect(set.json()).toMatchObject({ time: 900, key: 'app.exams.timeSaved' });
    expect((await t.inject({ url: '/api/test/time', as: 'family' })).json()).toEqual({ time: 900 });
    const started = await post('/api/exam/start', { student_id: laila, exam_type: 1, challenge: 3 }, 'family');
    expect(started.json().exam.duration).toBe(900);
    const older = await post(
      '/api/answers/get/exam/details',
      { student_id: laila, exam_type: 1, challenge: 1 },
      'family',
    );
    expect(older.json().exam.duration).toBe(1800);
    await post('/api/test/set/time', { time: 1800 }, 'admin');
  });
});

describe('redo, corrections and teachers', () => {
  it('a teacher enters a paper test for a pupil of their group (not timed, any order)', async () => {
    const q = await bank(t.app, await t.token('teacher'), 2, 1);
    const stage3 = await sendStage('/api/answers/addteacher', stageEntries(3, q[3], base(yousef, 2, 1)), 'teacher');
    expect(stage3.statusCode).toBe(201);
    expect(stage3.json().stage.by_teacher).toBe(true);
    expect(
      (await sendStage('/api/answers/addteacher', stageEntries(1, q[1], base(yousef, 2, 1)), 'family')).statusCode,
    ).toBe(403);
    expect(
      (await sendStage('/api/answers/addteacher', stageEntries(1, q[1], base(laila, 2, 1)), 'teacher')).statusCode,
    ).toBe(404);
  });

  it('PUT /answers/update/answer corrects one answer, logged; the no-answer phrase scores 0', async () => {
    const [row] = await t.db.select().from(examAnswers).where(eq(examAnswers.childId, yousef)).limit(1);
    const res = await json('PUT', '/api/answers/update/answer', { id: row.id, answer: NO_ANSWER_PHRASE }, 'teacher');
    expect(res.statusCode).toBe(200);
    expect(res.json().answer).toMatchObject({ id: row.id, answer: NO_ANSWER_PHRASE, score: 0 });
    expect((await json('PUT', '/api/answers/update/answer', { id: row.id, answer: 'x' }, 'family')).statusCode).toBe(
      403,
    );
    const [lailaAnswer] = await t.db.select().from(examAnswers).where(eq(examAnswers.childId, laila)).limit(1);
    expect(
      (await json('PUT', '/api/answers/update/answer', { id: lailaAnswer.id, answer: 'x' }, 'teacher')).statusCode,
    ).toBe(404);
    expect((await json('PUT', '/api/answers/update/answer', { id: row.id, answer: '' }, 'teacher')).statusCode).toBe(
      400,
    );
  });

  it("redo deletes exactly that learner's answers for that exam, and nothing else", async () => {
    const all = async () =>
      t.db
        .select({
          childId: examAnswers.childId,
          examType: examAnswers.examType,
          challenge: examAnswers.challenge,
          n: count(),
        })
        .from(examAnswers)
        .groupBy(examAnswers.childId, examAnswers.examType, examAnswers.challenge)
        .orderBy(examAnswers.childId, examAnswers.examType, examAnswers.challenge);
    const before = await all();
    expect(before.filter((r) => r.childId === laila && r.examType === 1).length).toBeGreaterThanOrEqual(2);
    const filesBefore = uploads();
    const [lailaPre1Files] = await t.db
      .select({ n: count() })
      .from(examFiles)
      .innerJoin(examSubmissions, eq(examSubmissions.id, examFiles.submissionId))
      .innerJoin(exams, eq(exams.id, examSubmissions.examId))
      .where(and(eq(exams.childId, laila), eq(exams.examType, 1), eq(exams.challenge, 1)));
    expect(
      (await post('/api/answers/redo/test', { student_id: laila, exam_type: 1, challenge: 1 }, 'teacher')).statusCode,
    ).toBe(404);
    expect(
      (await post('/api/answers/redo/test', { student_id: laila, exam_type: 1, challenge: 1 }, 'family')).statusCode,
    ).toBe(403);
    const redo = await post('/api/answers/redo/test', { student_id: laila, exam_type: 1, challenge: 1 }, 'admin');
    expect(redo.statusCode).toBe(200);
    expect(redo.json().deleted).toEqual({ exams: 1, answers: 18, files: lailaPre1Files.n });
    const after = await all();
    expect(after).toEqual(before.filter((r) => !(r.childId === laila && r.examType === 1 && r.challenge === 1)));
    expect(uploads()).toBe(filesBefore - lailaPre1Files.n);
    const [log] = await t.db.select().from(logs).where(eq(logs.action, 'redo_test'));
    expect(log.oldValue).toMatchObject({ student_id: laila, exam_type: 1, challenges: [1], answers: 18 });
    const state = await post(
      '/api/answers/get/exam/details',
      { student_id: laila, exam_type: 1, challenge: 1 },
      'family',
    );
    expect(state.json().exam).toMatchObject({ status: 'not_started', current_stage: 1, started_at: null });
  });

  it("the group overviews: a teacher's groups with their pupils' tests; a family's children", async () => {
    const groups = await t.inject({ url: '/api/answers/get/neomi/exam/groups/user', as: 'teacher' });
    expect(groups.statusCode).toBe(200);
    const group = groups.json().groups.find((g: { id: number }) => g.id === groupId);
    // active members only (Huda is no longer active), by name
    expect(group.students.map((s: { name: string }) => s.name)).toEqual(['Yousef', 'Zaid']);
    const [yousefRow, zaidRow] = group.students;
    expect(
      yousefRow.exams.find((e: { exam_type: number; challenge: number }) => e.exam_type === 1 && e.challenge === 1)
        .status,
    ).toBe('finished');
    expect(zaidRow.exams).toEqual([]);
    // a family sees its children's groups with its own children only
    const family = await t.inject({ url: '/api/answers/get/neomi/exam/groups/user', as: 'family' });
    expect(
      family
        .json()
        .groups.find((g: { id: number }) => g.id === groupId)
        .students.map((s: { name: string }) => s.name),
    ).toEqual(['Yousef']);
    const theirs = family.json().groups.flatMap((g: { students: { id: number }[] }) => g.students.map((s) => s.id));
    expect(theirs.every((id: number) => id === yousef || id === laila)).toBe(true);
    const mobile = await t.inject({ url: '/api/answers/get/mobile/exam/groups/user', as: 'family' });
    expect(mobile.json().students.map((s: { name: string }) => s.name)).toEqual(['Laila', 'Yousef']);
  });
});

describe('learner lists and analytics', () => {
  it('POST /exam/takers: learners in scope with their tests, filtered and paged', async () => {
    const all = await post('/api/exam/takers', { order_by: 'name', order_direction: 'asc' }, 'admin');
    expect(all.statusCode).toBe(200);
    expect(all.json().students.map((s: { name: string }) => s.name)).toEqual(
      expect.arrayContaining(['Laila', 'Yousef']),
    );
    const teacher = await post('/api/exam/takers', { limit: 100 }, 'teacher');
    const ids = teacher.json().students.map((s: { id: number }) => s.id);
    expect(ids).toContain(yousef);
    expect(ids).not.toContain(laila);
    expect(teacher.json().count).toBeLessThan(all.json().count);
    const post2 = await post('/api/exam/takers', { exam_type: 2, limit: 100 }, 'admin');
    // Yousef has post-tests by now (entered by his teacher above)
    expect(post2.json().students.map((s: { id: number }) => s.id)).toContain(yousef);
    expect(
      post2.json().students.every((s: { exams: { exam_type: number }[] }) => s.exams.some((e) => e.exam_type === 2)),
    ).toBe(true);
    expect((await post('/api/exam/takers', {}, 'family')).statusCode).toBe(403);
    expect((await post('/api/exam/takers', { order_by: 'password' }, 'admin')).statusCode).toBe(400);
  });

  it('GET /exam/stats: started, open, time over and finished per test, in scope, counted in SQL', async () => {
    const stats = await t.inject({ url: '/api/exam/stats', as: 'admin' });
    expect(stats.statusCode).toBe(200);
    const pre1 = stats
      .json()
      .stats.find((s: { exam_type: number; challenge: number }) => s.exam_type === 1 && s.challenge === 1);
    // counted here the long way, from the rows (the demo data may hold other takers)
    const rows = await t.db
      .select({ id: exams.id, startedAt: exams.startedAt, duration: exams.durationSeconds })
      .from(exams)
      .where(and(eq(exams.examType, 1), eq(exams.challenge, 1)));
    const subs = await t.db.select({ examId: examSubmissions.examId }).from(examSubmissions);
    const stagesOf = (id: number) => subs.filter((s) => s.examId === id).length;
    const finished = rows.filter((r) => stagesOf(r.id) >= 3).length;
    const timeOver = rows.filter(
      (r) => stagesOf(r.id) < 3 && r.startedAt.getTime() + r.duration * 1000 < Date.now(),
    ).length;
    expect(finished).toBeGreaterThanOrEqual(1); // Yousef's, finished above
    expect(pre1).toMatchObject({
      started: rows.length,
      finished,
      time_over: timeOver,
      stages: [
        rows.filter((r) => stagesOf(r.id) >= 1).length,
        rows.filter((r) => stagesOf(r.id) >= 2).length,
        finished,
      ],
    });
    expect(pre1.started).toBe(pre1.open + pre1.finished + pre1.time_over);
    const teacher = await t.inject({ url: '/api/exam/stats', as: 'teacher' });
    expect(teacher.json().learners).toBeGreaterThan(0);
    expect(teacher.json().learners).toBeLessThan(stats.json().learners);
    expect((await t.inject({ url: '/api/exam/stats', as: 'family' })).statusCode).toBe(403);
  });
});

describe('idempotent retries', () => {
  it('the same stage sent twice at once is stored once (a real proof only on PostgreSQL: PGlite has one connection)', async () => {
    const q = await bank(t.app, await t.token('family'), 2, 2);
    const entries: Entry[] = [...stageEntries(1, q[1], base(yousef, 2, 2)), ['submission_key', 'concurrent-key-0001']];
    const [a, b] = await Promise.all([sendStage(urlOf(1), entries, 'family'), sendStage(urlOf(1), entries, 'family')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(examSubmissions)
      .where(eq(examSubmissions.submissionKey, 'concurrent-key-0001'));
    expect(n).toBe(1);
    expect(a.json().stage.answers).toEqual(b.json().stage.answers);
  });

  it('a key used for another learner is refused', async () => {
    const q = await bank(t.app, await t.token('family'), 2, 2);
    const res = await sendStage(
      urlOf(1),
      [...stageEntries(1, q[1], base(laila, 2, 2)), ['submission_key', 'concurrent-key-0001']],
      'family',
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().key).toBe('app.exams.keyReused');
  });

  it('a key sent again with other answers or another drawing is refused (409 keyMismatch): nothing new is stored', async () => {
    const q = await bank(t.app, await t.token('family'), 2, 2);
    const entries: Entry[] = [...stageEntries(1, q[1], base(yousef, 2, 2)), ['submission_key', 'concurrent-key-0001']];
    const before = await stored(yousef);
    const [storedStage] = await t.db
      .select()
      .from(examSubmissions)
      .where(eq(examSubmissions.submissionKey, 'concurrent-key-0001'));
    const answersBefore = await t.db.select().from(examAnswers).where(eq(examAnswers.submissionId, storedStage.id));

    // the same stage with one answer changed
    const changed = entries.map(([k, v]) => [k, v === 'نظارة' ? 'مظلة' : v] as Entry);
    expect(changed).not.toEqual(entries);
    const otherAnswers = await sendStage(urlOf(1), changed, 'family');
    expect(otherAnswers.statusCode).toBe(409);
    expect(otherAnswers.json()).toMatchObject({
      key: 'app.exams.keyMismatch',
      message:
        'This stage was already sent with other answers under the same key: those answers are kept, these were not saved',
    });
    // the same fields with another drawing
    const otherDrawing = await sendStage(urlOf(1), entries, 'family', await pngImage(121, 90));
    expect(otherDrawing.statusCode).toBe(409);
    expect(otherDrawing.json().key).toBe('app.exams.keyMismatch');
    // an answer added
    const more = await sendStage(urlOf(1), [...entries, ['items[0][answer][]', 'كرة']], 'family');
    expect(more.statusCode).toBe(409);
    expect(more.json().key).toBe('app.exams.keyMismatch');

    expect(await stored(yousef)).toEqual(before);
    expect(await t.db.select().from(examAnswers).where(eq(examAnswers.submissionId, storedStage.id))).toEqual(
      answersBefore,
    );
    // the very same stage is still a retry, the key in the field or in the Idempotency-Key header alike
    const again = await sendStage(urlOf(1), entries, 'family');
    expect(again.statusCode).toBe(200);
    expect(again.json().replayed).toBe(true);
    const byHeader = form(
      entries.filter(([k]) => k !== 'submission_key'),
      { name: 'img', filename: 'drawing.png', data: png },
    );
    const viaHeader = await t.inject({
      method: 'POST',
      url: urlOf(1),
      payload: byHeader.body,
      headers: { ...byHeader.headers, 'idempotency-key': 'concurrent-key-0001' },
      as: 'family',
    });
    expect(viaHeader.statusCode).toBe(200);
    expect(viaHeader.json().replayed).toBe(true);
  });
});

describe('guests and on-the-spot registration', () => {
  it('POST /temp/register: a guest with no required field gets a session, a learner and a report link', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/temp/register', payload: {} });
    expect(res.statusCode).toBe(201);
    const { user, access_token, student, report_link } = res.json();
    expect(user).toMatchObject({ type: 3, name: `Guest ${user.id}` });
    expect(report_link).toMatch(/\/guest-report\/[A-Za-z0-9_-]{32}$/);
    // the link is built on PUBLIC_URL, never on the Host header a request brings
    expect(report_link.startsWith(`${t.config.publicUrl}/guest-report/`)).toBe(true);
    const forged = await t.inject({
      method: 'POST',
      url: '/api/temp/register',
      payload: {},
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(forged.json().report_link.startsWith(`${t.config.publicUrl}/guest-report/`)).toBe(true);
    const started = await post('/api/exam/start', { student_id: student.id, exam_type: 1, challenge: 1 }, access_token);
    expect(started.json().exam.status).toBe('open');
    const q = await bank(t.app, access_token);
    expect((await sendStage(urlOf(1), stageEntries(1, q[1], base(student.id)), access_token)).statusCode).toBe(201);
    expect((await post('/api/getAnswers', { student_id: laila, exam_type: 1 }, access_token)).statusCode).toBe(404);
    const report = await t.inject({ url: `/api/guest/report/${report_link.split('/').pop()}` });
    expect(report.statusCode).toBe(200);
    expect(report.json().student.id).toBe(student.id);
    expect(report.json().exams[0].submitted_stages).toEqual([1]);
    expect((await t.inject({ url: `/api/guest/report/${'x'.repeat(32)}` })).statusCode).toBe(404);
    // guests never sign in with a password
    expect(
      (await t.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: '!guest' } }))
        .statusCode,
    ).toBe(401);
  });

  it("guest fields are kept; a teacher may put the pupil in their own group only, not another teacher's nor another school's", async () => {
    const guest = await t.inject({
      method: 'POST',
      url: '/api/temp/register',
      payload: { name: 'Mariam', gender: 2, age_group: 3, academic_number: 'A-77', mobile_no: '0100' },
    });
    expect(guest.json().student.name).toBe('Mariam');
    const overview = await t.inject({ url: '/api/answers/get/neomi/exam/groups/user', as: 'teacher' });
    expect(overview.json().groups.map((g: { id: number }) => g.id)).toContain(groupId);
    const anonymous = await t.inject({
      method: 'POST',
      url: '/api/temp/register',
      payload: { name: 'Rania', group_id: groupId },
    });
    expect(anonymous.statusCode).toBe(404);
    const byTeacher = await t.inject({
      method: 'POST',
      url: '/api/temp/register',
      payload: { name: 'Rania', group_id: groupId },
      as: 'teacher',
    });
    expect(byTeacher.statusCode).toBe(201);
    // someone else's group: another teacher (of the same school), and the admin of another school, are refused
    // for the test's group (no school) and for Drawing A (the demo teacher's, at Nile school); nobody is made
    const [nile, delta] = await Promise.all(
      ['Nile Creative School', 'Delta Future School'].map(
        async (name) => (await t.db.select().from(schools).where(eq(schools.name, name)))[0].id,
      ),
    );
    const [drawingA] = await t.db.select().from(groups).where(eq(groups.name, 'Drawing A'));
    expect(drawingA.schoolId).toBe(nile);
    await createAccount(t.db, 'teacher', 'other.teacher@demo.test', { schoolId: nile });
    await createAccount(t.db, 'admin_school', 'delta.school@demo.test', { schoolId: delta });
    const outsiders = {
      'another teacher': await t.signIn('other.teacher@demo.test'),
      "another school's admin": await t.signIn('delta.school@demo.test'),
    };
    for (const [who, session] of Object.entries(outsiders)) {
      for (const target of [groupId, drawingA.id]) {
        const refused = await t.inject({
          method: 'POST',
          url: '/api/temp/register',
          payload: { name: 'Intruder', group_id: target },
          token: session,
        });
        expect(refused.statusCode, `${who} into group ${target}`).toBe(404);
      }
    }
    expect(await t.db.select().from(children).where(eq(children.name, 'Intruder'))).toEqual([]);
    const after = await t.inject({ url: '/api/answers/get/neomi/exam/groups/user', as: 'teacher' });
    const theGroup = after.json().groups.find((g: { id: number }) => g.id === groupId);
    expect(theGroup.students.map((s: { name: string }) => s.name)).toEqual(['Rania', 'Yousef', 'Zaid']);
    expect((await t.inject({ method: 'POST', url: '/api/temp/register', payload: { gender: 7 } })).statusCode).toBe(
      400,
    );

    const list = await post('/api/exam/guests', { search_text: 'A-77' }, 'admin');
    expect(list.statusCode).toBe(200);
    expect(list.json().guests).toMatchObject([{ name: 'Mariam', age_group: 3, academic_number: 'A-77' }]);
    expect((await post('/api/exam/guests', {}, 'family')).statusCode).toBe(403);
    // a teacher sees the guests in their scope: the pupil they registered
    expect((await post('/api/exam/guests', {}, 'teacher')).json().guests.map((g: { name: string }) => g.name)).toEqual([
      'Rania',
    ]);
  });

  it('a learner whose group has its tests switched off cannot start or send a stage, and is told why', async () => {
    const off = await post(`/api/groups/${groupId}/toggle`, { group_disabled: true }, 'teacher');
    expect(off.json()).toMatchObject({ group_id: groupId, group_disabled: true });
    const start = await post('/api/exam/start', { student_id: yousef, exam_type: 2, challenge: 3 }, 'family');
    expect(start.statusCode).toBe(403);
    expect(start.json()).toMatchObject({
      key: 'app.exams.groupDisabled',
      message: "Tests are switched off for this learner's group: please ask the teacher",
    });
    const q = await bank(t.app, await t.token('family'), 2, 3);
    const send = await sendStage(urlOf(1), stageEntries(1, q[1], base(yousef, 2, 3)), 'family');
    expect(send.statusCode).toBe(403);
    expect(send.json().key).toBe('app.exams.groupDisabled');
    expect((await t.inject({ url: `/api/check/exam/${yousef}`, as: 'family' })).json().disabled).toBe(true);
    expect(
      (await post('/api/answers/get/exam/details', { student_id: yousef, exam_type: 2, challenge: 3 }, 'family')).json()
        .disabled,
    ).toBe(true);
    await post(`/api/groups/${groupId}/toggle`, { group_disabled: false }, 'teacher');
    expect(
      (await post('/api/exam/start', { student_id: yousef, exam_type: 2, challenge: 3 }, 'family')).statusCode,
    ).toBe(200);
  });
});

describe('stages the server refuses', () => {
  /** A family of its own (so the demo family's lists stay as the other tests know them), with one learner. */
  const freshLearner = async (name: string) => {
    const email = `${name.toLowerCase().replace(/\W+/g, '.')}@family.test`;
    const parentId = await createAccount(t.db, 'student', email);
    const [row] = await t.db.insert(children).values({ name, gender: 2, parentId }).returning();
    t.keep(email, await t.signIn(email));
    return { id: row.id, family: email };
  };

  it('refuses a stage whose items belong to another learner or another exam type (stagesMixed); nothing is stored', async () => {
    const { id: mia, family } = await freshLearner('Mia Mixed');
    const files = uploads();
    const entries = stageEntries(1, questions[1], base(mia));
    const firstItem = entries.find(([k]) => k.endsWith('[question_id]'))![0].replace('[question_id]', '');
    for (const [field, value] of [
      ['student_id', String(laila)],
      ['exam_type', '2'],
    ]) {
      const res = await sendStage(urlOf(1), [...entries, [`${firstItem}[${field}]`, value]], family);
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject({ key: 'app.exams.stagesMixed', errors: { items: 'app.exams.stagesMixed' } });
    }
    expect(await stored(mia)).toEqual({ answers: 0, submissions: 0, files: 0 });
    expect(uploads()).toBe(files);
    // the item naming its own learner and exam type is fine: the same stage goes through
    const own = await sendStage(
      urlOf(1),
      [...entries, [`${firstItem}[student_id]`, String(mia)], [`${firstItem}[exam_type]`, '1']],
      family,
    );
    expect(own.statusCode, own.body).toBe(201);
    expect((await stored(mia)).submissions).toBe(1);
    expect(uploads()).toBe(files + 1);
  });

  it('refuses a stage with questions of another challenge or exam type (stagesMixed); nothing is stored', async () => {
    const { id: noor, family } = await freshLearner('Noor Mixed');
    const before = await stored(noor);
    const files = uploads();
    const challenge2 = await bank(t.app, await t.token('family'), 1, 2);
    const post1 = await bank(t.app, await t.token('family'), 2, 1);
    // the whole stage from another challenge's (or the post-test's) bank, sent as challenge 1 of the pre-test
    for (const [label, other] of [
      ['challenge 2', challenge2],
      ['post-test', post1],
    ] as const) {
      const res = await sendStage(urlOf(1), stageEntries(1, other[1], base(noor)), family);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().key, label).toBe('app.exams.stagesMixed');
    }
    // one item of challenge 2 slipped among the items of challenge 1
    const mixed: Entry[] = [
      ...stageEntries(1, questions[1], base(noor)),
      ['items[9][question_id]', String(challenge2[1].find((q) => q.kind === 'repeated_draw')!.id)],
      ['items[9][answer][]', 'قمر'],
    ];
    const res = await sendStage(urlOf(1), mixed, family);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ key: 'app.exams.stagesMixed', errors: { items: 'app.exams.stagesMixed' } });
    expect(await stored(noor)).toEqual(before);
    expect(before).toEqual({ answers: 0, submissions: 0, files: 0 });
    expect(uploads()).toBe(files);
  });

  it('an offline stage sent after the time ran out is refused and its key stays unused; after a reset the same key is stored once', async () => {
    const { id: olivia, family } = await freshLearner('Olivia Offline');
    expect((await post('/api/exam/start', { student_id: olivia, exam_type: 1, challenge: 1 }, family)).statusCode).toBe(
      200,
    );
    expect((await sendStage(urlOf(1), stageEntries(1, questions[1], base(olivia)), family)).statusCode).toBe(201);
    // stage 2 was kept on the device while the time ran out
    await t.db
      .update(exams)
      .set({ startedAt: sql`now() - interval '31 minutes'` })
      .where(eq(exams.childId, olivia));
    const kept: Entry[] = [...stageEntries(2, questions[2], base(olivia)), ['submission_key', 'offline-kept-0001']];
    const files = uploads();
    for (let attempt = 1; attempt <= 2; attempt++) {
      const late = await sendStage(urlOf(2), kept, family);
      expect(late.statusCode, `attempt ${attempt}`).toBe(409);
      expect(late.json()).toMatchObject({ key: 'app.exams.timeOver' });
    }
    const withKey = () =>
      t.db.select().from(examSubmissions).where(eq(examSubmissions.submissionKey, 'offline-kept-0001'));
    expect(await withKey()).toEqual([]);
    expect(await stored(olivia)).toMatchObject({ submissions: 1, files: 1 });
    expect(uploads()).toBe(files);
    // a teacher's reset lets the kept stage through, stored once however often it is sent
    const reset = await post('/api/answers/reset/timer', { student_id: olivia, exam_type: 1, challenge: 1 }, 'admin');
    expect(reset.statusCode).toBe(200);
    const through = await sendStage(urlOf(2), kept, family);
    expect(through.statusCode).toBe(201);
    expect(through.json().replayed).toBe(false);
    const again = await sendStage(urlOf(2), kept, family);
    expect(again.statusCode).toBe(200);
    expect(again.json().replayed).toBe(true);
    expect(await withKey()).toHaveLength(1);
    expect(await stored(olivia)).toMatchObject({ submissions: 2, files: 2 });
  });
});
