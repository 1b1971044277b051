import { render, screen, fireEvent } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ExamSessionView } from '../../src/custom-pages/exam-taking/ExamSessionView';
import type { Exam, Question } from '../../src/dataProvider/exams';
import { inAdmin, json, mockFetch } from './helpers';

/**
 * The test pages speak to the learner in the learner's gender (src/i18n/gender.tsx):
 * a girl reads «ابدئي، ارسمي، أرسلي، اطلبي من معلمكِ، أحسنتِ»; a boy «ابدأ، ارسم، أرسل…».
 * The gender comes from the exam session (POST /answers/get/exam/details → student.gender).
 */
vi.mock('../../src/custom-pages/exam-taking/offlineQueue', () => ({
  queuedStages: async () => [],
  queueStage: async () => undefined,
  dropStage: async () => undefined,
  sendQueued: async () => ({ kind: 'offline' }),
  newSubmissionKey: () => 'st-test',
  allQueued: async () => [],
  ALREADY_THERE: ['app.exams.stageDone', 'app.exams.finished'],
  // the stage just kept, tried once (offlineQueue.ts drainQueue)
  drainQueue: async () => new Map([['st-test', { kind: 'offline' }]]),
}));

const GIRL = 2;
const BOY = 1;
const text = (ar: string) => ({ ar, en: ar, de: ar, fr: ar });
const question = (id: number, stage: number, kind: string, extra: Partial<Question> = {}): Question => ({
  id,
  exam_type: 1,
  challenge: 1,
  stage,
  kind,
  text: text(`سؤال ${id}`),
  options: [],
  allow_other: false,
  position: id,
  image: null,
  model: null,
  ...extra,
});
const QUESTIONS = {
  '1': [question(1, 1, 'image_upload'), question(2, 1, 'repeated_draw')],
  '3': [
    question(6, 3, 'single_choice', {
      allow_other: true,
      options: [
        { key: 'a', text: text('قارب') },
        { key: 'b', text: text('قبعة') },
      ],
    }),
  ],
};

const examOf = (status: Exam['status'], currentStage: number): Exam => ({
  id: status === 'not_started' ? null : 1,
  student_id: 7,
  exam_type: 1,
  challenge: 1,
  status,
  submitted_stages: [],
  current_stage: currentStage,
  started_at: status === 'not_started' ? null : new Date().toISOString(),
  finished_at: null,
  duration: 600,
  remaining_seconds: status === 'open' ? 500 : 0,
  server_time: new Date().toISOString(),
});

/** The test page of a learner of `gender`, at the exam's state, in Arabic. */
const renderExam = async (gender: number, exam: Exam) => {
  mockFetch((call) => {
    if (call.url.includes('/answers/get/exam/details'))
      return json({
        student: {
          id: 7,
          name: gender === GIRL ? 'ليلى' : 'يوسف',
          gender,
          birthdate: null,
          language: 'ar',
          school_id: null,
        },
        exam,
        stages: [],
        disabled: false,
      });
    if (call.url.includes('/questions')) return json({ questions: QUESTIONS, count: 3 });
    if (call.url.includes('/exam/start')) return json({ exam: examOf('open', 1) });
    return json({}, 404);
  });
  render(
    await inAdmin(<ExamSessionView sessionRef={{ studentId: 7, examType: 1, challenge: 1, teacher: false }} />, {
      locale: 'ar',
    }),
  );
  await screen.findByRole('heading', { name: gender === GIRL ? 'ليلى' : 'يوسف' });
};

const page = () => document.body.textContent ?? '';

describe('the test pages in Arabic follow the learner’s gender', () => {
  it('a girl: «لديكِ 10 دقائق», «ابدئي الاختبار», then «ارسمي، ارفعي، أرسلي وتابعي، امسحي، أضيفي»', async () => {
    await renderExam(GIRL, examOf('not_started', 1));
    expect(page()).toContain('لديكِ 10 دقائق.');
    fireEvent.click(screen.getByRole('button', { name: 'ابدئي الاختبار' }));
    await screen.findByRole('tab', { name: 'ارسمي على الشاشة' });
    expect(screen.getByRole('tab', { name: 'ارفعي صورة' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'أرسلي وتابعي' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'امسحي الكل' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'أضيفي المزيد' })).toBeInTheDocument();
    expect(page()).toContain('رسمتكِ');
    for (const masculine of ['ابدأ الاختبار', 'ارسم على الشاشة', 'ارفع صورة', 'أرسل وتابع', 'امسح الكل', 'أضف المزيد'])
      expect(page()).not.toContain(masculine);
  });

  it('a boy: «لديك 10 دقائق», «ابدأ الاختبار», then «ارسم، ارفع، أرسل وتابع، امسح، أضف»', async () => {
    await renderExam(BOY, examOf('not_started', 1));
    expect(page()).toContain('لديك 10 دقائق.');
    fireEvent.click(screen.getByRole('button', { name: 'ابدأ الاختبار' }));
    await screen.findByRole('tab', { name: 'ارسم على الشاشة' });
    expect(screen.getByRole('tab', { name: 'ارفع صورة' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'أرسل وتابع' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'امسح الكل' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'أضف المزيد' })).toBeInTheDocument();
    for (const feminine of ['ابدئي', 'ارسمي', 'ارفعي', 'أرسلي', 'امسحي', 'أضيفي', 'رسمتكِ'])
      expect(page()).not.toContain(feminine);
  });

  it('the third stage offers a girl «شيء آخر (اكتبيه)»', async () => {
    await renderExam(GIRL, examOf('open', 3));
    expect(await screen.findByLabelText('شيء آخر (اكتبيه)')).toBeInTheDocument();
  });

  it('when the time is over a girl is told «اطلبي من معلمكِ»', async () => {
    await renderExam(GIRL, examOf('time_over', 1));
    expect((await screen.findByRole('alert')).textContent).toContain('اطلبي من معلمكِ إعادة ضبط المؤقت');
  });

  it('when the time is over a boy is told «اطلب من معلمك»', async () => {
    await renderExam(BOY, examOf('time_over', 1));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('اطلب من معلمك إعادة ضبط المؤقت');
    expect(alert.textContent).not.toContain('اطلبي');
  });

  it('at the end a girl reads «أحسنتِ!»', async () => {
    await renderExam(GIRL, { ...examOf('finished', 4), submitted_stages: [1, 2, 3] });
    expect(await screen.findByText('أحسنتِ! أُرسلت إجاباتكِ. شكرًا لكِ!')).toBeInTheDocument();
  });

  it('at the end a boy reads «أحسنت!»', async () => {
    await renderExam(BOY, { ...examOf('finished', 4), submitted_stages: [1, 2, 3] });
    expect(await screen.findByText('أحسنت! أُرسلت إجاباتك. شكرًا لك!')).toBeInTheDocument();
  });
});
