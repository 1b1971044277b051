import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { settings } from '../db/schema';

/** Settings and their defaults; the settings screen edits these values. */
export const SETTING_DEFAULTS = {
  register_captcha: false,
  test_duration_seconds: 1800,
} as const;
export type SettingKey = keyof typeof SETTING_DEFAULTS;

export async function getSetting<K extends SettingKey>(db: Executor, key: K): Promise<(typeof SETTING_DEFAULTS)[K]> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return (row?.value ?? SETTING_DEFAULTS[key]) as (typeof SETTING_DEFAULTS)[K];
}
