import { describe, expect } from 'vitest';
import { PAGE_SESSION_COOKIE } from '../../domain/pageSessionCookie';
import { LoginForm, Sidebar, test } from './support/harness';

/**
 * The family's page session in the browser (docs/SECURITY.md "The page session cookie"): the console's own sign-in
 * leaves the cookie, which no script reads and every page load carries, and the console's sign-out takes it away.
 */
describe("the family's page session", () => {
  test("the console's sign-in keeps an HttpOnly cookie that a page load carries; its sign-out removes it", async ({
    newPage,
  }) => {
    const page = await newPage('ar');
    await new LoginForm(page, 'ar').signInAs('student');
    const cookie = (await page.context().cookies()).find((c) => c.name === PAGE_SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: false });
    // the session's own token, out of reach of the page's scripts
    expect(cookie!.value).toBe(await page.evaluate(() => localStorage.getItem('neomi.token')));
    expect(await page.evaluate(() => document.cookie)).not.toContain(PAGE_SESSION_COOKIE);

    // a load of a family's page sends it, as the server's render will read it
    const navigation = page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname === '/profile');
    await page.goto('/profile');
    expect((await (await navigation).allHeaders()).cookie).toContain(`${PAGE_SESSION_COOKIE}=${cookie!.value}`);

    await page.goto('/overview');
    await new Sidebar(page, 'ar').item('تسجيل الخروج').click();
    await page.waitForURL('**/login');
    await expect
      .poll(async () => (await page.context().cookies()).map((c) => c.name))
      .not.toContain(PAGE_SESSION_COOKIE);
  });
});
