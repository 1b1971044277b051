import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { DemoRole } from '../../server/seed/accounts';
import { screenshot } from './support/browser';
import { test as base } from './support/harness';

/**
 * The seats journey in Arabic, in the built console against the real server:
 * the school admin asks for seats → the region admin approves → the platform
 * admin approves → the school admin enrols students from a filled template
 * (one bad row reported by row and cell) → the school dashboard's charts show them.
 */
/** Every page here: signed in as a demo role, in Arabic, at `path`. */
const test = base.extend('signedInAt', ({ signedIn }) => async (role: DemoRole, path: string): Promise<Page> => {
  const page = await signedIn(role, 'ar');
  await page.goto(path);
  return page;
});

/** The number on a count card, read as the page shows it (Arabic-Indic digits included). */
const cardNumber = async (page: Page, label: string): Promise<number> => {
  const text = await page.getByRole('article', { name: label, exact: true }).locator('p').innerText();
  return Number(text.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[^\d]/g, ''));
};

/** the console refetches after a change; under a loaded machine that takes a while */
const POLL = { timeout: 15_000, interval: 250 };
const SEATS = 27;
const NOTE = 'طلاب الفصل الخامس الجديد';

describe('seats and bulk enrolment, in Arabic', () => {
  let approvedBefore = 0;
  let studentsBefore = 0;

  test('the school admin asks for seats', async ({ signedInAt }) => {
    const page = await signedInAt('admin_school', '/assigned-quota');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('heading', { name: /مقاعد Nile Creative School/ }).waitFor();
    approvedBefore = await cardNumber(page, 'المقاعد المعتمدة');
    await page.getByRole('button', { name: 'طلب مقاعد' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="seats"]').fill(String(SEATS));
    await dialog.locator('textarea[name="note"]').fill(NOTE);
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await page.getByText('أُرسل طلبك إلى مسؤول المنطقة').waitFor();
    await page.getByRole('row').filter({ hasText: NOTE }).getByText('بانتظار المنطقة').waitFor();
    await screenshot(page, 'schools-1-request-ar');
    await page.context().close();
  });

  test('the region admin approves it first', async ({ signedInAt }) => {
    const page = await signedInAt('region_admin', '/region-seats');
    const waiting = page.getByRole('row').filter({ hasText: NOTE }).first();
    await waiting.getByRole('button', { name: 'موافقة' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'حفظ' }).click();
    await page.getByText('تمت الموافقة على الطلب').waitFor();
    // the lists refresh: the request leaves the waiting list
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: NOTE }).getByRole('button', { name: 'موافقة' }).count(), POLL)
      .toBe(0);
    await page.getByRole('row').filter({ hasText: NOTE }).getByText('بانتظار المنصة').first().waitFor();
    await screenshot(page, 'schools-2-region-approves-ar');
    await page.context().close();
  });

  test('then the platform admin approves it, and the quota grows', async ({ signedInAt }) => {
    const page = await signedInAt('admin', '/admin-seats');
    const waiting = page.getByRole('row').filter({ hasText: NOTE }).first();
    await waiting.getByRole('button', { name: 'موافقة' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'حفظ' }).click();
    await page.getByText('تمت الموافقة على الطلب').waitFor();
    // the lists refresh: the request leaves the waiting list
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: NOTE }).getByRole('button', { name: 'موافقة' }).count(), POLL)
      .toBe(0);
    await screenshot(page, 'schools-3-admin-approves-ar');
    await page.context().close();

    const school = await signedInAt('admin_school', '/assigned-quota');
    await school.getByRole('article', { name: 'المقاعد المعتمدة', exact: true }).waitFor();
    await expect.poll(() => cardNumber(school, 'المقاعد المعتمدة'), POLL).toBe(approvedBefore + SEATS);
    await school.context().close();
  });

  test('the school admin enrols students from the filled template; the bad row is reported by row and cell', async ({
    signedInAt,
  }) => {
    const page = await signedInAt('admin_school', '/school-dashboard');
    await page.getByRole('article', { name: 'الطلاب', exact: true }).waitFor();
    studentsBefore = await cardNumber(page, 'الطلاب');

    await page.goto('/school-students');
    await page.getByRole('button', { name: 'تسجيل من ملف' }).click();
    const dialog = page.getByRole('dialog');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'قالب الطلاب' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('template.xlsx');
    const template = await download.path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(fs.readFileSync(template!) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('الاسم');
    const rows = [
      ['ريم محمود', '31701011234501', 2, '2017-01-01', '1 أ', ''],
      ['أنس طارق', '31702021234502', 1, '2017-02-02', '1 أ', ''],
      ['جود سامح', '31603031234503', 2, '2016-03-03', '2 أ', ''],
      ['تميم وليد', '3160404', 1, '2016-04-04', '2 أ', ''], // row 5: a national id of 7 digits
      ['لين حازم', '31505051234505', 2, '2015-05-05', '3 أ', ''],
      ['=1+1', '31506061234506', 'ولد', '2015-06-06', '', ''],
    ];
    for (const r of rows) sheet.addRow(r);
    const filled = `${template}-filled.xlsx`;
    fs.writeFileSync(filled, Buffer.from(await workbook.xlsx.writeBuffer()));

    await dialog.getByTestId('import-file').setInputFiles(filled);
    const errors = dialog.getByRole('table', { name: 'الخلايا الخاطئة' });
    await errors.waitFor();
    const cells = await errors.getByRole('row').nth(1).getByRole('cell').allInnerTexts();
    expect(cells).toEqual(['5', 'B — الرقم القومي (14 رقمًا)', 'يجب أن يتكون الرقم القومي من 14 رقمًا']);
    expect(await dialog.getByRole('button', { name: 'تسجيل الكل' }).isDisabled()).toBe(true);
    await screenshot(page, 'schools-4-import-errors-ar');

    await dialog.getByRole('button', { name: /تسجيل الصفوف الصالحة/ }).click();
    await dialog.getByText(/حُفظت 5 صفوف|حُفظت ٥ صفوف/).waitFor();
    await screenshot(page, 'schools-5-import-done-ar');
    await dialog.getByRole('button', { name: 'إغلاق' }).click();
    await page.getByRole('cell', { name: '=1+1' }).waitFor();
    await page.context().close();
  });

  test('the school admin places them in groups by dragging and by form', async ({ signedInAt }) => {
    const page = await signedInAt('admin_school', '/school-students');
    await page.getByRole('tab', { name: 'المجموعات' }).click();
    const pool = page.getByRole('region', { name: 'طلاب بلا مجموعة' });
    const drawing = page.locator('[data-testid^="drop-group-"]').filter({ hasText: '1 أ · الرسم الإبداعي' });
    const inventors = page.locator('[data-testid^="drop-group-"]').filter({ hasText: '2 أ · المخترعون الصغار' });
    const studentsIn = async (group: typeof drawing): Promise<number> => {
      const text = await group.innerText();
      if (text.includes('طالب واحد')) return 1;
      if (text.includes('طالبان')) return 2;
      return Number(text.match(/(\d+) (طلاب|طالب)/)?.[1] ?? 0);
    };
    await drawing.waitFor();
    const drawingBefore = await studentsIn(drawing);

    // a student dragged onto a group joins it; a teacher dragged onto it becomes its teacher
    await pool.getByText('ريم محمود', { exact: true }).dragTo(drawing, { steps: 10 });
    await page.getByText('تمت إضافة ريم محمود إلى 1 أ · الرسم الإبداعي').waitFor();
    await expect.poll(() => studentsIn(drawing), POLL).toBe(drawingBefore + 1);
    await expect.poll(() => pool.getByText('ريم محمود', { exact: true }).count(), POLL).toBe(0);
    await page
      .getByRole('region', { name: 'المعلمون' })
      .getByText('كريم فاروق', { exact: true })
      .dragTo(drawing, { steps: 10 });
    await drawing.getByText('المعلم: كريم فاروق').waitFor();
    await screenshot(page, 'schools-6-groups-dragged-ar');

    // the same by form
    const inventorsBefore = await studentsIn(inventors);
    const addForm = page.getByRole('region', { name: 'إضافة طلاب إلى مجموعة' });
    await addForm.getByRole('combobox', { name: 'المجموعة' }).click();
    await page.getByRole('option', { name: '2 أ · المخترعون الصغار' }).click();
    await addForm.getByRole('combobox', { name: 'الطلاب' }).fill('أنس طارق');
    await page.getByRole('option', { name: 'أنس طارق' }).click();
    await addForm.getByRole('button', { name: 'إضافة إلى المجموعة' }).click();
    await page.getByText('أُضيف طالب واحد').waitFor();
    await expect.poll(() => studentsIn(inventors), POLL).toBe(inventorsBefore + 1);
    const teacherForm = page.getByRole('region', { name: 'تعيين معلم لمجموعة' });
    await teacherForm.getByRole('combobox', { name: 'المجموعة' }).click();
    await page.getByRole('option', { name: '2 أ · المخترعون الصغار' }).click();
    await teacherForm.getByRole('combobox', { name: 'المعلم' }).click();
    await page.getByRole('option', { name: 'هدى سامي' }).click();
    await teacherForm.getByRole('button', { name: 'تعيين' }).click();
    await page.getByText('تم تعيين المعلم').waitFor();
    await inventors.getByText('المعلم: هدى سامي').waitFor();
    await screenshot(page, 'schools-7-groups-by-form-ar');
    await page.context().close();
  });

  test("the school dashboard's charts show them", async ({ signedInAt }) => {
    const page = await signedInAt('admin_school', '/school-dashboard');
    await page.getByRole('article', { name: 'الطلاب', exact: true }).waitFor();
    await expect.poll(() => cardNumber(page, 'الطلاب'), POLL).toBe(studentsBefore + 5);
    for (const chart of ['الطلاب حسب الجنس', 'الطلاب حسب المستوى', 'الطلاب في كل مجموعة']) {
      const box = page.getByRole('region', { name: chart });
      await box.locator('svg.recharts-surface').first().waitFor();
      expect(await box.locator('div[dir="ltr"]').count()).toBe(1);
    }
    // the levels chart counts the new first-year pupils
    expect(
      await page.getByRole('region', { name: 'الطلاب حسب المستوى' }).getByText('الصف الدراسي 1').count(),
    ).toBeGreaterThan(0);
    await screenshot(page, 'schools-8-dashboard-ar');
    await page.context().close();
  });

  // the schools pages of the sidebar are opened in Arabic by every role that has them in console.test.ts (right to
  // left, axe, no English left, a picture each); the report of all schools is reached from a dashboard only
  test("the schools' report opens in Arabic, right to left", async ({ signedInAt }) => {
    const page = await signedInAt('admin', '/school-reports');
    // the lazily loaded page has drawn its table and nothing is loading any more
    await page.locator('main table').first().waitFor();
    await expect.poll(() => page.getByText('جارٍ التحميل').count(), POLL).toBe(0);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // no raw i18n key left on the page
    expect(await page.locator('body').innerText()).not.toMatch(/\b(app|resources|ra)\.[a-zA-Z]+\.[a-zA-Z.]+/);
    await screenshot(page, 'school-reports-ar');
  });

  test("the platform admin's region dashboard: a region picker, nothing asked before a choice, the choice kept on reload", async ({
    signedInAt,
  }) => {
    const page = await signedInAt('admin', '/overview');
    const failed: string[] = [];
    const reports: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/') && r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
      if (r.url().includes('/region/admin/report')) reports.push(r.url());
    });
    await page.goto('/region-dashboard');
    await page.getByRole('heading', { level: 1, name: 'لوحة المنطقة' }).waitFor();
    const picker = page.getByRole('combobox', { name: 'المنطقة' });
    await picker.waitFor();
    await page.getByText('اختر المنطقة التي تريد عرض لوحتها').waitFor();
    await page.waitForLoadState('networkidle');
    expect(reports).toEqual([]);
    await screenshot(page, 'region-dashboard-picker-ar');

    await picker.click();
    const option = page.getByRole('option').first();
    const region = (await option.innerText()).trim();
    await option.click();
    await page.waitForURL(/[?&]region=\d+/);
    const title = page.getByRole('heading', { level: 1, name: `لوحة المتابعة: ${region}` });
    await title.waitFor();
    await page.getByRole('article', { name: 'الطلاب', exact: true }).waitFor();
    // the chosen region lives in the address: a reload shows the same region
    await page.reload();
    await title.waitFor();
    await expect.poll(() => picker.inputValue(), POLL).toBe(region);
    await page.setViewportSize({ width: 390, height: 844 });
    // on a phone the sidebar becomes a modal drawer that hides the page from the accessibility tree while it is
    // mounted: the heading is looked for as an element here
    await page.keyboard.press('Escape');
    await page.locator('h1', { hasText: `لوحة المتابعة: ${region}` }).waitFor();
    await screenshot(page, 'region-dashboard-phone-ar');
    expect(reports.length).toBeGreaterThan(0);
    expect(failed).toEqual([]);
    await page.context().close();
  });
});
