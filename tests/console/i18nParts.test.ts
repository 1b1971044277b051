import fs from 'node:fs';
import path from 'node:path';
import { flatten } from '../../src/i18n/app/nest';
import {
  buildI18nProvider,
  currentMessagesVersion,
  loadMessages,
  needAreas,
  startWithAreas,
  wantAllMessages,
} from '../../src/i18n';
import { LOCALES } from '../../src/i18n/locales';
import { PUBLIC_PAGE_AREAS, publicAreasOf } from '../../src/publicPaths';

/*
 * A first visit to a public page loads the foundation's messages and its areas' only (src/i18n/index.ts,
 * src/publicPaths.ts PUBLIC_PAGE_AREAS); the console all of them. Nothing is lost in the split, and a key the
 * loaded part lacks brings the rest.
 */
const AREAS = path.resolve(__dirname, '../../src/i18n/areas');

describe('messages in parts', () => {
  // first: the other tests load every message, which stay loaded in this file's modules
  it('starts /login without the areas; a page naming an area loads it; a key outside brings every message', async () => {
    startWithAreas(publicAreasOf('/login'));
    const provider = buildI18nProvider('ar', await loadMessages('ar', publicAreasOf('/login')));
    const whole = flatten(await import('../../src/i18n/messages/ar').then((m) => m.default));
    // the foundation's texts are there at once
    expect(provider.translate('app.login.title')).toBe(whole['app.login.title']);
    // the kit order page's area is not loaded yet, then is once the page asks for it
    expect(flatten(await loadMessages('ar', publicAreasOf('/login')))).not.toHaveProperty(['app.public.pageTitle']);
    const version = currentMessagesVersion();
    await needAreas(PUBLIC_PAGE_AREAS['/order-neomi-kit']);
    expect(needAreas(PUBLIC_PAGE_AREAS['/order-neomi-kit'])).toBeUndefined();
    expect(provider.translate('app.public.pageTitle')).toBe(whole['app.public.pageTitle']);
    expect(currentMessagesVersion()).toBeGreaterThan(version);
    // a key of an area no public page names (marking): the rest loads, and the text is there once it has
    expect(provider.translate('app.marking.title', { _: 'default' })).toBe('default');
    await wantAllMessages();
    expect(provider.translate('app.marking.title')).toBe(whole['app.marking.title']);
    expect(needAreas(['exams'])).toBeUndefined();
  });
  it('the foundation and every area make exactly the whole set, in every locale', async () => {
    for (const locale of LOCALES) {
      const areas = fs.readdirSync(AREAS).filter((a) => fs.statSync(path.join(AREAS, a)).isDirectory());
      const whole = flatten(await loadMessages(locale, 'all'));
      const foundation = flatten((await import(`../../src/i18n/foundation/${locale}.ts`)).default);
      // the foundation is a part of the whole, and much smaller
      expect(
        Object.keys(foundation).every((k) => k in whole),
        locale,
      ).toBe(true);
      expect(Object.keys(foundation).length, locale).toBeLessThan(Object.keys(whole).length * 0.75);
      const parts = { ...foundation };
      for (const area of areas) {
        const file = path.join(AREAS, area, `${locale}.ts`);
        if (fs.existsSync(file)) Object.assign(parts, flatten((await import(file)).default));
      }
      expect(parts, locale).toEqual(whole);
    }
  });

  it('names for each public page areas that exist in all four locales', () => {
    for (const [page, areas] of Object.entries(PUBLIC_PAGE_AREAS))
      for (const area of areas)
        for (const locale of LOCALES)
          expect(fs.existsSync(path.join(AREAS, area, `${locale}.ts`)), `${page}: ${area}/${locale}`).toBe(true);
    expect(publicAreasOf('/login')).toEqual([]);
    expect(publicAreasOf('/guest-report/abc')).toEqual(['exams', 'reports', 'learnerResults']);
    expect(publicAreasOf('/overview')).toEqual([]);
  });
});
