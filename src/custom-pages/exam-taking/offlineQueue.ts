import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { HttpError } from 'react-admin';
import { apiFetch } from '../../http';
import { isUnreachable } from '../../examCache';
import { getSessionUser } from '../../session';
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
  /**
   * the account whose session took the stage: it is sent only by that account's session, never with another
   * child's token (none on a stage kept by an older console: the server's scope decides, docs/api/exams.md)
   */
  owner?: number;
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
/** The order stages are sent in: a learner's pre-test before the post-test, challenge 1 before 2, stage 1 before 2. */
export const sendingOrder = (a: QueuedStage, b: QueuedStage): number =>
  a.studentId - b.studentId ||
  a.examType - b.examType ||
  a.challenge - b.challenge ||
  a.stage - b.stage ||
  a.savedAt - b.savedAt;

/** Whether the signed-in session may send (and show) a kept stage: the account that took it. */
const mine = (stage: QueuedStage, owner: number | null) => stage.owner === undefined || stage.owner === owner;
const currentOwner = (): number | null => getSessionUser()?.id ?? null;

export const queuedStages = async (studentId: number, examType: number, challenge: number): Promise<QueuedStage[]> =>
  (await (await db()).getAllFromIndex('stages', 'byExam', [studentId, examType, challenge]))
    .filter((s) => mine(s, currentOwner()))
    .sort(sendingOrder);

/** Every stage of the signed-in account kept on this device, in the order they are sent. */
export const allQueued = async (): Promise<QueuedStage[]> =>
  (await (await db()).getAll('stages')).filter((s) => mine(s, currentOwner())).sort(sendingOrder);

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

/** Server answers meaning the stage is there already (sent from elsewhere): nothing left to keep. */
export const ALREADY_THERE = ['app.exams.stageDone', 'app.exams.finished'];

let draining: Promise<unknown> = Promise.resolve();

/**
 * Sends every stage the signed-in account keeps on this device, one at a time and in order (sendingOrder), each
 * with its own key (stored once however often it is sent): stops at the first the server cannot be reached for,
 * so a later stage never arrives before an earlier one; skips the rest of a challenge whose stage the server
 * refused (it waits for a teacher, or for the child's form). One pass at a time on this page; the outcome of
 * each stage tried, by key.
 */
export function drainQueue(): Promise<Map<string, SendOutcome>> {
  const pass = draining.then(async () => {
    const outcomes = new Map<string, SendOutcome>();
    const blocked = new Set<string>();
    for (const stage of await allQueued()) {
      const exam = `${stage.studentId}:${stage.examType}:${stage.challenge}`;
      if (blocked.has(exam)) continue;
      if (stage.state === 'refused') {
        blocked.add(exam);
        continue;
      }
      const outcome = await sendQueued(stage);
      outcomes.set(stage.key, outcome);
      if (outcome.kind === 'offline') break;
      if (outcome.kind === 'refused' && ALREADY_THERE.includes(outcome.error)) await dropStage(stage.key);
      else if (outcome.kind === 'refused') blocked.add(exam);
    }
    return outcomes;
  });
  draining = pass.catch(() => undefined);
  return pass;
}
