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
import { dropStage, newSubmissionKey, queuedStages, queueStage, sendQueued, type QueuedStage } from './offlineQueue';

export interface SessionRef {
  studentId: number;
  examType: number;
  challenge: number;
  teacher: boolean;
}

/** How often a stage kept on the device is tried again while the browser says it is online. */
const RETRY_MS = 8000;
/** Server answers meaning the stage is there already (sent from elsewhere): nothing left to keep. */
const ALREADY_THERE = ['app.exams.stageDone', 'app.exams.finished'];

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
  const [queued, setQueued] = useState<QueuedStage | null>(null);
  const [deadline, setDeadline] = useState<number | null>(null);
  /** the learner's other challenges (GET /check/exam/:id), for the progress through the whole test */
  const [overview, setOverview] = useState<Exam[] | null>(null);
  const sending = useRef(false);

  const applyExam = useCallback((next: Exam) => {
    setExam(next);
    // the server's remaining time on this device's clock: no skew between the two clocks matters
    setDeadline(next.started_at && next.status !== 'finished' ? Date.now() + next.remaining_seconds * 1000 : null);
  }, []);

  const applyResult = useCallback(
    (result: StageResult) => {
      applyExam(result.exam);
      setStages((prev) =>
        [...prev.filter((s) => s.stage !== result.stage.stage), result.stage].sort((a, b) => a.stage - b.stage),
      );
    },
    [applyExam],
  );

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const ref = { student_id: studentId, exam_type: examType, challenge };
      const [details, bank, kept, all] = await Promise.all([
        examMethods.examDetails(ref),
        examMethods.getQuestions(examType, challenge),
        queuedStages(studentId, examType, challenge),
        // a paper test entered by a teacher has no progress to show; without it the page still works
        teacher ? null : examMethods.checkExam(studentId).catch(() => null),
      ]);
      setOverview(all?.exams ?? null);
      setStudent(details.student);
      applyExam(details.exam);
      setStages(details.stages);
      setDisabled(details.disabled);
      setQuestions(bank.questions);
      // a kept stage the server already has (sent just before the page closed) is dropped
      const pending = kept.filter((k) => !details.stages.some((s) => s.stage === k.stage));
      await Promise.all(kept.filter((k) => !pending.includes(k)).map((k) => dropStage(k.key)));
      setQueued(pending[0] ?? null);
      setError(null);
    } catch (e) {
      setError(e instanceof HttpError ? e : new HttpError('ra.notification.http_error', 0));
    } finally {
      setLoading(false);
    }
  }, [studentId, examType, challenge, teacher, applyExam]);

  useEffect(() => {
    void load();
  }, [load]);

  const start = useCallback(async () => {
    const { exam: started } = await examMethods.startExam({ student_id: studentId, exam_type: examType, challenge });
    applyExam(started);
  }, [studentId, examType, challenge, applyExam]);

  /** Sends a kept stage; the outcome updates the page. */
  const send = useCallback(
    async (stage: QueuedStage): Promise<SubmitOutcome> => {
      if (sending.current) return { ok: false, offline: true };
      sending.current = true;
      try {
        const outcome = await sendQueued(stage);
        if (outcome.kind === 'sent') {
          setQueued(null);
          applyResult(outcome.result);
          return { ok: true };
        }
        if (outcome.kind === 'offline') {
          setQueued({ ...stage, state: 'waiting', error: undefined });
          return { ok: false, offline: true };
        }
        if (ALREADY_THERE.includes(outcome.error)) {
          await dropStage(stage.key);
          setQueued(null);
          await load();
          return { ok: true };
        }
        // a stage the rules refuse goes back to the child's form; one refused for time stays kept
        if (outcome.status === 400) {
          await dropStage(stage.key);
          setQueued(null);
        } else {
          setQueued({ ...stage, state: 'refused', error: outcome.error });
        }
        return { ok: false, error: outcome.error, errors: outcome.errors };
      } finally {
        sending.current = false;
      }
    },
    [applyResult, load],
  );

  /** Keeps the stage on the device first, then sends it. */
  const submit = useCallback(
    async (stage: number, url: string, fields: [string, string][], image: { blob: Blob; name: string }) => {
      const kept: QueuedStage = {
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
        state: 'waiting',
      };
      await queueStage(kept);
      return send(kept);
    },
    [studentId, examType, challenge, send],
  );

  // back online, and every few seconds while a stage waits: send it again (same key: stored once)
  useEffect(() => {
    if (!queued || queued.state !== 'waiting') return undefined;
    const retry = () => {
      if (navigator.onLine) void send(queued);
    };
    window.addEventListener('online', retry);
    const timer = window.setInterval(retry, RETRY_MS);
    return () => {
      window.removeEventListener('online', retry);
      window.clearInterval(timer);
    };
  }, [queued, send]);

  return {
    loading,
    error,
    student,
    exam,
    stages,
    questions,
    disabled,
    queued,
    deadline,
    teacher,
    overview,
    reload: load,
    start,
    submit,
    resend: () => (queued ? send(queued) : Promise.resolve({ ok: false })),
  };
}

export type ExamSession = ReturnType<typeof useExamSession>;
