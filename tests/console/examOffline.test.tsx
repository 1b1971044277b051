import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ExamSessionView } from '../../src/custom-pages/exam-taking/ExamSessionView';
import { OfflineNotice } from '../../src/custom-pages/exam-taking/OfflineNotice';
import { shownExam } from '../../src/custom-pages/exam-taking/shownStatus';
import type { Exam } from '../../src/dataProvider/exams';
import { drainQueue, sendQueued, type QueuedStage } from '../../src/custom-pages/exam-taking/offlineQueue';
import { cachedCall, keepBlob, keptBlob, keptJson } from '../../src/examCache';
import { EXAM_CACHE, clearDevice, clearSession, saveSession } from '../../src/session';
import type { AppLocale } from '../../src/i18n/locales';
import { i18nFor, inAdmin, json, mockFetch, type Call } from './helpers';

/** The device's store of kept stages (IndexedDB, which jsdom lacks), in memory. */
const kept = new Map<string, QueuedStage>();
vi.mock('idb', () => ({
  openDB: async () => ({
    put: async (_store: string, value: QueuedStage) => void kept.set(value.key, value),
    delete: async (_store: string, key: string) => void kept.delete(key),
    getAllFromIndex: async () => [...kept.values()],
    getAll: async () => [...kept.values()],
  }),
}));

const stage: QueuedStage = {
  key: 'st-0123456789abcdef',
  url: '/answers/add',
  studentId: 7,
  examType: 1,
  challenge: 1,
  stage: 1,
  fields: [
    ['student_id', '7'],
    ['exam_type', '1'],
  ],
  image: new Blob(['drawing']),
  imageName: 'drawing.png',
  savedAt: 0,
  state: 'waiting',
};

const MISMATCH = {
  key: 'app.exams.keyMismatch',
  message:
    'This stage was already sent with other answers under the same key: those answers are kept, these were not saved',
};

beforeEach(() => kept.clear());

describe('a kept stage whose key the server holds with other answers (409 keyMismatch)', () => {
  it('stays on the device, refused, with the server’s message key (never taken for sent)', async () => {
    mockFetch(() => json(MISMATCH, 409));
    const outcome = await sendQueued(stage);
    expect(outcome).toMatchObject({ kind: 'refused', status: 409, error: 'app.exams.keyMismatch' });
    expect(kept.get(stage.key)).toMatchObject({ state: 'refused', error: 'app.exams.keyMismatch' });
  });

  it.each(['ar', 'en', 'de', 'fr'] as AppLocale[])('says so in %s', async (locale) => {
    const text = (await i18nFor(locale)).translate('app.exams.keyMismatch');
    expect(text).not.toBe('app.exams.keyMismatch');
    render(
      await inAdmin(
        <OfflineNotice
          kept={{ ...stage, state: 'refused', error: 'app.exams.keyMismatch' }}
          onRetry={async () => {}}
        />,
        {
          locale,
        },
      ),
    );
    expect(await screen.findByTestId('offline-notice')).toHaveTextContent(text);
  });
});

describe('a stage sent to an overloaded server (503 with Retry-After)', () => {
  it('is kept on the device as waiting, then sent once the server answers, and removed', async () => {
    const busy = { key: 'app.errors.busy', message: 'The server is busy' };
    mockFetch(() => json(busy, 503));
    expect(await sendQueued(stage)).toEqual({ kind: 'offline' });
    expect(kept.get(stage.key)).toMatchObject({ state: 'waiting' });

    const stored = { replayed: false, exam: { current_stage: 2 } };
    const calls = mockFetch(() => json(stored, 201));
    expect(await sendQueued(kept.get(stage.key)!)).toMatchObject({ kind: 'sent' });
    expect(kept.has(stage.key)).toBe(false);
    // the resend carries the same key: a stage the server had stored before it got busy is not stored twice
    expect((calls[0].body as FormData).get('submission_key')).toBe(stage.key);
  });
});

/** The browser's Cache Storage (which jsdom lacks), in memory. */
const stores = new Map<string, Map<string, Response>>();
const fakeCaches = {
  open: async (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const store = stores.get(name)!;
    return {
      put: async (url: string, response: Response) => void store.set(url, response.clone()),
      match: async (url: string) => store.get(url)?.clone(),
      keys: async () => [...store.keys()],
    };
  },
  delete: async (name: string) => stores.delete(name),
  keys: async () => [...stores.keys()],
};
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const signIn = (token: string, id: number) =>
  saveSession(token, { id, name: `user ${id}`, email: `u${id}@demo.test`, type: 1, roles: [], permissions: [] });

describe('stages kept on the device are sent in order, and only by the account that took them', () => {
  const of = (key: string, challenge: number, n: number, owner: number | undefined, savedAt: number): QueuedStage => ({
    ...stage,
    key,
    challenge,
    stage: n,
    owner,
    savedAt,
  });

  it('sends challenge 1 before 2 and stage 1 before 2 before 3, whatever order they were kept in', async () => {
    signIn('token-family-a', 11);
    for (const s of [
      of('k-c2s1', 2, 1, 11, 5),
      of('k-c1s3', 1, 3, 11, 4),
      of('k-c1s1', 1, 1, 11, 9),
      of('k-c1s2', 1, 2, 11, 1),
    ])
      kept.set(s.key, s);
    const calls = mockFetch(() => json({ replayed: false, exam: {}, stage: {} }, 201));
    const outcomes = await drainQueue();
    expect(calls.map((c) => (c.body as FormData).get('submission_key'))).toEqual([
      'k-c1s1',
      'k-c1s2',
      'k-c1s3',
      'k-c2s1',
    ]);
    expect([...outcomes.values()].every((o) => o.kind === 'sent')).toBe(true);
    expect(kept.size).toBe(0);
  });

  it('stops at the first stage the server cannot be reached for: nothing later overtakes it', async () => {
    signIn('token-family-a', 11);
    for (const s of [of('k-1', 1, 1, 11, 1), of('k-2', 1, 2, 11, 2), of('k-3', 1, 3, 11, 3)]) kept.set(s.key, s);
    const calls = mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await drainQueue();
    expect(calls).toHaveLength(1);
    expect(kept.size).toBe(3);
  });

  it("never sends another account's stage with this session's token (it stays, waiting for its own account)", async () => {
    for (const s of [of('k-mine', 1, 1, 11, 1), of('k-theirs', 1, 2, 12, 0)]) kept.set(s.key, s);
    signIn('token-family-a', 11);
    const calls = mockFetch(() => json({ replayed: false, exam: {}, stage: {} }, 201));
    await drainQueue();
    expect(calls.map((c) => (c.body as FormData).get('submission_key'))).toEqual(['k-mine']);
    expect(calls[0].headers.get('authorization')).toBe('Bearer token-family-a');
    expect([...kept.keys()]).toEqual(['k-theirs']);
    // the other account signs in on the device: its stage goes, with its own token
    signIn('token-family-b', 12);
    const theirs = mockFetch(() => json({ replayed: false, exam: {}, stage: {} }, 201));
    await drainQueue();
    expect(theirs.map((c) => c.headers.get('authorization'))).toEqual(['Bearer token-family-b']);
    expect(kept.size).toBe(0);
  });
});

describe('the exam kept on the device for the test offline (src/examCache.ts)', () => {
  beforeEach(() => {
    stores.clear();
    vi.stubGlobal('caches', fakeCaches);
  });

  it("answers from the device when the server cannot be reached, and never with another session's answers", async () => {
    signIn('token-child-a', 21);
    mockFetch(() => json({ questions: { 1: [{ id: 5 }] }, count: 1 }));
    const online = await cachedCall('questions:1:1', async () => (await fetch('/api/questions')).json());
    expect(online.savedAt).toBeNull();
    // a Blob as fetch gives it (jsdom's own Blob is not one the Response of the test's runtime reads)
    await keepBlob('/exam/files/9', await new Response('figure', { headers: { 'content-type': 'image/png' } }).blob());
    const offline = await cachedCall('questions:1:1', () => Promise.reject(new TypeError('Failed to fetch')));
    expect(offline.value).toEqual({ questions: { 1: [{ id: 5 }] }, count: 1 });
    expect(offline.savedAt).toEqual(expect.any(Number));
    expect(await (await keptBlob('/exam/files/9'))?.text()).toBe('figure');

    // another child's session on the device reads nothing of it
    signIn('token-child-b', 22);
    expect(await keptJson('questions:1:1')).toBeNull();
    expect(await keptBlob('/exam/files/9')).toBeNull();
  });

  it.each([
    ['the device is cleared (a guest’s end of test, Finish)', () => clearDevice()],
    ['the session ends (sign-out, an expired session)', () => clearSession()],
  ])('is deleted when %s', async (_when, end) => {
    signIn('token-child-a', 21);
    await cachedCall('details:7:1:1', async () => ({ exam: { id: 1 } }));
    expect(stores.get(EXAM_CACHE)?.size).toBe(1);
    end();
    await flush();
    expect(stores.has(EXAM_CACHE)).toBe(false);
    // signed in again with the same token: nothing is left to read
    signIn('token-child-a', 21);
    expect(await keptJson('details:7:1:1')).toBeNull();
  });
});

describe('what the page shows of a challenge while its stages wait on the device (shownStatus.ts)', () => {
  const at = (challenge: number) => ({ challenge });

  it('is the server’s status, and the report is offered, when nothing is kept', () => {
    for (const status of ['not_started', 'open', 'finished', 'time_over'] as const)
      expect(shownExam(status, 1, [])).toEqual({ status, report: true });
  });

  it('is waiting while a stage of the challenge is kept, whatever the server or the device counts', () => {
    for (const status of ['not_started', 'open', 'finished', 'time_over'] as const)
      expect(shownExam(status, 2, [at(2)])).toEqual({ status: 'waiting', report: false });
  });

  it('keeps the server’s status for a challenge with nothing kept, but offers no report while another waits', () => {
    expect(shownExam('finished', 3, [at(1), at(2)])).toEqual({ status: 'finished', report: false });
  });
});

describe('the exam page while the whole challenge waits on the device, then after it is sent', () => {
  const learner = { id: 12, name: 'Yousef', gender: 1, birthdate: null, language: 'en', school_id: null };
  const exam = (submitted: number[]): Exam => ({
    id: 33,
    student_id: 12,
    exam_type: 1,
    challenge: 3,
    status: submitted.length === 3 ? 'finished' : 'open',
    submitted_stages: submitted,
    current_stage: submitted.length + 1,
    started_at: '2026-03-01T09:00:00Z',
    finished_at: submitted.length === 3 ? '2026-03-01T09:20:00Z' : null,
    duration: 1800,
    remaining_seconds: submitted.length === 3 ? 0 : 600,
    server_time: '2026-03-01T09:20:00Z',
  });
  const keptStage = (n: number): QueuedStage => ({
    ...stage,
    key: `k-c3s${n}`,
    studentId: 12,
    challenge: 3,
    stage: n,
    owner: 5,
    savedAt: n,
  });

  /** the challenge's status chip (the page's only chip: no challenge picker here) */
  const statusChip = () => document.querySelector('.MuiChip-root');

  it('says the answers are on the device and offers no report; once the server has them, its status and the report', async () => {
    signIn('token-family', 5);
    for (const n of [1, 2, 3]) kept.set(`k-c3s${n}`, keptStage(n));
    let online = false;
    const stored: number[] = [];
    const calls = mockFetch((call: Call) => {
      if (call.url.startsWith('/api/answers/add')) {
        if (!online) throw new TypeError('Failed to fetch');
        const n = stored.length + 1;
        stored.push(n);
        return json({ replayed: false, exam: exam(stored.slice()), stage: { stage: n, answers: [] } }, 201);
      }
      if (call.url.startsWith('/api/answers/get/exam/details'))
        return json({ student: learner, exam: exam([]), stages: [], disabled: false });
      if (call.url.startsWith('/api/questions')) return json({ questions: { '1': [], '2': [], '3': [] }, count: 0 });
      return json({});
    });
    render(
      await inAdmin(<ExamSessionView sessionRef={{ studentId: 12, examType: 1, challenge: 3, teacher: false }} />, {
        path: '/exam/1/12',
      }),
    );

    // the three stages are taken on the device: the completion step, the chip says they wait to be sent, no report
    await screen.findByTestId('exam-step');
    await waitFor(() => expect(statusChip()).toHaveTextContent('On this device, waiting to send'));
    expect(screen.getByTestId('exam-step')).toHaveAttribute('data-step', '4');
    expect(statusChip()).not.toHaveTextContent('Finished');
    expect(screen.queryByRole('link', { name: 'Learner report' })).toBeNull();
    expect(screen.getByTestId('report-after-sending')).toHaveTextContent(
      'Your report will be ready once your answers have been sent',
    );

    // the network returns: every stage sent, the server's status and the report come back
    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(statusChip()).toHaveTextContent('Finished'));
    expect(stored).toEqual([1, 2, 3]);
    expect(kept.size).toBe(0);
    expect(screen.getByRole('link', { name: 'Learner report' })).toHaveAttribute('href', '/report/12/1');
    expect(screen.queryByTestId('report-after-sending')).toBeNull();
    expect(screen.queryByText('On this device, waiting to send')).toBeNull();
    expect(calls.filter((c) => c.url.startsWith('/api/answers/add'))).toHaveLength(3);
  });
});
