import { eq, sql } from 'drizzle-orm';
import { checkSettings, type ScoringSettings } from '../../domain/scoring/engine';
import { MARGIN_RANGE } from '../../domain/marking/rubric';
import { CHALLENGE_COST_DEFAULT, isChallengeCost } from '../../domain/challenge';
import type { MessageKey } from '../../domain/messages';
import type { Executor } from '../db/client';
import { settings } from '../db/schema';

/** Settings and their defaults; the settings screen edits these values. */
export const SETTING_DEFAULTS = {
  /** sign-up asks for the proof-of-work challenge (field captcha) */
  register_captcha: false,
  /** the challenge's cost: the most tries a browser may need, half of it on average (domain/challenge.ts, docs/api/challenge.md) */
  challenge_cost: CHALLENGE_COST_DEFAULT as number,
  test_duration_seconds: 1800,
  /** originality: a subcategory given by under this share of a question's takers scores 2 (docs/SCORING.md) */
  originality_rare_percent: 1,
  /** originality: under this share (and at least the rare one) scores 1 */
  originality_uncommon_percent: 5,
  /** marking: two markings of a test whose totals differ by more than this go to a third marker (domain/marking) */
  marking_disagreement_margin: 3,
} as const;
export type SettingKey = keyof typeof SETTING_DEFAULTS;

export async function getSetting<K extends SettingKey>(db: Executor, key: K): Promise<(typeof SETTING_DEFAULTS)[K]> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return (row?.value ?? SETTING_DEFAULTS[key]) as (typeof SETTING_DEFAULTS)[K];
}

/** The originality thresholds the scoring engine uses now. */
export async function scoringSettings(db: Executor): Promise<ScoringSettings> {
  const [rarePercent, uncommonPercent] = await Promise.all([
    getSetting(db, 'originality_rare_percent'),
    getSetting(db, 'originality_uncommon_percent'),
  ]);
  return { rarePercent: Number(rarePercent), uncommonPercent: Number(uncommonPercent) };
}

/** Settings whose change makes every word score stale: changing one queues a rescore of every test. */
export const RESCORING_SETTINGS: readonly SettingKey[] = ['originality_rare_percent', 'originality_uncommon_percent'];

/**
 * Why a new value of a setting is refused (a message key), or null when it
 * is fine. `current` reads another setting's stored value, for rules that
 * join two settings (0 ≤ rare ≤ uncommon ≤ 100).
 */
export async function settingValueError(db: Executor, key: string, value: unknown): Promise<MessageKey | null> {
  if (!(key in SETTING_DEFAULTS)) return 'app.validation.invalid';
  const expected = typeof SETTING_DEFAULTS[key as SettingKey];
  if (key === 'originality_rare_percent' || key === 'originality_uncommon_percent') {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 100)
      return 'app.scores.percentRange';
    const current = await scoringSettings(db);
    const next =
      key === 'originality_rare_percent' ? { ...current, rarePercent: value } : { ...current, uncommonPercent: value };
    try {
      checkSettings(next);
    } catch {
      return 'app.scores.thresholdOrder';
    }
    return null;
  }
  if (key === 'challenge_cost') return isChallengeCost(value) ? null : 'app.errors.challengeCostRange';
  if (key === 'marking_disagreement_margin') {
    return typeof value === 'number' &&
      Number.isInteger(value) &&
      value >= MARGIN_RANGE.min &&
      value <= MARGIN_RANGE.max
      ? null
      : 'app.validation.invalid';
  }
  if (expected === 'number')
    return typeof value === 'number' && Number.isInteger(value) && value > 0 ? null : 'app.validation.invalid';
  return typeof value === expected ? null : 'app.validation.invalid';
}

/** Every stored setting, by key. */
export const storedSettings = (db: Executor) =>
  db.select({ id: settings.id, key: settings.key, value: settings.value }).from(settings).orderBy(settings.key);

/** A stored setting by id, or null. */
export async function settingById(db: Executor, id: number) {
  const [row] = await db.select().from(settings).where(eq(settings.id, id));
  return row ?? null;
}

/** Stores a setting's new value; answers the row. */
export async function updateSettingValue(db: Executor, id: number, value: unknown) {
  const [row] = await db
    .update(settings)
    .set({ value, updatedAt: sql`now()` })
    .where(eq(settings.id, id))
    .returning();
  return row;
}
