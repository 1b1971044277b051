import { useTranslate } from 'react-admin';
import { CHALLENGES, EXAM_TYPES } from '../../../domain/exams';

const labelOf = (list: readonly { id: number | string; labelKey: string }[], id: number) =>
  list.find((c) => c.id === id)?.labelKey ?? String(id);

/** "Pre-test · Challenge 1": a test's type and challenge in the user's language. */
export const useTestLabel = () => {
  const translate = useTranslate();
  return (test: { exam_type: number; challenge: number }) =>
    `${translate(labelOf(EXAM_TYPES, test.exam_type))} · ${translate(labelOf(CHALLENGES, test.challenge))}`;
};
