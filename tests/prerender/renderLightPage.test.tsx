import { describe, expect, it } from 'vitest';
import { LIGHT_PATHS, LOCALES, renderLightPage } from '../../src/prerender/renderLightPage';
import { flatten } from '../../src/i18n/app/nest';

/** The foundation messages of a language (what the light pages load), flat: app.login.title → its text. */
const messagesOf = async (locale: string) =>
  flatten((await import(`../../src/i18n/foundation/${locale}.ts`)).default) as Record<string, string>;

/** The heading each light page shows (its h1). */
const TITLE_KEY: Record<(typeof LIGHT_PATHS)[number], string> = {
  '/login': 'app.login.title',
  '/register': 'app.register.title',
  '/reset-password/:token': 'app.reset.title',
  '/404': 'app.errors.notFound',
};

/*
 * The light pages as the build renders them in Node (src/prerender/renderLightPage.tsx), before scripts/
 * prerenderLightPages.ts writes them into dist/: every page in every language, whole (no part left to the scripts),
 * with the styles of its direction and no inline script, which the Content-Security-Policy would block.
 */
describe.each(LOCALES)('the light pages prerendered in %s', (locale) => {
  it.each(LIGHT_PATHS)('%s', async (lightPath) => {
    const messages = await messagesOf(locale);
    const { html, styles } = await renderLightPage(lightPath.replace(':token', 'a1b2'), locale);
    expect(html).toContain(messages[TITLE_KEY[lightPath]].replace(/'/g, '&#x27;'));
    // every Suspense boundary complete: <!--$?--> (pending) or <!--$!--> (left to the browser) would show a spinner
    expect(html).not.toMatch(/<!--\$[?!]-->/);
    expect(html).not.toContain('<script');
    // the emotion cache of the language's direction (src/theme.ts), whose styles the browser's cache takes over
    const key = locale === 'ar' ? 'muirtl' : 'mui';
    expect(html).toMatch(new RegExp(`class="[^"]*\\b${key}-[a-z0-9]+`));
    expect(styles).toContain(`<style data-emotion="${key} `);
    // right to left in Arabic: the stylis RTL plugin flipped the sides, as of the password's show button, at its end
    if (lightPath !== '/404') {
      const side = /MuiInputAdornment-root\{[^}]*margin-(left|right):8px/.exec(styles)?.[1];
      expect(side).toBe(locale === 'ar' ? 'right' : 'left');
    }
  });
});
