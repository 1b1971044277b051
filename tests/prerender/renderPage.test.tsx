import { describe, expect, it } from 'vitest';
import {
  LIGHT_PATHS,
  LOCALES,
  PRERENDERED_PUBLIC_PATHS,
  renderLightPage,
  renderPublicPage,
} from '../../src/prerender/renderPage';
import { flatten } from '../../src/i18n/app/nest';

type PagePath = (typeof LIGHT_PATHS)[number] | (typeof PRERENDERED_PUBLIC_PATHS)[number];

/** The heading each page shows (its h1), and the message area it comes from (none: the foundation). */
const TITLE: Record<PagePath, { key: string; area?: string }> = {
  '/login': { key: 'app.login.title' },
  '/register': { key: 'app.register.title' },
  '/reset-password/:token': { key: 'app.reset.title' },
  '/404': { key: 'app.errors.notFound' },
  '/exam-page': { key: 'app.exams.landing.title', area: 'exams' },
  '/guest-register': { key: 'app.exams.guest.title', area: 'exams' },
  '/order-neomi-kit': { key: 'app.public.pageTitle', area: 'public' },
};

/** A page's title in a language, from the messages the page loads (the foundation's, or its area's). */
const titleOf = async (pagePath: PagePath, locale: string) => {
  const { key, area } = TITLE[pagePath];
  const file = area ? `../../src/i18n/areas/${area}/${locale}.ts` : `../../src/i18n/foundation/${locale}.ts`;
  return flatten((await import(file)).default)[key].replace(/'/g, '&#x27;');
};

const PAGES = [
  ...LIGHT_PATHS.map((pagePath) => ({ pagePath, render: renderLightPage })),
  ...PRERENDERED_PUBLIC_PATHS.map((pagePath) => ({ pagePath, render: renderPublicPage })),
];

/*
 * The pages as the build renders them in Node (src/prerender/renderPage.tsx), before scripts/prerenderPages.ts writes
 * them into dist/: every page in every language, whole (no part left to the scripts), with the styles of its direction
 * and no inline script, which the Content-Security-Policy would block.
 */
describe.each(LOCALES)('the pages prerendered in %s', (locale) => {
  it.each(PAGES)('$pagePath', async ({ pagePath, render }) => {
    const { html, styles } = await render(pagePath.replace(':token', 'a1b2'), locale);
    expect(html).toContain(await titleOf(pagePath, locale));
    // every Suspense boundary complete: <!--$?--> (pending) or <!--$!--> (left to the browser) would show a spinner
    expect(html).not.toMatch(/<!--\$[?!]-->/);
    expect(html).not.toContain('<script');
    // no spinner in place of the page (react-admin's i18n context renders nothing until its store has the locale)
    expect(html).not.toContain('MuiCircularProgress');
    // the emotion cache of the language's direction (src/styleCache.tsx), whose styles the browser's cache takes over
    // where they stand (data-rendered-styles), but for the <Global>'s (CssBaseline's), which emotion's <Global> does
    const key = locale === 'ar' ? 'muirtl' : 'mui';
    expect(html).toMatch(new RegExp(`class="[^"]*\\b${key}-[a-z0-9]+`));
    expect(styles).toMatch(
      new RegExp(
        `^<style data-emotion="${key}-global [a-z0-9]+" data-s="">.*</style><style data-rendered-styles="${key} `,
      ),
    );
    // every style the render made, not only those of the elements in the HTML: the browser's hydration makes none
    // again (src/prerender/renderPage.tsx render). Each page has one at least: the spinner of its lazy part, which
    // the render met before the part loaded, and which the HTML does not hold (above)
    const ids = [...styles.matchAll(new RegExp(`data-rendered-styles="${key} ([^"]*)"`, 'g'))].flatMap((m) =>
      m[1].split(' '),
    );
    expect(ids.filter((id) => !html.includes(`${key}-${id}`)).length).toBeGreaterThan(0);
    // and every class of the HTML among them, the class of a styled part with no styles too (`${key}-0`, which emotion
    // would write as a <Global>'s), and the spinner's keyframes, which the browser's cache, not a <Global>, makes
    const classIds = [...html.matchAll(new RegExp(`\\b${key}-([a-zA-Z0-9_-]+)`, 'g'))].map((m) => m[1]);
    expect(classIds.filter((id) => !ids.includes(id))).toEqual([]);
    expect(ids.filter((id) => id.startsWith('animation-')).length).toBeGreaterThan(0);
    expect(styles).not.toMatch(new RegExp(`data-emotion="${key}-global (0|animation-)`));
    // right to left in Arabic: the stylis RTL plugin flipped the sides, as of the password's show button, at its end
    if (html.includes('MuiInputAdornment')) {
      const side = /MuiInputAdornment-root\{[^}]*margin-(left|right):8px/.exec(styles)?.[1];
      expect(side).toBe(locale === 'ar' ? 'right' : 'left');
    }
  });
});
