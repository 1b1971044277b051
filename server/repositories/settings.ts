import { eq, sql } from 'drizzle-orm';
import type { ScoringSettings } from '../../domain/scoring/engine';
import { SETTING_DEFAULTS, type SettingKey, settingProblem } from '../../domain/schemas/settings';
import type { MessageKey } from '../../domain/messages';
import type { Executor } from '../db/client';
import { settings } from '../db/schema';

/** Settings, their defaults and allowed ranges: domain/schemas/settings.ts (the settings screen edits them). */
export { SETTING_DEFAULTS, type SettingKey };

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
 * Why a new value of a setting is refused (a message key), or null when it is fine: the setting's schema in
 * domain/schemas/settings.ts, and the rule joining the two originality thresholds (read from the stored values).
 */
export async function settingValueError(db: Executor, key: string, value: unknown): Promise<MessageKey | null> {
  const current = await scoringSettings(db);
  return settingProblem(key, value, {
    originality_rare_percent: current.rarePercent,
    originality_uncommon_percent: current.uncommonPercent,
  }) as MessageKey | null;
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
