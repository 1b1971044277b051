import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OfflineNotice } from '../../src/custom-pages/exam-taking/OfflineNotice';
import { sendQueued, type QueuedStage } from '../../src/custom-pages/exam-taking/offlineQueue';
import type { AppLocale } from '../../src/i18n/locales';
import { i18nFor, inAdmin, json, mockFetch } from './helpers';

/** The device's store of kept stages (IndexedDB, which jsdom lacks), in memory. */
const kept = new Map<string, QueuedStage>();
vi.mock('idb', () => ({
  openDB: async () => ({
    put: async (_store: string, value: QueuedStage) => void kept.set(value.key, value),
    delete: async (_store: string, key: string) => void kept.delete(key),
    getAllFromIndex: async () => [...kept.values()],
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
