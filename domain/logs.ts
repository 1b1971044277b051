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

/**
 * What an audit row says was done: the server writes only these (server/services/audit.ts `LogEntry.action`), and
 * each has a label app.logs.actions.<action> in every locale (tests/console/i18n-keys.test.ts), so the logs list
 * never shows a code.
 */
export const LOG_ACTIONS = [
  'create',
  'update',
  'delete',
  'register',
  'activate',
  'deactivate',
  'approve',
  'unapprove',
  'change_password',
  'reset_password',
  'update_access',
  'create_admin',
  'import',
  'change_status',
  'temp_register',
  'region_approve',
  'region_decline',
  'admin_approve',
  'admin_decline',
  'import_students',
  'import_teachers',
  'enrol',
  'add_students',
  'remove_students',
  'assign_teacher',
  'leave_school',
  'assign',
  'finish',
  'rate',
  'confirm_score',
  'send_report',
  'reset_timer',
  'redo_test',
  'rescore',
  'link',
  'unlink',
  'restore',
  'dismiss',
  'image_upload',
  'image_delete',
  'model_upload',
  'model_delete',
] as const;
export type LogAction = (typeof LOG_ACTIONS)[number];

export const logActionLabelKey = (action: string) => `app.logs.actions.${action}`;
