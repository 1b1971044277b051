/**
 * What an audit log row can be about: the server writes these (server/services/audit.ts),
 * the logs list filters by them, and each has a label app.logs.entities.<entity> in every
 * locale (tests/console/i18n-keys.test.ts). A new kind of row is added here, once.
 */
export const LOG_ENTITIES = [
  'user',
  'role',
  'permission',
  'child',
  'setting',
  'course',
  'lesson',
  'lesson_activity',
  'group',
  'course_request',
  'certificate',
  'activity',
  'evaluation',
  'feedback',
  'region',
  'school',
  'school_class',
  'seat_request',
  'kit_order',
  'form',
  'exam',
  'exam_question',
  'exam_answer',
  'question_set',
  'category',
  'category_set',
  'category_word',
  'scoring_job',
  'marking_allocation',
  'marking',
] as const;
export type LogEntity = (typeof LOG_ENTITIES)[number];

export const logEntityLabelKey = (entity: LogEntity) => `app.logs.entities.${entity}`;
