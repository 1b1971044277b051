import { CORE_MESSAGES } from './core';
import { FILE_MESSAGES } from './files';
import { TEACHING_MESSAGES } from './teaching';
import { EXAM_MESSAGES } from './exams';
import { PUBLIC_MESSAGES } from './public';
import { ACTIVITY_MESSAGES } from './activities';
import { SCORING_MESSAGES } from './scoring';
import { SCHOOL_MESSAGES } from './schools';
import { REPORT_MESSAGES } from './reports';
import { MARKING_MESSAGES } from './marking';
import { SETTINGS_MESSAGES } from './settings';
import { JOB_MESSAGES } from './jobs';
import { RELIABILITY_MESSAGES } from './reliability';

/**
 * Message keys that both sides use (validation and API errors), with their
 * English text, one file per area. The server answers with the key and this
 * text; the console shows the key in the user's language (src/i18n builds
 * `en` from this map; the other locales translate every key, checked by
 * tests/console/i18n-keys.test.ts).
 */
export const MESSAGES = {
  ...CORE_MESSAGES,
  ...FILE_MESSAGES,
  ...TEACHING_MESSAGES,
  ...EXAM_MESSAGES,
  ...PUBLIC_MESSAGES,
  ...ACTIVITY_MESSAGES,
  ...SCORING_MESSAGES,
  ...SCHOOL_MESSAGES,
  ...REPORT_MESSAGES,
  ...MARKING_MESSAGES,
  ...SETTINGS_MESSAGES,
  ...JOB_MESSAGES,
  ...RELIABILITY_MESSAGES,
} as const;

export type MessageKey = keyof typeof MESSAGES;

export const messageText = (key: string): string => (MESSAGES as Record<string, string>)[key] ?? key;
