import * as codes from '../../domain/codes';
import { MESSAGES } from '../../domain/messages';
import {
  DEFAULT_ROLES,
  PERMISSION_GROUPS,
  PERMISSION_NAMES,
  SIDEBAR,
  SIDEBAR_SECTIONS,
  sectionLabelKey,
} from '../../domain/permissions';
import { LOG_ACTIONS, LOG_ENTITIES, logActionLabelKey, logEntityLabelKey } from '../../domain/logs';
import { flatten } from '../../src/i18n/app/nest';
import ar from '../../src/i18n/messages/ar';
import de from '../../src/i18n/messages/de';
import en from '../../src/i18n/messages/en';
import fr from '../../src/i18n/messages/fr';

/** Every locale has every key English has (react-admin's and ours), and the domain's keys are all there. */
const locales = { en: flatten(en), ar: flatten(ar), de: flatten(de), fr: flatten(fr) };
const english = locales.en;

/** Label keys of every code list exported by domain/codes.ts. */
const codeKeys = (Object.values(codes) as unknown[])
  .filter(
    (v): v is readonly { labelKey: string }[] =>
      Array.isArray(v) && v.every((c) => c && typeof c.labelKey === 'string'),
  )
  .flatMap((list) => list.map((c) => c.labelKey));

const domainKeys = [
  ...new Set([
    ...codeKeys,
    ...SIDEBAR.map((i) => i.labelKey),
    ...SIDEBAR_SECTIONS.filter((s) => !('flat' in s)).map((s) => sectionLabelKey(s.id)),
    ...Object.keys(MESSAGES),
    ...PERMISSION_NAMES.map((p) => `app.permissions.${p}`),
    ...Object.keys(PERMISSION_GROUPS).map((g) => `app.permissionGroups.${g}`),
    ...Object.keys(DEFAULT_ROLES).map((r) => `app.roles.${r}`),
    ...LOG_ENTITIES.map(logEntityLabelKey),
    ...LOG_ACTIONS.map(logActionLabelKey),
  ]),
];

const placeholders = (text: string) => [...new Set(text.match(/%\{\w+\}/g) ?? [])].sort();

describe('message keys', () => {
  it('finds the domain code lists', () => {
    expect(codeKeys).toContain('app.codes.country.EG');
    expect(codeKeys).toContain('app.codes.hours');
    expect(domainKeys.length).toBeGreaterThan(150);
  });

  it('English builds app.validation/errors/auth/notify from domain MESSAGES', () => {
    for (const [key, text] of Object.entries(MESSAGES)) expect(english[key]).toBe(text);
  });

  it.each(Object.keys(locales))('%s has every domain key', (locale) => {
    const missing = domainKeys.filter((k) => !(k in locales[locale as keyof typeof locales]));
    expect(missing).toEqual([]);
  });

  it.each(['ar', 'de', 'fr'] as const)('%s has exactly the keys English has, app keys included', (locale) => {
    const keys = locales[locale];
    expect(Object.keys(english).filter((k) => !(k in keys))).toEqual([]);
    expect(Object.keys(keys).filter((k) => !(k in english))).toEqual([]);
    expect(Object.keys(english).some((k) => k.startsWith('app.'))).toBe(true);
  });

  it.each(['ar', 'de', 'fr'] as const)('%s keeps the placeholders of every app message', (locale) => {
    const wrong = Object.keys(english)
      .filter((k) => k.startsWith('app.') || k.startsWith('resources.'))
      .filter((k) => {
        const theirs = locales[locale][k].split('||||').flatMap(placeholders);
        return placeholders(english[k]).some((p) => !theirs.includes(p));
      });
    expect(wrong).toEqual([]);
  });

  it('Arabic gives six plural forms wherever English has plural forms', () => {
    const plural = Object.keys(english).filter((k) => english[k].includes('||||'));
    expect(plural).toContain('app.codes.hours');
    expect(plural).toContain('resources.users.name');
    const short = plural.filter((k) => locales.ar[k].split('||||').length !== 6);
    expect(short).toEqual([]);
    for (const locale of ['de', 'fr'] as const) {
      expect(plural.filter((k) => locales[locale][k].split('||||').length !== 2)).toEqual([]);
    }
  });

  it('no locale leaves an app message empty', () => {
    for (const [locale, keys] of Object.entries(locales)) {
      const empty = Object.entries(keys).filter(([k, v]) => k.startsWith('app.') && !v.trim());
      expect([locale, empty]).toEqual([locale, []]);
    }
  });
});
