import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SETTING_KEYS, SETTINGS, type SettingKey } from '../../domain/schemas/settings';
import { settings } from '../../server/db/schema';
import { withApp } from './support/withApp';

/**
 * The settings screen's calls (docs/API.md "Roles, logs, settings"): every setting of the table is listed, and a new
 * value outside the setting's range (domain/schemas/settings.ts) answers 400 with the setting's message key and
 * changes nothing.
 */
const t = withApp();

const listed = async (): Promise<{ id: number; key: string; value: unknown }[]> =>
  (await t.post('/api/setting/index', {}, 'admin')).json().settings;
const idOf = async (key: SettingKey) => (await listed()).find((s) => s.key === key)!.id;
const stored = async (key: SettingKey) =>
  (await t.db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)))[0].value;
const change = async (key: SettingKey, value: unknown, as = 'admin') =>
  t.post(`/api/setting/change/${await idOf(key)}`, { value }, as);

describe('settings', () => {
  it('lists every setting of the catalogue with its default', async () => {
    const rows = await listed();
    expect(rows.map((s) => s.key).sort()).toEqual([...SETTING_KEYS].sort());
    for (const key of SETTING_KEYS) expect(rows.find((s) => s.key === key)!.value).toEqual(SETTINGS[key].default);
  });

  const refused: [SettingKey, unknown, string][] = [
    ['register_captcha', 1, 'app.settings.onOrOff'],
    ['register_captcha', 'yes', 'app.settings.onOrOff'],
    ['challenge_cost', 999, 'app.errors.challengeCostRange'],
    ['challenge_cost', 200_001, 'app.errors.challengeCostRange'],
    ['test_duration_seconds', 59, 'app.settings.durationRange'],
    ['test_duration_seconds', 4 * 3600 + 1, 'app.settings.durationRange'],
    ['test_duration_seconds', 90.5, 'app.settings.durationRange'],
    ['test_duration_seconds', '1800', 'app.settings.durationRange'],
    ['originality_rare_percent', -0.1, 'app.scores.percentRange'],
    ['originality_uncommon_percent', 100.5, 'app.scores.percentRange'],
    ['originality_rare_percent', 6, 'app.scores.thresholdOrder'],
    ['marking_disagreement_margin', 1001, 'app.settings.marginRange'],
    ['marking_disagreement_margin', -1, 'app.settings.marginRange'],
    ['marking_disagreement_margin', null, 'app.settings.marginRange'],
  ];
  it.each(refused)('%s = %j is refused with %s and nothing changes', async (key, value, message) => {
    const before = await stored(key);
    const res = await change(key, value);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ key: message, errors: { value: message } });
    expect(await stored(key)).toEqual(before);
  });

  it('takes each end of each range, and the English text of a refusal', async () => {
    expect((await change('test_duration_seconds', 60)).json().setting.value).toBe(60);
    expect((await change('test_duration_seconds', 14_400)).json().setting.value).toBe(14_400);
    expect(await stored('test_duration_seconds')).toBe(14_400);
    expect((await change('marking_disagreement_margin', 0)).json().setting.value).toBe(0);
    expect((await change('marking_disagreement_margin', 1000)).json().setting.value).toBe(1000);
    expect((await change('register_captcha', true)).json().setting.value).toBe(true);
    expect((await change('register_captcha', false)).json().setting.value).toBe(false);
    expect((await change('originality_uncommon_percent', 7.5)).json().setting.value).toBe(7.5);
    const res = await change('test_duration_seconds', 10);
    expect(res.json().message).toBe('The test duration must be a whole number of seconds from 60 to 14400');
    // the duration read by the test-taking calls is the setting
    await change('test_duration_seconds', 1800);
    expect((await t.get('/api/test/time', 'teacher')).json().time).toBe(1800);
  });

  it('needs access_settings, and an unknown id is 404', async () => {
    expect((await t.post('/api/setting/index', {}, 'school')).statusCode).toBe(403);
    expect((await change('test_duration_seconds', 900, 'region')).statusCode).toBe(403);
    expect(await stored('test_duration_seconds')).toBe(1800);
    expect((await t.post('/api/setting/change/999999', { value: 1 }, 'admin')).statusCode).toBe(404);
  });
});
