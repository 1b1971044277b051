import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { HttpError } from 'react-admin';
import { apiFetch } from '../../http';
import type { StageResult } from '../../dataProvider/exams';

/**
 * Stages kept on the device (IndexedDB) until the server has them: every
 * stage is put here before it is sent and removed when the server answers,
 * so flaky school Wi-Fi loses nothing. Each keeps its idempotency key, so
 * however often it is sent again, the server stores it once
 * (docs/api/exams.md "Idempotency and the offline queue").
 */
export interface QueuedStage {
  /** the stage's idempotency key */
  key: string;
  url: string;
  studentId: number;
  examType: number;
  challenge: number;
  stage: number;
  /** the form's text fields in order */
  fields: [string, string][];
  image: Blob;
  imageName: string;
  savedAt: number;
  /** waiting for a connection, or refused by the server (kept, with its message key) */
  state: 'waiting' | 'refused';
  error?: string;
}

interface QueueSchema extends DBSchema {
  stages: { key: string; value: QueuedStage; indexes: { byExam: [number, number, number] } };
}

let dbPromise: Promise<IDBPDatabase<QueueSchema>> | null = null;
const db = () =>
  (dbPromise ??= openDB<QueueSchema>('neomi-exams', 1, {
    upgrade(database) {
      const store = database.createObjectStore('stages', { keyPath: 'key' });
      store.createIndex('byExam', ['studentId', 'examType', 'challenge']);
    },
  }));

export const queueStage = async (stage: QueuedStage): Promise<void> => {
  await (await db()).put('stages', stage);
};
export const dropStage = async (key: string): Promise<void> => {
  await (await db()).delete('stages', key);
};
export const queuedStages = async (studentId: number, examType: number, challenge: number): Promise<QueuedStage[]> =>
  (await (await db()).getAllFromIndex('stages', 'byExam', [studentId, examType, challenge])).sort(
    (a, b) => a.stage - b.stage,
  );

/** A random idempotency key (works outside secure contexts, unlike randomUUID). */
export const newSubmissionKey = (): string => {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `st-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
};

export type SendOutcome =
  | { kind: 'sent'; result: StageResult }
  | { kind: 'offline' }
  | { kind: 'refused'; status: number; error: string; errors?: Record<string, string> };

/** No answer at all (no network, server down) as opposed to an answer saying no. */
const isUnreachable = (error: unknown) =>
  error instanceof HttpError ? error.status === 0 || error.status >= 502 : true;

/**
 * Sends a kept stage once: removed when stored (201) or already stored (200,
 * the same key); kept as 'waiting' when the server cannot be reached; kept as
 * 'refused' with the server's message otherwise (e.g. the time is over until
 * a teacher resets the timer).
 */
export async function sendQueued(stage: QueuedStage): Promise<SendOutcome> {
  const form = new FormData();
  for (const [name, value] of stage.fields) form.append(name, value);
  form.append('submission_key', stage.key);
  form.append('img', stage.image, stage.imageName);
  try {
    const result = await apiFetch<StageResult>(stage.url, { method: 'POST', body: form });
    await dropStage(stage.key);
    return { kind: 'sent', result };
  } catch (error) {
    if (isUnreachable(error)) {
      await queueStage({ ...stage, state: 'waiting', error: undefined });
      return { kind: 'offline' };
    }
    const http = error as HttpError;
    const body = (http.body ?? {}) as { key?: string; errors?: Record<string, string> };
    const key = body.key ?? http.message;
    await queueStage({ ...stage, state: 'refused', error: key });
    return { kind: 'refused', status: http.status, error: key, errors: body.errors };
  }
}
