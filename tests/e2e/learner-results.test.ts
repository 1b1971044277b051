import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { groupLabel, withoutIsolates } from '../../domain/schools';
import { xOf } from './support/barChart';
import { screenshot } from './support/browser';
import { collectErrors, Sidebar, test } from './support/harness';

/**
 * The score screens in Arabic on the demo data (word scores stored by the
 * scoring engine at seed time): the admin opens /score from the sidebar,
 * reviews a scored learner and confirms the score, finds the learner on
 * /search/user and opens the filtered programme report /exam/report.
 */
/** No raw i18n key (app.*, resources.*, ra.*) is shown on the page. */
const expectNoRawKeys = async (page: Page) => {
  const text = await page.locator('body').innerText();
  expect(text.match(/\b(app|resources|ra)\.[a-zA-Z]+\.[\w.]+/g) ?? []).toEqual([]);
};

describe('score screens in Arabic', () => {
  test('the admin reviews and confirms a score, finds the learner and opens the filtered programme report', async ({
    api,
    signedIn,
  }) => {
    const admin = await api('admin');
    // a scored pre-test whose score is not confirmed yet, as the server ranks it
    const open = await admin.call<{ data: { student_id: number; name: string; total: number }[] }>(
      '/answers/countSorted',
      { exam_type: 1, confirmed: 0, order_by: 'total', order_direction: 'desc' },
    );
    expect(open.data.length).toBeGreaterThan(0);
    const learner = open.data[0];
    const before = await admin.call<{ tests: { exam_type: number; confirmed: number }[] }>('/usersCount');

    const page = await signedIn('admin', 'ar');
    const errors = collectErrors(page);
    const sidebar = new Sidebar(page, 'ar');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');

    // /score from the sidebar: the figures of usersCount on top, the ranked learners below
    await sidebar.open('النتائج');
    await page.waitForURL(/\/score(\?.*)?$/);
    const pre = page.getByTestId('users-count-1');
    await pre.getByText('أدّوا الاختبار').waitFor();
    await page.getByRole('columnheader', { name: 'الطلاقة' }).waitFor();
    // the group filter: the rows the server ranks for that group
    type Listed = {
      id: number;
      name: string;
      school_name: string | null;
      course_name: string | null;
      pre_takers: number;
    };
    const { groups } = await admin.call<{ groups: Listed[] }>('/exam-export/groups');
    // a class whose name other schools' classes have too ("1 أ"): its option names its school, so it is the one picked
    const namesakes = (g: Listed) => groups.filter((o) => o.name === g.name);
    const group = groups.find((g) => g.pre_takers > 0 && namesakes(g).length > 1)!;
    const inGroup = await admin.call<{ count: number }>('/answers/countSorted', { exam_type: 1, group_id: group.id });
    await page.getByRole('button', { name: 'إضافة عامل تصفية' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'المجموعة' }).click();
    await page.getByRole('combobox', { name: 'المجموعة' }).fill(group.name);
    const options = page.getByRole('option');
    await expect.poll(() => options.count()).toBeGreaterThanOrEqual(namesakes(group).length);
    const labels = (await options.allInnerTexts()).map(withoutIsolates);
    expect(new Set(labels).size).toBe(labels.length);
    const mine = labels.indexOf(withoutIsolates(groupLabel(group)));
    expect(mine).toBeGreaterThanOrEqual(0);
    await screenshot(page, 'score-group-filter-ar', { fullPage: false });
    await options.nth(mine).click();
    await page.getByText(`1-${inGroup.count} من ${inGroup.count}`).waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(inGroup.count);
    await page.locator('[data-source="group_id"]').getByRole('button', { name: 'إزالة عامل التصفية هذا' }).click();
    await page.getByRole('combobox', { name: 'المجموعة' }).waitFor({ state: 'detached' });
    await page.getByPlaceholder('بحث').fill(learner.name);
    const row = page.locator('tbody tr', { hasText: learner.name }).first();
    await row.waitFor();
    await expect
      .poll(() => page.locator('tbody tr').count())
      .toBe(open.data.filter((d) => d.name.includes(learner.name)).length || 1);
    await row.getByText('غير مؤكَّدة').waitFor();
    await screenshot(page, 'score-list-ar');
    await expectNoRawKeys(page);

    // the review: totals, each question with its answers, then the confirmation
    await row.click();
    await page.waitForURL(`**/score/review/1/${learner.student_id}`);
    const review = page.getByTestId('score-review');
    await review.getByText(learner.name, { exact: true }).first().waitFor();
    await review.locator('[data-measure="total"]').getByText(String(learner.total)).waitFor();
    await review.getByRole('columnheader', { name: 'الفئة الفرعية' }).first().waitFor();
    await expect.poll(() => review.getByTestId('confirmation').getAttribute('data-state')).not.toBe('confirmed');
    await review.getByRole('button', { name: 'تأكيد الدرجة' }).click();
    await page.getByText('تم تأكيد الدرجة').waitFor();
    await expect.poll(() => review.getByTestId('confirmation').getAttribute('data-state')).toBe('confirmed');
    await review.getByText(/تم التأكيد: .*، /).waitFor();
    await screenshot(page, 'score-review-ar');
    await expectNoRawKeys(page);

    // back on /score the learner's row shows the confirmation, and usersCount counts it
    await sidebar.open('النتائج');
    await page.waitForURL(/\/score(\?.*)?$/);
    await page.getByPlaceholder('بحث').fill(learner.name);
    await page.locator('tbody tr', { hasText: learner.name }).first().getByText('مؤكَّدة', { exact: true }).waitFor();
    const confirmedBefore = before.tests.find((t) => t.exam_type === 1)!.confirmed;
    await pre
      .locator('[data-count="confirmed"]')
      .getByText(String(confirmedBefore + 1))
      .waitFor();

    // /search/user: the learner, the family account and links to the scores and the report
    await sidebar.open('البحث عن مستخدم');
    await page.waitForURL('**/search/user');
    await page.getByLabel('اسم المتعلم').fill(learner.name);
    await page.getByRole('button', { name: 'بحث' }).click();
    const found = page.locator(`tr[data-student="${learner.student_id}"]`);
    await found.getByText('الاختبار القبلي').waitFor();
    expect(await found.getByRole('link', { name: 'الدرجات' }).first().getAttribute('href')).toBe(
      `/score/review/1/${learner.student_id}`,
    );
    expect(await found.getByRole('link', { name: 'التقرير' }).first().getAttribute('href')).toBe(
      `/report/${learner.student_id}/1`,
    );
    await screenshot(page, 'score-search-ar');
    await expectNoRawKeys(page);

    // /exam/report with a filter: the charts; dates the wrong way round are refused on the field
    await sidebar.open('تقرير الاختبارات');
    await page.waitForURL('**/exam/report');
    const all = await admin.call<{ takers: number }>('/exam/report', { exam_type: 1 });
    await page.getByTestId('cohort-takers').waitFor();
    await page.getByRole('combobox', { name: 'التحدي' }).click();
    await page.getByRole('option', { name: 'التحدي الأول' }).click();
    const c1 = await admin.call<{ takers: number; programme_takers: number }>('/exam/report', {
      exam_type: 1,
      challenge: 1,
    });
    expect(c1.takers).toBeGreaterThan(0);
    const report = page.getByTestId('cohort-report');
    await report.getByTestId('report-chart').first().locator('[data-series]').first().waitFor();
    expect(await report.getByTestId('report-chart').count()).toBeGreaterThanOrEqual(4);
    expect(all.takers).toBeGreaterThanOrEqual(c1.takers);
    await page.getByTestId('cohort-breakdown').waitFor();
    // mirrored: the first dimension on the right
    const chart = report.getByTestId('report-chart').first();
    expect(await xOf(chart, 'الطلاقة')).toBeGreaterThan(await xOf(chart, 'الأصالة'));
    await screenshot(page, 'score-exam-report-ar');
    await expectNoRawKeys(page);
    await page.getByLabel('تاريخ الاختبار من').fill('2026-05-02');
    await page.getByLabel('تاريخ الاختبار إلى').fill('2026-05-01');
    await page.getByText('تاريخ النهاية قبل تاريخ البداية').waitFor();
    expect(errors).toEqual([]);
  });
});
