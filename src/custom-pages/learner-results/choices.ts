import { EXAM_TYPES } from '../../../domain/exams';

export { AGE_GROUPS, CHILD_GENDERS } from '../../../domain/codes';
export { CHALLENGES, EXAM_TYPES } from '../../../domain/exams';

/** The label key of a test (1 pre, 2 post). */
export const examTypeKey = (examType: number) =>
  EXAM_TYPES.find((t) => t.id === examType)?.labelKey ?? String(examType);
