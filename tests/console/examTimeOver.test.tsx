import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExamSessionView } from '../../src/custom-pages/exam-taking/ExamSessionView';
import type { Exam, Question } from '../../src/dataProvider/exams';
import { saveSession } from '../../src/session';
import { inAdmin, json, mockFetch, type Call } from './helpers';

/**
 * The exam stepper locks the stage when the server's time runs out
 * (docs/api/exams.md "Idempotency and the offline queue": a stage sent after
 * the time is refused): the answers, the image and Send are disabled, and
 * the child is told why, with no request sent. The device's IndexedDB queue
 * is not under test here (jsdom has no IndexedDB): it holds nothing.
 */
const queue = vi.hoisted(() => ({
  /** how a kept stage's send ends; a test may hold it to look at the page while the stage is in flight */
  send: async (): Promise<unknown> => ({ kind: 'offline' }),
}));
vi.mock('../../src/custom-pages/exam-taking/offlineQueue', () => ({
  queuedStages: async () => [],
  queueStage: async () => undefined,
  dropStage: async () => undefined,
  newSubmissionKey: () => 'st-test-key',
  sendQueued: () => queue.send(),
  allQueued: async () => [],
  ALREADY_THERE: ['app.exams.stageDone', 'app.exams.finished'],
  // the stage just kept, tried once (offlineQueue.ts drainQueue)
  drainQueue: async () => new Map([['st-test-key', await queue.send()]]),
}));

const family = {
  id: 5,
  name: 'Fatima',
  email: 'family@demo.test',
  type: 0,
  gender: 2,
  roles: ['student'],
  permissions: [],
};
const text = (s: string) => ({ ar: s, en: s, de: s, fr: s });
const question = (id: number, kind: string, options: string[] = []): Question => ({
  id,
  exam_type: 1,
  challenge: 1,
  stage: 1,
  kind,
  text: text(`Question ${id}`),
  options: options.map((key) => ({ key, text: text(`Option ${key}`) })),
  allow_other: false,
  position: id,
  image: null,
  model: null,
});
const stage1 = [question(1, 'image_upload'), question(2, 'checklist', ['a', 'b', 'c']), question(3, 'repeated_draw')];

const examOf = (status: Exam['status'], remaining: number): Exam => ({
  id: 31,
  student_id: 12,
  exam_type: 1,
  challenge: 1,
  status,
  submitted_stages: [],
  current_stage: 1,
  started_at: '2026-03-01T09:00:00Z',
  finished_at: null,
  duration: 1800,
  remaining_seconds: remaining,
  server_time: '2026-03-01T09:29:55Z',
});

/** The server: the learner's test in the given state, the stage-1 questions; anything sent is recorded. */
const serve = (exam: Exam) =>
  mockFetch((call: Call) => {
    if (call.url.startsWith('/api/answers/get/exam/details'))
      return json({
        student: { id: 12, name: 'Yousef', gender: 1, birthdate: null, language: 'en', school_id: null },
        exam,
        stages: [],
        disabled: false,
      });
    if (call.url.startsWith('/api/questions')) return json({ questions: { '1': stage1, '2': [], '3': [] }, count: 3 });
    return json({});
  });

const renderExam = async () =>
  render(
    await inAdmin(<ExamSessionView sessionRef={{ studentId: 12, examType: 1, challenge: 1, teacher: false }} />, {
      path: '/exam/1/12',
    }),
  );

const sendButton = () => screen.getByRole('button', { name: 'Send and continue' });
const answerFields = () => [
  ...screen.getAllByRole('checkbox'),
  screen.getByRole('textbox', { name: 'Name of drawing 1' }),
];
const stageSends = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.url.includes('/answers/add'));

describe('the exam stepper at time over', () => {
  beforeEach(() => saveSession('tok', family));
  afterEach(() => vi.useRealTimers());

  it('locks the open stage when the countdown reaches zero, tells the child why and sends nothing', async () => {
    // only the clock and the countdown's interval are simulated; the page's own waits stay real
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const calls = serve(examOf('open', 5));
    await renderExam();
    await waitFor(() => expect(sendButton()).toBeEnabled());
    expect(screen.getByTestId('exam-timer')).toHaveTextContent('Time left: 00:05');
    for (const field of answerFields()) expect(field).toBeEnabled();
    expect(screen.queryByText(/The time for this test is over/)).toBeNull();

    await act(async () => {
      vi.advanceTimersByTime(4_000);
    });
    expect(screen.getByTestId('exam-timer')).toHaveTextContent('Time left: 00:01');
    expect(sendButton()).toBeEnabled();

    await act(async () => {
      vi.advanceTimersByTime(2_000);
    });
    expect(screen.getByTestId('exam-timer')).toHaveTextContent('Time is over');
    expect(within(screen.getByRole('alert')).getByText(/The time for this test is over/)).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
    for (const field of answerFields()) expect(field).toBeDisabled();
    expect(stageSends(calls)).toEqual([]);
  });

  it('opens locked when the server says the time is over already', async () => {
    const calls = serve(examOf('time_over', 0));
    await renderExam();
    expect(await screen.findByText(/The time for this test is over/)).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
    for (const field of answerFields()) expect(field).toBeDisabled();
    expect(stageSends(calls)).toEqual([]);
  });

  it('warns at one minute in a live region, which is there (empty) before, and shows where the child is in the whole test', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    serve(examOf('open', 62));
    await renderExam();
    await waitFor(() => expect(sendButton()).toBeEnabled());
    const region = screen.getByTestId('exam-timer-warning');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveAttribute('role', 'status');
    expect(region).toHaveTextContent(/^$/);
    expect(screen.getByTestId('exam-progress')).toHaveTextContent('Challenge 1 of 3 · Stage 1 of 3');
    await act(async () => {
      vi.advanceTimersByTime(2_000);
    });
    expect(screen.getByTestId('exam-timer-warning')).toBe(region);
    expect(region).toHaveTextContent('One minute left: send your answers now.');
    // the timer is in the bar that stays at the top of the screen
    expect(screen.getByTestId('exam-bar')).toContainElement(screen.getByTestId('exam-timer'));
    expect(screen.getByTestId('exam-bar')).toHaveStyle({ position: 'sticky', top: '0px' });
  });
});

describe('the send button while a stage is in flight (docs/PRODUCT.md §2 "Exam screen")', () => {
  beforeEach(() => saveSession('tok', family));

  it('shows the wait label and stays disabled until the stage is sent, then reads Send again', async () => {
    serve(examOf('open', 900));
    let finish: (outcome: unknown) => void = () => undefined;
    let sends = 0;
    queue.send = () => {
      sends += 1;
      return new Promise((resolve) => (finish = resolve));
    };
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:photo', revokeObjectURL: () => undefined }));
    try {
      await renderExam();
      await waitFor(() => expect(sendButton()).toBeEnabled());
      fireEvent.click(screen.getAllByRole('checkbox')[0]);
      fireEvent.change(screen.getByRole('textbox', { name: 'Name of drawing 1' }), { target: { value: 'a sun' } });
      fireEvent.click(screen.getByRole('tab', { name: 'Upload a photo' }));
      const photo = new File([new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61])], 'sun.gif', { type: 'image/gif' });
      fireEvent.change(document.querySelector('input[type=file]')!, { target: { files: [photo] } });
      fireEvent.click(sendButton());
      // the stage passed its rules and is on its way: the button waits with it
      await waitFor(() => expect(sends).toBe(1));
      const waiting = screen.getByRole('button', { name: 'Please wait…' });
      expect(waiting).toBeDisabled();
      expect(screen.queryByRole('button', { name: 'Send and continue' })).toBeNull();
      await act(async () => finish({ kind: 'offline' }));
      expect(await screen.findByRole('button', { name: 'Send and continue' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Please wait…' })).toBeNull();
    } finally {
      queue.send = async () => ({ kind: 'offline' });
      vi.unstubAllGlobals();
    }
  });
});
