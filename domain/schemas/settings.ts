import { z } from 'zod';
import { CHALLENGE_COST_DEFAULT, CHALLENGE_COST_RANGE } from '../challenge';
import { MAX_TEST_SECONDS, MIN_TEST_SECONDS } from '../exams';
import { MARGIN_RANGE } from '../marking/rubric';
import { DEFAULT_SCORING_SETTINGS } from '../scoring/engine';

/**
 * The platform's settings (table `settings`, docs/API.md "Roles, logs, settings" and "Settings"): each one's default, its allowed range and the
 * schema that checks a new value. The server refuses a value its schema refuses (400, the schema's message key,
 * nothing changed); the settings screen shows the same range and checks the same schema as one types.
 */

export interface SettingRange {
  readonly min: number;
  readonly max: number;
}

/** How a setting's value reads: on/off, a whole number or a number with decimals, and its unit. */
export type SettingKind = 'boolean' | 'integer' | 'number';
export type SettingUnit = 'seconds' | 'percent' | 'points' | 'tries' | 'days';

interface SettingDefinition<V> {
  readonly kind: SettingKind;
  readonly default: V;
  readonly unit?: SettingUnit;
  readonly range?: SettingRange;
  readonly schema: z.ZodType<V>;
}

export const PERCENT_RANGE: SettingRange = { min: 0, max: 100 };
export const TEST_SECONDS_RANGE: SettingRange = { min: MIN_TEST_SECONDS, max: MAX_TEST_SECONDS };
/** How long a guest's tests are kept after their last activity: a week to ten years. */
export const GUEST_RETENTION_DAYS_RANGE: SettingRange = { min: 7, max: 3650 };

/** A whole number within `range`; anything else (text, decimals, true) is refused with `error`. */
const wholeIn = (range: SettingRange, error: string) =>
  z.number({ error }).int({ error }).min(range.min, { error }).max(range.max, { error });

const percent = () =>
  z
    .number({ error: 'app.scores.percentRange' })
    .min(PERCENT_RANGE.min, { error: 'app.scores.percentRange' })
    .max(PERCENT_RANGE.max, { error: 'app.scores.percentRange' });

const setting = <V>(definition: SettingDefinition<V>) => definition;

export const SETTINGS = {
  /** sign-up asks for the proof-of-work challenge (field captcha), docs/api/challenge.md */
  register_captcha: setting<boolean>({
    kind: 'boolean',
    default: false,
    schema: z.boolean({ error: 'app.settings.onOrOff' }),
  }),
  /** the challenge's cost: the most tries a browser may need, half of it on average (domain/challenge.ts) */
  challenge_cost: setting<number>({
    kind: 'integer',
    unit: 'tries',
    default: CHALLENGE_COST_DEFAULT,
    range: CHALLENGE_COST_RANGE,
    schema: wholeIn(CHALLENGE_COST_RANGE, 'app.errors.challengeCostRange'),
  }),
  /** the time a child has for one challenge of the test, from its start (docs/api/exams.md) */
  test_duration_seconds: setting<number>({
    kind: 'integer',
    unit: 'seconds',
    default: 1800,
    range: TEST_SECONDS_RANGE,
    schema: wholeIn(TEST_SECONDS_RANGE, 'app.settings.durationRange'),
  }),
  /** originality: a subcategory given by under this share of a question's takers scores 2 (docs/SCORING.md) */
  originality_rare_percent: setting<number>({
    kind: 'number',
    unit: 'percent',
    default: DEFAULT_SCORING_SETTINGS.rarePercent,
    range: PERCENT_RANGE,
    schema: percent(),
  }),
  /** originality: under this share (and at least the rare one) scores 1 */
  originality_uncommon_percent: setting<number>({
    kind: 'number',
    unit: 'percent',
    default: DEFAULT_SCORING_SETTINGS.uncommonPercent,
    range: PERCENT_RANGE,
    schema: percent(),
  }),
  /** marking: two markings of a test whose totals differ by more than this go to a third marker (domain/marking) */
  marking_disagreement_margin: setting<number>({
    kind: 'integer',
    unit: 'points',
    default: 3,
    range: MARGIN_RANGE,
    schema: wholeIn(MARGIN_RANGE, 'app.settings.marginRange'),
  }),
  /**
   * a guest (a walk-in test-taker, who has no password) and everything of theirs — learner, tests, drawings and
   * photos — are removed this many days after their last activity (docs/DEPLOY.md "Erasure")
   */
  guest_retention_days: setting<number>({
    kind: 'integer',
    unit: 'days',
    default: 365,
    range: GUEST_RETENTION_DAYS_RANGE,
    schema: wholeIn(GUEST_RETENTION_DAYS_RANGE, 'app.settings.retentionRange'),
  }),
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = (typeof SETTINGS)[K]['default'];
export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];
export const isSettingKey = (key: string): key is SettingKey => Object.hasOwn(SETTINGS, key);

/** Each setting's default, by key (seeded at start-up, read when a row is missing). */
export const SETTING_DEFAULTS = Object.fromEntries(SETTING_KEYS.map((k) => [k, SETTINGS[k].default])) as {
  readonly [K in SettingKey]: SettingValue<K>;
};

/** i18n keys of a setting's name and meaning on the settings screen. */
export const settingLabelKey = (key: SettingKey) => `app.settings.items.${key}.label`;
export const settingHelpKey = (key: SettingKey) => `app.settings.items.${key}.help`;

/**
 * Why `value` cannot be the new value of `key` (a message key), or null when it can. `others` are the values stored
 * now, for the rule that joins two settings: 0 ≤ rare ≤ uncommon ≤ 100 (the scoring engine's checkSettings).
 */
export function settingProblem(
  key: string,
  value: unknown,
  others: Partial<Record<SettingKey, unknown>> = {},
): string | null {
  if (!isSettingKey(key)) return 'app.settings.unknown';
  const parsed = SETTINGS[key].schema.safeParse(value);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'app.errors.badRequest';
  const rare = key === 'originality_rare_percent' ? value : others.originality_rare_percent;
  const uncommon = key === 'originality_uncommon_percent' ? value : others.originality_uncommon_percent;
  if (
    (key === 'originality_rare_percent' || key === 'originality_uncommon_percent') &&
    typeof rare === 'number' &&
    typeof uncommon === 'number' &&
    rare > uncommon
  )
    return 'app.scores.thresholdOrder';
  return null;
}

/** The settings screen's form for one setting: `{value}` checked by that setting's schema. */
export const settingFormSchema = (key: SettingKey) => z.object({ value: SETTINGS[key].schema });
