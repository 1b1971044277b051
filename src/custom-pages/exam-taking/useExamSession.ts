import { useCallback, useEffect, useRef, useState } from 'react';
import { HttpError } from 'react-admin';
import {
  examMethods,
  type Exam,
  type Learner,
  type QuestionsByStage,
  type Stage,
  type StageResult,
} from '../../dataProvider/exams';
import { apiBlob } from '../../http';
import { cachedCall, isUnreachable, keepBlob, keepJson, keptJson } from '../../examCache';
import { getSessionUser } from '../../session';
import { STAGE_COUNT } from '../../../domain/exams';
import {
  ALREADY_THERE,
  allQueued,
  drainQueue,
  dropStage,
  newSubmissionKey,
  queueStage,
  sendQueued,
  type QueuedStage,
} from './offlineQueue';

export interface SessionRef {
  studentId: number;
  examType: number;
  challenge: number;
  teacher: boolean;
}

/** How often a stage kept on the device is tried again while the browser says it is online. */
const RETRY_MS = 8000;

interface Details {
  student: Learner;
  exam: Exam;
  stages: Stage[];
  disabled: boolean;
}

/** The names the exam's answers are kept under on the device (src/examCache.ts). */
const detailsName = (studentId: number, examType: number, challenge: number) =>
  `details:${studentId}:${examType}:${challenge}`;
const questionsName = (examType: number, challenge: number) => `questions:${examType}:${challenge}`;
const checkName = (studentId: number) => `check:${studentId}`;

/** The learner's tests (GET /check/exam/:id), from the device when the server cannot be reached. */
export const checkExamKept = (studentId: number) =>
  cachedCall(checkName(studentId), () => examMethods.checkExam(studentId)).then((r) => r.value);

/** An exam as kept on the device `savedAt`: its time left counted down since (this device's clock). */
const aged = (exam: Exam, savedAt: number | null): Exam =>
  savedAt === null || !exam.started_at || exam.status !== 'open'
    ? exam
    : { ...exam, remaining_seconds: Math.max(0, exam.remaining_seconds - (Date.now() - savedAt) / 1000) };

/**
 * An exam with the stages kept on this device counted as taken: the child goes on to the next stage and
 * challenge while they wait for the connection (docs/api/exams.md "The exam offline").
 */
export const withKept = (exam: Exam, kept: number[]): Exam => {
  if (!kept.length) return exam;
  const done = [...new Set([...exam.submitted_stages, ...kept])].sort((a, b) => a - b);
  const current = [1, 2, 3].find((s) => !done.includes(s)) ?? STAGE_COUNT + 1;
  const status = current > STAGE_COUNT ? 'finished' : exam.status === 'not_started' ? 'open' : exam.status;
  return { ...exam, submitted_stages: done, current_stage: current, status };
};

/** A stage the server stored, written into the exam kept on the device (a reload offline shows it taken). */
async function keepSent(result: StageResult): Promise<void> {
  const { exam, stage } = result;
  const name = detailsName(exam.student_id, exam.exam_type, exam.challenge);
  const kept = await keptJson<Details>(name);
  if (!kept) return;
  const stages = [...kept.value.stages.filter((s) => s.stage !== stage.stage), stage].sort((a, b) => a.stage - b.stage);
  await keepJson(name, { ...kept.value, exam, stages });
}

/**
 * Everything the whole test needs, read up front when it opens online and kept on the device: the questions, the
 * figures and the learner's test of all three challenges of the exam type (the test goes on offline).
 */
async function keepWholeTest(studentId: number, examType: number): Promise<void> {
  for (const challenge of [1, 2, 3]) {
    const ref = { student_id: studentId, exam_type: examType, challenge };
    const [bank] = await Promise.all([
      cachedCall(questionsName(examType, challenge), () => examMethods.getQuestions(examType, challenge)),
      cachedCall(detailsName(studentId, examType, challenge), () => examMethods.examDetails(ref)),
    ]);
    const files = Object.values(bank.value.questions)
      .flat()
      .map((q) => q.image?.url)
      .filter((url): url is string => !!url);
    for (const url of files) {
      const path = url.replace(/^\/api/, '');
      // a figure that cannot be read now is read when shown, as online
      await apiBlob(path)
        .then((blob) => keepBlob(path, blob))
        .catch(() => undefined);
    }
  }
}

export interface SubmitOutcome {
  ok: boolean;
  offline?: boolean;
  error?: string;
  errors?: Record<string, string>;
}

/**
 * One learner's test as the stepper sees it: the server's state (stages
 * sent, the timer as a deadline on this device's clock), the questions,
 * and the stage kept on the device, sent again by itself when the
 * connection returns.
 */
export function useExamSession(ref: SessionRef) {
  const { studentId, examType, challenge, teacher } = ref;
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<HttpError | null>(null);
  const [student, setStudent] = useState<Learner | null>(null);
  const [exam, setExam] = useState<Exam | null>(null);
  const [stages, setStages] = useState<Stage[]>([]);
  const [questions, setQuestions] = useState<QuestionsByStage>({});
  const [disabled, setDisabled] = useState(false);
  /** the stages of this learner's exam type kept on the device (every challenge), in the order they are sent */
  const [kept, setKept] = useState<QueuedStage[]>([]);
  const [deadline, setDeadline] = useState<number | null>(null);
  /** the learner's other challenges (GET /check/exam/:id), for the progress through the whole test */
  const [overview, setOverview] = useState<Exam[] | null>(null);
  const details = useRef<Details | null>(null);
  const wholeTestKept = useRef(false);

  const applyExam = useCallback((next: Exam) => {
    setExam(next);
    // the server's remaining time on this device's clock: no skew between the two clocks matters
    setDeadline(next.started_at && next.status !== 'finished' ? Date.now() + next.remaining_seconds * 1000 : null);
  }, []);

  const refreshKept = useCallback(async () => {
    const all = (await allQueued()).filter((k) => k.studentId === studentId && k.examType === examType);
    setKept(all);
    return all;
  }, [studentId, examType]);

  /** A stage the server stored: on the page when it is this challenge's, on the device for a reload offline. */
  const applyResult = useCallback(
    (result: StageResult) => {
      void keepSent(result);
      setOverview((prev) => prev && prev.map((e) => (e.challenge === result.exam.challenge ? result.exam : e)));
      if (result.exam.challenge !== challenge || result.exam.exam_type !== examType) return;
      applyExam(result.exam);
      setStages((prev) =>
        [...prev.filter((s) => s.stage !== result.stage.stage), result.stage].sort((a, b) => a.stage - b.stage),
      );
    },
    [applyExam, challenge, examType],
  );

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const ref = { student_id: studentId, exam_type: examType, challenge };
      const [read, bank, all] = await Promise.all([
        cachedCall(detailsName(studentId, examType, challenge), () => examMethods.examDetails(ref)),
        cachedCall(questionsName(examType, challenge), () => examMethods.getQuestions(examType, challenge)),
        // a paper test entered by a teacher has no progress to show; without it the page still works
        teacher ? null : checkExamKept(studentId).catch(() => null),
      ]);
      details.current = read.value;
      setOverview(all?.exams ?? null);
      setStudent(read.value.student);
      applyExam(aged(read.value.exam, read.savedAt));
      setStages(read.value.stages);
      setDisabled(read.value.disabled);
      setQuestions(bank.value.questions);
      // a kept stage the server already has (sent just before the page closed) is dropped
      const mine = await refreshKept();
      const there = mine.filter((k) => k.challenge === challenge && read.value.stages.some((s) => s.stage === k.stage));
      if (there.length) {
        await Promise.all(there.map((k) => dropStage(k.key)));
        await refreshKept();
      }
      setError(null);
      // the whole test on the device, once the page has read it from the server
      if (!teacher && read.savedAt === null && !wholeTestKept.current) {
        wholeTestKept.current = true;
        void keepWholeTest(studentId, examType).catch(() => {
          wholeTestKept.current = false;
        });
      }
    } catch (e) {
      setError(e instanceof HttpError ? e : new HttpError('ra.notification.http_error', 0));
    } finally {
      setLoading(false);
    }
  }, [studentId, examType, challenge, teacher, applyExam, refreshKept]);

  useEffect(() => {
    void load();
  }, [load]);

  const start = useCallback(async () => {
    try {
      const { exam: started } = await examMethods.startExam({
        student_id: studentId,
        exam_type: examType,
        challenge,
      });
      applyExam(started);
      if (details.current)
        void keepJson(detailsName(studentId, examType, challenge), { ...details.current, exam: started });
    } catch (e) {
      if (!isUnreachable(e) || !details.current) throw e;
      // offline: the challenge starts on the device; the server starts it when its first stage arrives
      const local: Exam = {
        ...details.current.exam,
        status: 'open',
        started_at: new Date().toISOString(),
        remaining_seconds: details.current.exam.duration,
      };
      details.current = { ...details.current, exam: local };
      applyExam(local);
      await keepJson(detailsName(studentId, examType, challenge), details.current);
    }
  }, [studentId, examType, challenge, applyExam]);

  /**
   * Sends the stages kept on the device, in order (offlineQueue.ts drainQueue); the outcome of the stage `key`
   * for its form.
   */
  const sync = useCallback(
    async (key?: string): Promise<SubmitOutcome> => {
      const outcomes = await drainQueue();
      let reload = false;
      let mine: SubmitOutcome = { ok: false, offline: true };
      const all = await allQueued();
      for (const [k, outcome] of outcomes) {
        if (outcome.kind === 'sent') applyResult(outcome.result);
        if (outcome.kind === 'refused' && ALREADY_THERE.includes(outcome.error)) reload = true;
        // a stage the rules refuse goes back to the child's form; one refused for time stays kept
        if (outcome.kind === 'refused' && outcome.status === 400) await dropStage(k);
        if (k !== key) continue;
        if (outcome.kind === 'sent') mine = { ok: true };
        else if (outcome.kind === 'refused')
          mine = ALREADY_THERE.includes(outcome.error)
            ? { ok: true }
            : { ok: false, error: outcome.error, errors: outcome.errors };
      }
      // kept, not tried (an earlier stage waits): taken on the device, sent after it
      if (key && !outcomes.has(key) && all.some((s) => s.key === key)) mine = { ok: false, offline: true };
      await refreshKept();
      if (reload) await load();
      return mine;
    },
    [applyResult, refreshKept, load],
  );

  /** Keeps the stage on the device first, then sends what the device keeps, in order. */
  const submit = useCallback(
    async (stage: number, url: string, fields: [string, string][], image: { blob: Blob; name: string }) => {
      const entry: QueuedStage = {
        key: newSubmissionKey(),
        url,
        studentId,
        examType,
        challenge,
        stage,
        fields,
        image: image.blob,
        imageName: image.name,
        savedAt: Date.now(),
        owner: getSessionUser()?.id,
        state: 'waiting',
      };
      await queueStage(entry);
      // the page shows it kept (and goes on) only once the server could not be reached: while it is on its way, the
      // form waits with it
      return sync(entry.key);
    },
    [studentId, examType, challenge, sync],
  );

  // back online, and every few seconds while a stage waits: send them again, in order (same keys: stored once)
  const waiting = kept.some((k) => k.state === 'waiting');
  useEffect(() => {
    if (!waiting) return undefined;
    const retry = () => {
      if (navigator.onLine) void sync();
    };
    window.addEventListener('online', retry);
    const timer = window.setInterval(retry, RETRY_MS);
    return () => {
      window.removeEventListener('online', retry);
      window.clearInterval(timer);
    };
  }, [waiting, sync]);

  const keptHere = kept.filter((k) => k.challenge === challenge);
  const stagesOf = (c: number) => kept.filter((k) => k.challenge === c).map((k) => k.stage);
  /** the first stage of this challenge kept on the device and refused by the server, if any */
  const refused = keptHere.find((k) => k.state === 'refused') ?? null;

  return {
    loading,
    error,
    student,
    exam: exam && withKept(exam, stagesOf(challenge)),
    stages,
    questions,
    disabled,
    /** this challenge's stages kept on the device */
    kept: keptHere,
    /** every stage of the learner's exam type kept on the device */
    keptAll: kept,
    queued: refused ?? keptHere[0] ?? null,
    deadline,
    teacher,
    overview: overview && overview.map((e) => withKept(e, stagesOf(e.challenge))),
    reload: load,
    start,
    submit,
    resend: async () => {
      if (refused) {
        const outcome = await sendQueued(refused);
        if (outcome.kind === 'sent') applyResult(outcome.result);
        await refreshKept();
      }
      return sync();
    },
  };
}

export type ExamSession = ReturnType<typeof useExamSession>;
