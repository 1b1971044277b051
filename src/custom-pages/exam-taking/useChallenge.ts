import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { checkExamKept } from './useExamSession';

/**
 * The challenge shown: ?challenge=n, else the first challenge of the exam
 * type the learner has not finished (1 when all are).
 */
export function useChallenge(studentId: number | null, examType: number) {
  const [params, setParams] = useSearchParams();
  const given = Number(params.get('challenge'));
  const [fallback, setFallback] = useState<number | null>(null);
  useEffect(() => {
    if ([1, 2, 3].includes(given) || !studentId) return;
    let live = true;
    // from the device when the server cannot be reached (a reload offline: docs/api/exams.md "The exam offline")
    checkExamKept(studentId)
      .then(({ exams }) => {
        const open = exams.find((e) => e.exam_type === examType && e.status !== 'finished');
        if (live) setFallback(open?.challenge ?? 1);
      })
      .catch(() => live && setFallback(1));
    return () => {
      live = false;
    };
  }, [given, studentId, examType]);
  const challenge = [1, 2, 3].includes(given) ? given : fallback;
  const pick = (c: number) =>
    setParams(
      (p) => {
        p.set('challenge', String(c));
        return p;
      },
      { replace: true },
    );
  return { challenge, pick };
}
