import { describe, expect } from 'vitest';
import { DEMO_TAKERS } from '../../server/seed/marking';
import { screenshot } from './support/browser';
import { collectErrors, LoginForm, Sidebar, test } from './support/harness';

/**
 * Marking in Arabic, as the demo marker: the tests to mark listed by code,
 * a whole test marked in the speed grader (by keyboard and by clicks),
 * finishing refused until every drawing is assessed, then accepted; the
 * child's name appears nowhere, neither on the pages nor in any answer the
 * API sent.
 */
/** The names and birth dates of the demo learners who took a test: none may reach a marker. */
const CHILD_NAMES = [...DEMO_TAKERS.map((t) => t.name), 'Yousef', 'Laila', '2016-04-12', '2018-09-30'];

describe('marking in Arabic', () => {
  test('marks a whole test: finishing is refused until every drawing is assessed, and no child is named', async ({
    newPage,
  }) => {
    const page = await newPage('ar');
    // the refused finish (400) is logged by the browser as a failed resource: expected here, and not counted
    const pageErrors = collectErrors(page);
    const apiBodies: string[] = [];
    page.on('response', async (response) => {
      if (!response.url().includes('/api/') || !(response.headers()['content-type'] ?? '').includes('json')) return;
      apiBodies.push(await response.text().catch(() => ''));
    });
    // signed in here, not with signedIn: every answer the API sends the marker is read, the first ones too
    await new LoginForm(page, 'ar').signInAs('marker');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await new Sidebar(page, 'ar').open('اختبارات للتصحيح');
    await page.waitForURL('**/pre-neomi');
    await page.getByRole('heading', { level: 1, name: 'اختبارات للتصحيح' }).waitFor();
    const rows = page.getByTestId('marking-row');
    await expect.poll(() => rows.count()).toBe(DEMO_TAKERS.length);
    await expect(rows.first().textContent()).resolves.toMatch(/NT-[A-Z2-9]{8}/);
    await expect(rows.first().textContent()).resolves.toContain('صُحّح 0 من 3');
    await screenshot(page, 'marking-queue-ar');
    const code = (await rows.first().locator('td').first().textContent())!.trim();

    await rows.first().getByRole('link', { name: 'تصحيح' }).click();
    await page.waitForURL('**/mark-neomi-test/*');
    await page.getByRole('heading', { level: 1, name: `الاختبار ${code}` }).waitFor();
    const count = page.getByTestId('marked-count');
    await expect.poll(() => count.textContent()).toBe('صُحّح 0 من 3');
    // the drawing is shown (fetched with the token from the marker's own route)
    await page.getByRole('img', { name: 'الرسمة 1' }).waitFor();
    await expect
      .poll(() => page.getByRole('img', { name: 'الرسمة 1' }).evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);

    // drawing 1 by keyboard: a digit scores the focused item, ↓ moves to the next item
    for (const [i, key] of ['2', '3', '1', '0'].entries()) {
      if (i) await page.keyboard.press('ArrowDown');
      await page.keyboard.press(key);
    }
    await expect.poll(() => count.textContent()).toBe('صُحّح 1 من 3');
    await screenshot(page, 'marking-grader-ar');

    // finishing now is refused by the server, with its message in Arabic
    await page.getByRole('button', { name: 'إنهاء التصحيح' }).click();
    await page.getByText('يجب تصحيح الاختبار كاملًا').first().waitFor();
    await screenshot(page, 'marking-refused-ar');
    expect(page.url()).toContain('/mark-neomi-test/');

    // drawings 2 and 3 by clicks (← is "next" in right-to-left)
    for (const n of [2, 3]) {
      await page.keyboard.press('ArrowLeft');
      await page.getByText(`الرسمة ${n} من 3`).waitFor();
      for (const [item, value] of [
        ['الأصالة', 1],
        ['التفاصيل', 2],
        ['مقاومة الإغلاق', 2],
        ['العنوان', 1],
      ] as const) {
        await page.getByRole('button', { name: `${item} ${value}`, exact: true }).click();
      }
      await expect.poll(() => count.textContent()).toBe(`صُحّح ${n} من 3`);
    }
    await page.getByRole('button', { name: 'إنهاء التصحيح' }).click();
    await page.waitForURL('**/corrected-exams');
    await page.getByRole('heading', { level: 1, name: 'الاختبارات المصححة' }).waitFor();
    await page.getByRole('cell', { name: code }).waitFor();
    await expect(page.getByTestId('marking-row').first().textContent()).resolves.toContain('صُحّح 3 من 3');
    await screenshot(page, 'marking-corrected-ar');

    // no learner's name or birth date anywhere: pages and API answers
    const shown = await page.evaluate(() => document.body.innerText);
    for (const name of CHILD_NAMES) {
      expect(shown).not.toContain(name);
      for (const body of apiBodies) expect(body).not.toContain(name);
    }
    expect(apiBodies.length).toBeGreaterThan(5);
    expect(pageErrors).toEqual([]);
  }, 180_000);

  test('shows beside each drawing the titles the child typed, and says when there is none (desktop and phone)', async ({
    signedIn,
  }) => {
    const page = await signedIn('marker', 'ar');
    await page.goto('/pre-neomi');
    const rows = page.getByTestId('marking-row');
    await rows.first().waitFor();
    await rows.first().getByRole('link', { name: 'تصحيح' }).click();
    await page.waitForURL('**/mark-neomi-test/*');
    // the demo learner named the stage-1 drawing «شمس» (server/seed/marking.ts)
    const titles = page.getByTestId('drawing-titles');
    await titles.getByRole('heading', { name: 'العناوين التي كتبها الطفل' }).waitFor();
    await titles.getByText('شمس', { exact: true }).waitFor();
    await screenshot(page, 'marking-titles-ar');
    await page.setViewportSize({ width: 390, height: 844 });
    await titles.getByText('شمس', { exact: true }).waitFor();
    await screenshot(page, 'marking-titles-phone-ar');
    // the second drawing has no typed title: the marker is told so
    await page.keyboard.press('ArrowLeft');
    await page.getByText('الرسمة 2 من 3').waitFor();
    await titles.getByText('لم يكتب الطفل عنوانًا لهذه الرسمة.').waitFor();
  }, 120_000);
});

describe('pages one may not open, in Arabic', () => {
  test('a forbidden page and a record that does not exist show a translated state, not a spinner', async ({
    signedIn,
  }) => {
    const page = await signedIn('teacher', 'ar');
    const answers: number[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/users/to/mark')) answers.push(r.status());
    });
    // the marker's queue answers a teacher 403: asked once, then the state (no retries, no spinner)
    await page.goto('/pre-neomi');
    const forbidden = page.getByRole('heading', { level: 1, name: 'ليست لديك صلاحية الوصول إلى هذه الصفحة' });
    await forbidden.waitFor();
    await page.getByRole('alert').filter({ hasText: 'لا يسمح حسابك بفتح هذه الصفحة' }).waitFor();
    expect(await page.locator('main').getByRole('progressbar').count()).toBe(0);
    expect(answers).toEqual([403]);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('link', { name: 'العودة إلى الصفحة الرئيسية' }).waitFor();
    await screenshot(page, 'page-state-forbidden-ar');
    await page.setViewportSize({ width: 390, height: 844 });
    // on a phone the sidebar becomes a modal drawer that hides the page from the accessibility tree while it is
    // mounted: the heading is looked for as an element here
    await page.keyboard.press('Escape');
    await page.locator('h1', { hasText: 'ليست لديك صلاحية الوصول إلى هذه الصفحة' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'page-state-forbidden-phone-ar');
    await page.setViewportSize({ width: 1280, height: 860 });

    // a resource page whose record does not exist (react-admin's show page)
    await page.goto('/groups/999999/show');
    await page.getByRole('heading', { level: 1, name: 'لم نجد هذه الصفحة' }).waitFor();
    await screenshot(page, 'page-state-not-found-ar');
    // the way back leaves the state: the overview opens
    await page.getByRole('link', { name: 'العودة إلى الصفحة الرئيسية' }).click();
    await page.waitForURL('**/overview');
    expect(await page.getByRole('heading', { name: 'لم نجد هذه الصفحة' }).count()).toBe(0);
  }, 120_000);

  test('a marker opening a test that is not theirs (a page that loads in an effect) is told it was not found', async ({
    signedIn,
  }) => {
    const page = await signedIn('marker', 'ar');
    await page.goto('/mark-neomi-test/999999');
    await page.getByRole('heading', { level: 1, name: 'لم نجد هذه الصفحة' }).waitFor();
    expect(await page.getByTestId('speed-grader').count()).toBe(0);
  }, 120_000);
});
