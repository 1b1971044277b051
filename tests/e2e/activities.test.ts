import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { formatNumber } from '../../domain/format';
import { axeFindings, describeFindings } from './support/axe';
import { screenshot } from './support/browser';
import { chooseOption, collectErrors, holdScripts, LoginForm, Sidebar, test } from './support/harness';
import { PHONE, PHONE_CONTEXT, sidewaysOverflow, titleShownWhole } from './support/phone';

/**
 * In Arabic, the journey of a child's activity (issue 11 "What it must
 * show"): a family hands in an activity with a photo for a child in a
 * group; the teacher evaluates it (status, scores, badge); the family sees
 * the evaluation and can no longer change it; the admin's overview counts it
 * and draws its charts. Screenshots in test-results/screenshots/activities-*.png.
 */
const CHILD = 'ريم';
const TITLE = 'قلعة على القمر';
let activityId: number;

interface Counts {
  evaluations: number;
  groups: number;
  courses: number;
  students: number;
}
let before: Counts;
type Slice = { group_name: string; count: number };
type Months = { months: { count: number }[] };
let drawingABefore: number;
let thisMonthBefore: number;
const drawingA = (groups: Slice[]) => groups.find((g) => g.group_name === 'Drawing A')?.count ?? 0;

test.beforeAll(async ({ api }) => {
  const admin = await api('admin');
  before = await admin.call<Counts>('/dashboard/counts', {});
  drawingABefore = drawingA(
    (await admin.call<{ groups: Slice[] }>('/dashboard/evaluations/groups/count', { limit: 50 })).groups,
  );
  thisMonthBefore = (await admin.call<Months>('/dashboard/evaluations/month/count', {})).months.at(-1)!.count;
});

/** Back to the top, where react-admin shows the app bar it hides while scrolling down, for the screenshot. */
const toTop = async (page: Page) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(400);
};

const rtl = async (page: Page) =>
  expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
    'ar',
    'rtl',
  ]);

/** Right-to-left Arabic, with no message key and no English word of the console left (demo names are data). */
const expectArabic = async (page: Page) => {
  await rtl(page);
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(/\b(app|resources|ra)\.[a-z]+\.[a-zA-Z_]+/);
  for (const english of [
    'Activities',
    'Activity',
    'Evaluation',
    'Status',
    'Badge',
    'Pending',
    'Accepted',
    'Save',
    'Cancel',
    'Delete',
    'Edit',
    'Review',
    'Gallery',
    'Messages',
    'Feedback',
    'Notifications',
    'Students',
    'Groups',
    'Courses',
    'Join',
    'Promo code',
    'Title',
    'Grade',
  ]) {
    expect.soft(text, english).not.toMatch(new RegExp(`\\b${english}\\b`));
  }
};

describe('an activity from hand-in to the overview, in Arabic', () => {
  test('the family adds a child and joins a group by its promo code', async ({ signedIn }) => {
    const page = await signedIn('student', 'ar');
    await page.goto('/profile');
    await page.getByRole('button', { name: 'إضافة طفل' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="name"]').fill(CHILD);
    await chooseOption(dialog.getByRole('combobox', { name: /^الجنس/ }), 'بنت');
    await dialog.locator('input[name="birthdate"]').fill('2017-03-04');
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await page.getByRole('table', { name: 'الأطفال' }).getByRole('cell', { name: CHILD, exact: true }).waitFor();
    await expectArabic(page);
    await screenshot(page, 'activities-0-family-child-added');

    await page.goto('/courses');
    await page.getByRole('cell', { name: 'Creative Drawing' }).click();
    await page.getByRole('heading', { level: 1, name: 'Creative Drawing' }).waitFor();
    await page
      .getByRole('row', { name: /Drawing A/ })
      .getByRole('button', { name: 'انضمام' })
      .click();
    const join = page.getByRole('dialog');
    await chooseOption(join.getByRole('combobox', { name: 'الطفل' }), CHILD);
    await join.locator('input[name="promo_code"]').fill('DRAWA1');
    await join.getByRole('button', { name: 'الانضمام بالرمز' }).click();
    await page.getByText('انضم الطفل إلى المجموعة').waitFor();
    await expectArabic(page);
  });

  test('the family hands in an activity with a photo for its child in the group', async ({ signedIn }) => {
    const photoFile = path.join(os.tmpdir(), `castle-${Date.now()}.jpg`);
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><rect width="480" height="360" fill="#1d3557"/><circle cx="380" cy="80" r="50" fill="#f1faee"/><rect x="150" y="170" width="180" height="150" fill="#e63946"/><polygon points="140,170 240,90 340,170" fill="#a8dadc"/></svg>';
    fs.writeFileSync(photoFile, await sharp(Buffer.from(svg)).jpeg().toBuffer());
    const page = await signedIn('student', 'ar');
    try {
      await rtl(page);
      await page.goto('/profile');
      await page.getByRole('button', { name: `عرض أنشطة ${CHILD}` }).click();
      await page.getByRole('button', { name: 'تسليم نشاط' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('combobox', { name: /المجموعة/ }).click();
      await page.getByRole('option', { name: /Drawing A/ }).click();
      await dialog.getByLabel('العنوان').fill(TITLE);
      await dialog.getByLabel('ملاحظات الأسرة').fill('رسمتها ريم بعد زيارة القبة السماوية');
      await dialog.locator('input[type="file"]').setInputFiles(photoFile);
      await dialog.locator('img').first().waitFor();
      await screenshot(page, 'activities-1-family-hand-in');
      await dialog.getByRole('button', { name: 'حفظ' }).click();
      await page.getByText('تم تسليم النشاط').waitFor();
      const table = page.getByRole('table', { name: `أنشطة ${CHILD}` });
      await table.getByRole('cell', { name: TITLE, exact: true }).waitFor();
      await table.getByText('قيد المراجعة').waitFor();
      await expectArabic(page);
      await screenshot(page, 'activities-2-family-pending');
      const review = table.getByRole('link', { name: `مراجعة: ${TITLE}` });
      activityId = Number((await review.getAttribute('href'))!.match(/\/activities\/(\d+)\/show/)![1]);
      // pending: the family may still change or delete it
      await review.click();
      await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
      await page.getByRole('button', { name: 'تعديل' }).waitFor();
      await page.getByRole('button', { name: 'حذف' }).waitFor();
      await page.getByRole('img', { name: TITLE }).waitFor();
    } finally {
      fs.rmSync(photoFile, { force: true });
    }
  });

  test('the teacher is told, and evaluates it: status, scores, badge', async ({ signedIn }) => {
    const page = await signedIn('teacher', 'ar');
    page.on('pageerror', (e) => process.stderr.write(`PAGEERROR ${e.message}\n${e.stack}\n`));
    page.on('console', (m) => {
      if (m.type() === 'error') process.stderr.write(`CONSOLE ${m.text()}\n`);
    });
    const bell = page.getByRole('button', { name: /إشعار/ });
    await bell.click();
    await page.getByRole('menuitem', { name: new RegExp(TITLE) }).click();
    await page.waitForURL(new RegExp(`/activities/${activityId}/show$`));
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await rtl(page);
    // saving without a status is refused with its message (docs/PRODUCT.md §4 "Activity status")
    await page.getByRole('button', { name: 'حفظ التقييم' }).click();
    await page.getByText('يرجى اختيار حالة النشاط.').first().waitFor();
    await page.getByRole('combobox', { name: /^الحالة/ }).click();
    await page.getByRole('option', { name: 'مقبول', exact: true }).click();
    await page.getByRole('combobox', { name: /^الشارة/ }).click();
    await page.getByRole('option', { name: 'التميز', exact: true }).click();
    await page.getByLabel('تعليق المعلم').fill('فكرة أصيلة وألوان جميلة، أحسنتِ يا ريم');
    await page.getByLabel('الأصالة').fill('9');
    await page.getByLabel('الطلاقة').fill('8');
    await page.getByLabel('المرونة').fill('7');
    await page.getByLabel('النشاط', { exact: true }).fill('8');
    await page.locator('label', { hasText: '5 نجوم' }).click();
    await toTop(page);
    await screenshot(page, 'activities-3-teacher-evaluates');
    await page.getByRole('button', { name: 'حفظ التقييم' }).click();
    await page.getByText('تم حفظ التقييم').waitFor();
    const evaluation = page.getByRole('region', { name: 'التقييم' });
    await evaluation.getByText('80%').waitFor();
    await evaluation.getByText('التميز').waitFor();
    await expectArabic(page);
    await toTop(page);
    await screenshot(page, 'activities-4-teacher-evaluated');
  });

  test('the family sees the evaluation and can no longer change the activity', async ({ server, signedIn }) => {
    const page = await signedIn('student', 'ar');
    await page.goto('/profile');
    await page.getByRole('button', { name: `عرض أنشطة ${CHILD}` }).click();
    const table = page.getByRole('table', { name: `أنشطة ${CHILD}` });
    await table.getByRole('cell', { name: TITLE, exact: true }).waitFor();
    await table.getByText('مقبول', { exact: true }).waitFor();
    await table.getByText('80%').waitFor();
    // no delete button once evaluated
    expect(await table.getByRole('button', { name: `حذف: ${TITLE}` }).count()).toBe(0);
    await screenshot(page, 'activities-5-family-table');
    await table.getByRole('link', { name: `مراجعة: ${TITLE}` }).click();
    const evaluation = page.getByRole('region', { name: 'التقييم' });
    await evaluation.getByText('فكرة أصيلة وألوان جميلة، أحسنتِ يا ريم').waitFor();
    expect(await page.getByRole('button', { name: 'تعديل' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'حذف' }).count()).toBe(0);
    // only the family rates the evaluation
    await evaluation.locator('label', { hasText: '4 نجوم' }).click();
    await page.getByText('شكرًا على رأيك').waitFor();
    await expectArabic(page);
    await screenshot(page, 'activities-6-family-sees-evaluation');
    // and the server refuses a change all the same
    const token = await page.evaluate(() => localStorage.getItem('neomi.token'));
    const res = await fetch(`${server.url}/api/evaluation/edit/${activityId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ title: 'x' }),
    });
    expect(res.status).toBe(409);
  });

  test("the family's other pages in Arabic: the child's details, the gallery with likes, a message to the teacher, feedback", async ({
    signedIn,
  }) => {
    const page = await signedIn('student', 'ar');
    await page.goto('/profile');
    await page.getByRole('button', { name: `عرض أنشطة ${CHILD}` }).click();
    await page.getByRole('link', { name: 'التفاصيل' }).click();
    await page.getByRole('heading', { level: 1, name: CHILD }).waitFor();
    await page.getByText('Drawing A').first().waitFor();
    await expectArabic(page);
    await screenshot(page, 'activities-8-student-details');

    // the accepted work is in the gallery; the family likes it
    await page.goto('/gallery');
    const like = page.getByRole('button', { name: `الإعجاب بـ«${TITLE}»` });
    await like.click();
    await page.getByRole('button', { name: `سحب الإعجاب بـ«${TITLE}»` }).waitFor();
    await expectArabic(page);
    await screenshot(page, 'activities-9-gallery');

    // a message to the child's teacher
    await page.goto('/message');
    await page.getByRole('button', { name: 'رسالة جديدة' }).click();
    const compose = page.getByRole('dialog');
    await compose.getByRole('button', { name: 'إرسال' }).click();
    await compose.getByText('هذا الحقل مطلوب').first().waitFor();
    await compose.getByLabel('إلى').fill('Tarek');
    await page.getByRole('option', { name: /Tarek/ }).click();
    await compose.getByLabel('الموضوع').fill(`عن ${TITLE}`);
    await compose.getByLabel('الرسالة', { exact: true }).fill('شكرًا على التقييم المشجع');
    // each message goes once its field is filled
    expect(await compose.getByText('هذا الحقل مطلوب').count()).toBe(0);
    await expectArabic(page);
    await screenshot(page, 'activities-10-message');
    await compose.getByRole('button', { name: 'إرسال' }).click();
    await page.getByText('تم إرسال رسالتك').waitFor();

    // feedback to the academy
    await page.goto('/feedback');
    await page.getByRole('textbox', { name: 'ملاحظاتك' }).fill('المنصة سهلة الاستخدام');
    await page.getByRole('button', { name: 'إرسال' }).click();
    await page.getByText('شكرًا على ملاحظاتك').waitFor();
    await page.getByText('المنصة سهلة الاستخدام').waitFor();
    await expectArabic(page);
    await screenshot(page, 'activities-11-feedback');
  });

  test('on a 390 × 844 phone, every family page fits the screen: no table or page scrolls sideways, each action in reach, each title whole', async ({
    api,
    newPage,
  }) => {
    const family = await api('student');
    const { students } = await family.call<{ students: { id: number; name: string }[] }>(
      '/answers/get/mobile/exam/groups/user',
    );
    const yousef = students.find((s) => s.name === 'Yousef')!.id;
    const page = await newPage('ar', PHONE_CONTEXT);
    await new LoginForm(page, 'ar').signInAs('student');
    const fits = async (what: string, title?: string) => {
      expect(await sidewaysOverflow(page), what).toEqual([]);
      if (title !== undefined) {
        // at the top, where react-admin shows the top bar it hides while scrolling down
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.locator('#react-admin-title').getByText(title).waitFor();
        expect(await titleShownWhole(page), `the title of ${what}`).toBe(true);
      }
    };
    /** within the screen from side to side, so a thumb reaches it without scrolling sideways */
    const inReach = async (control: ReturnType<Page['getByRole']>) => {
      await control.scrollIntoViewIfNeeded();
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    };
    const sidebar = new Sidebar(page, 'ar');
    const go = async (label: string) => {
      await page.getByRole('button', { name: 'فتح القائمة' }).click();
      await sidebar.open(label);
      // the menu's drawer slides away once an item is chosen: measured mid-slide, it reaches past the screen's edge
      await sidebar.root.waitFor({ state: 'hidden' });
    };
    await fits('the overview');

    // the profile: a card per child, its activities as cards, every action there
    await go('الملف الشخصي');
    const children = page.getByRole('list', { name: 'الأطفال' });
    await children.getByRole('heading', { name: CHILD, exact: true }).waitFor();
    await inReach(children.getByRole('button', { name: 'تعديل' }).first());
    await inReach(children.getByRole('button', { name: 'حذف' }).first());
    await page.getByRole('button', { name: `عرض أنشطة ${CHILD}` }).click();
    const activities = page.getByRole('list', { name: `أنشطة ${CHILD}` });
    await activities.getByRole('heading', { name: TITLE, exact: true }).waitFor();
    await activities.getByText('مقبول', { exact: true }).waitFor();
    await inReach(activities.getByRole('link', { name: `مراجعة: ${TITLE}` }));
    await inReach(page.getByRole('button', { name: 'تسليم نشاط' }));
    await fits('the profile', 'ملفي الشخصي');

    // the child's page: details, groups, certificates, activities
    await page.getByRole('link', { name: 'التفاصيل' }).click();
    await page.getByRole('heading', { level: 1, name: CHILD }).waitFor();
    await page.getByRole('list', { name: 'المجموعات' }).getByText('Drawing A').waitFor();
    const childActivities = page.getByRole('list', { name: `أنشطة ${CHILD}` });
    await childActivities.getByRole('heading', { name: TITLE, exact: true }).waitFor();
    await fits("the child's page", CHILD);

    // the activity, with the teacher's evaluation
    await childActivities.getByRole('link', { name: `مراجعة: ${TITLE}` }).click();
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await page.getByRole('region', { name: 'التقييم' }).getByText('80%').waitFor();
    await fits('the activity', TITLE);

    // the courses, a course and its groups, each with its join button
    await go('الدورات');
    await page.getByText('Creative Drawing').first().waitFor();
    await fits('the courses', 'الدورات');
    await page.getByText('Creative Drawing').first().click();
    await page.getByRole('heading', { level: 1, name: 'Creative Drawing' }).waitFor();
    const groups = page.getByRole('list', { name: 'مجموعات هذه الدورة' });
    await groups.getByRole('heading', { name: 'Drawing A' }).waitFor();
    await inReach(
      groups.getByRole('listitem').filter({ hasText: 'Drawing A' }).getByRole('button', { name: 'انضمام' }),
    );
    await fits('the course page', 'Creative Drawing');

    await go('المعرض');
    await page.getByRole('button', { name: `سحب الإعجاب بـ«${TITLE}»` }).waitFor();
    await fits('the gallery', 'المعرض');
    await go('الرسائل');
    await page.getByText(/[\d٠-٩]+-[\d٠-٩]+ من [\d٠-٩]+/).waitFor();
    await fits('the messages', 'الرسائل');
    await go('الملاحظات');
    await page.getByText('المنصة سهلة الاستخدام').waitFor();
    await fits('the feedback', 'الملاحظات');

    // the report of a child who took the test (its link comes by notification)
    await page.goto(`/report/${yousef}/1`);
    await page.getByTestId('student-report').getByText('Yousef').first().waitFor();
    await page.getByRole('list', { name: 'حسب التحدي' }).waitFor();
    await fits('the report', 'تقرير المتعلم');
  });

  test("a family's first load of its profile on a phone: the page rendered by the server with its data, painted before its scripts and hydrated by the family app (none of the console's own chunks) without asking again for what it shows; without a page session, the family app and its early calls; the whole console for any other address", async ({
    newPage,
  }) => {
    const page = await newPage('ar', PHONE_CONTEXT);
    // signing in leaves the family's page session (server/pageSession.ts) beside the bearer token
    await new LoginForm(page, 'ar').signInAs('student');
    // the console has taken over (its layout's menu button): its chunks are fetched before what is counted below
    await page.getByRole('button', { name: 'فتح القائمة' }).waitFor();
    // from here on, a first load with the family's session on the device
    const scripts: string[] = [];
    const calls: string[] = [];
    /** scripts and calls in the order they were asked for */
    const requested: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.resourceType() === 'script') scripts.push(pathname.split('/').pop()!);
      if (pathname.startsWith('/api/')) calls.push(`${request.method()} ${pathname}`);
      requested.push(request.resourceType() === 'script' ? pathname.split('/').pop()! : pathname);
    });
    /** src/App.tsx, react-admin's <Admin> with every area: the whole console's own chunk */
    const consoleChunks = () => scripts.filter((name) => /^App-/.test(name));
    const errors = collectErrors(page);
    const errorsBefore = errors.length;
    const releaseScripts = await holdScripts(page);
    await page.goto('/profile', { waitUntil: 'commit' });
    // the HTML alone (server/renderedPages.ts): the family's children, in Arabic, laid out for a phone
    const children = page.getByRole('list', { name: 'الأطفال' });
    await children.getByRole('heading', { name: CHILD, exact: true }).waitFor();
    expect(await page.evaluate(() => Object.keys(document.getElementById('root')!).length)).toBe(0);
    await expectArabic(page);
    await screenshot(page, 'activities-12-family-profile-html-only-phone');
    expect(describeFindings(await axeFindings(page, { name: "the family's profile, HTML only (phone)" }))).toEqual([]);
    await children
      .getByRole('heading', { name: CHILD, exact: true })
      .evaluate((element) => ((element as unknown as Record<string, boolean>).fromHtml = true));
    // the page's style tags, watched: the browser's emotion caches take the server's over where they stand
    // (src/styleCache.tsx); a tag taken out and put back makes the browser recompute every element's style
    await page.evaluate(() => {
      const removed: string[] = [];
      Object.assign(window, { removedStyles: removed });
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.removedNodes)
            if (node.nodeName === 'STYLE') removed.push((node as Element).outerHTML.slice(0, 80));
      }).observe(document.head, { childList: true });
    });

    releaseScripts();
    await page.waitForFunction(() => performance.getEntriesByName('neomi:app-ready').length > 0);
    await page.locator('#react-admin-title').getByText('ملفي الشخصي').waitFor();
    // hydrated: the family app kept the elements the HTML made
    const heading = children.getByRole('heading', { name: CHILD, exact: true });
    await expect
      .poll(() => heading.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber'))))
      .toBe(true);
    expect(await heading.evaluate((element) => (element as unknown as Record<string, boolean>).fromHtml)).toBe(true);
    expect(scripts.filter((name) => /^FamilyApp-/.test(name))).toHaveLength(1);
    expect(consoleChunks()).toEqual([]);
    // what the page shows came with it: the children and the notifications are not asked for again (react-admin's
    // permissions come from GET /api/me, the device's session's, which the server leaves to the browser)
    expect(calls.filter((call) => call !== 'GET /api/me')).toEqual([]);
    // no hydration error (React reports a mismatch as a recoverable error on the console)
    expect(errors.slice(errorsBefore)).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { removedStyles: string[] }).removedStyles)).toEqual([]);
    await expectArabic(page);
    expect(await sidewaysOverflow(page)).toEqual([]);
    expect(await titleShownWhole(page)).toBe(true);
    // the account menu's icon button is named in Arabic (react-admin's default for it was the English "Profile")
    await page.getByRole('banner').getByRole('button', { name: 'الملف الشخصي', exact: true }).waitFor();
    expect(describeFindings(await axeFindings(page, { name: "the family app's profile (phone)" }))).toEqual([]);
    await screenshot(page, 'activities-12-family-app-profile-phone');

    // the child's page, a page of the family app too
    await page.getByRole('button', { name: `عرض أنشطة ${CHILD}` }).click();
    await page
      .getByRole('list', { name: `أنشطة ${CHILD}` })
      .getByRole('heading', { name: TITLE, exact: true })
      .waitFor();
    await page.getByRole('link', { name: 'التفاصيل' }).click();
    await page.getByRole('heading', { level: 1, name: CHILD }).waitFor();
    await page.getByRole('list', { name: 'المجموعات' }).getByText('Drawing A').waitFor();
    expect(consoleChunks()).toEqual([]);
    expect(describeFindings(await axeFindings(page, { name: "the family app's child page (phone)" }))).toEqual([]);
    await screenshot(page, 'activities-13-family-app-child-phone');

    // the menu: the family's items; the gallery is the whole console's, which takes over in place, without a reload
    await page.evaluate(() => Object.assign(window, { stillThisDocument: true }));
    await page.getByRole('button', { name: 'فتح القائمة' }).click();
    const sidebar = new Sidebar(page, 'ar');
    await sidebar.item('الملف الشخصي').waitFor();
    await sidebar.item('الدورات').waitFor();
    expect(describeFindings(await axeFindings(page, { name: "the family app's menu (phone)" }))).toEqual([]);
    await screenshot(page, 'activities-14-family-app-menu-phone');
    await sidebar.open('المعرض');
    await page.getByRole('button', { name: `سحب الإعجاب بـ«${TITLE}»` }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/gallery');
    expect(consoleChunks()).toHaveLength(1);
    expect(await page.evaluate(() => 'stillThisDocument' in window)).toBe(true);
    await expectArabic(page);
    await screenshot(page, 'activities-15-family-app-hands-over-gallery-phone');

    // on a desktop, the same first load: the console's layout with its sidebar open, the table of children
    const desktop = await newPage('ar');
    await new LoginForm(desktop, 'ar').signInAs('student');
    await new Sidebar(desktop, 'ar').item('الملف الشخصي').waitFor();
    await desktop.goto('/profile');
    await desktop.getByRole('table', { name: 'الأطفال' }).getByRole('cell', { name: CHILD, exact: true }).waitFor();
    await new Sidebar(desktop, 'ar').item('الملف الشخصي').waitFor();
    await expectArabic(desktop);
    expect(
      await desktop.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name)),
    ).not.toContainEqual(expect.stringMatching(/\/App-[^/]+\.js$/));
    expect(describeFindings(await axeFindings(desktop, { name: "the family app's profile (desktop)" }))).toEqual([]);
    await screenshot(desktop, 'activities-16-family-app-profile-desktop');

    // without the page session (a session from before it existed): the family app renders the page itself, the
    // page's user asked for first, started with the page (src/family/earlyCalls.ts), not after the app's chunks
    const plain = await newPage('ar', PHONE_CONTEXT);
    await new LoginForm(plain, 'ar').signInAs('student');
    await plain.getByRole('button', { name: 'فتح القائمة' }).waitFor();
    await plain.context().clearCookies({ name: 'neomi.session' });
    const plainRequested: string[] = [];
    plain.on('request', (request) => {
      const { pathname } = new URL(request.url());
      plainRequested.push(request.resourceType() === 'script' ? pathname.split('/').pop()! : pathname);
    });
    await plain.goto('/profile');
    await plain.getByRole('list', { name: 'الأطفال' }).getByRole('heading', { name: CHILD, exact: true }).waitFor();
    expect(await plain.evaluate(() => document.getElementById('root')!.dataset.page)).toBeUndefined();
    const familyApp = plainRequested.findIndex((name) => /^FamilyApp-/.test(name));
    expect(familyApp).toBeGreaterThan(-1);
    expect(plainRequested.indexOf('/api/me')).toBeLessThan(familyApp);
    expect(plainRequested.filter((name) => /^App-/.test(name))).toEqual([]);
  });

  test("the admin's overview shows the new counts and the three charts", async ({ api, signedIn }) => {
    const admin = await api('admin');
    const counts = await admin.call<Counts>('/dashboard/counts', {});
    // the journey added one child and one activity; groups and courses are as they were
    expect(counts).toMatchObject({
      evaluations: before.evaluations + 1,
      students: before.students + 1,
      groups: before.groups,
      courses: before.courses,
    });
    const page = await signedIn('admin', 'ar');
    const card = (label: string) => page.getByRole('article', { name: label });
    // the counts in Latin digits, Arabic too (docs/DECISIONS.md "Latin digits in every language")
    await card('التقييمات').getByText(formatNumber(counts.evaluations, 'ar')).waitFor();
    await card('المجموعات').getByText(formatNumber(counts.groups, 'ar')).waitFor();
    await card('الدورات').getByText(formatNumber(counts.courses, 'ar')).waitFor();
    await card('الطلاب').getByText(formatNumber(counts.students, 'ar')).waitFor();
    for (const chart of ['الأنشطة حسب المجموعة', 'الأنشطة حسب الشهر', 'التفاعل اليومي']) {
      await page.getByRole('region', { name: chart }).locator('svg.recharts-surface').first().waitFor();
    }
    // the new activity is in Drawing A's slice and in this month's bar
    const pie = await admin.call<{ groups: Slice[] }>('/dashboard/evaluations/groups/count', { limit: 50 });
    expect(drawingA(pie.groups)).toBe(drawingABefore + 1);
    const { months } = await admin.call<Months>('/dashboard/evaluations/month/count', {});
    expect(months.at(-1)!.count).toBe(thisMonthBefore + 1);
    // charts are laid out left to right inside a mirrored box
    expect(await page.locator('[role="img"][dir="ltr"]').count()).toBe(3);
    await page.waitForTimeout(300);
    await expectArabic(page);
    await screenshot(page, 'activities-7-admin-overview');
  });
});
