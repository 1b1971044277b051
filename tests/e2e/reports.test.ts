import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { barValues, seriesOf, xOf } from './support/barChart';
import { SCREENSHOTS, screenshot } from './support/browser';
import { takeWholeTest } from './support/exam';
import { collectErrors, test } from './support/harness';

// The reports' browser tests in one file, on one server (docs/TESTING.md "Browser files"): the console's report and
// export on the demo data first, then the report pages outside the console's lists on the data they add themselves.

/**
 * Reports in Arabic on the demo data (word scores stored by the scoring
 * engine at seed time): the family opens a child's report and sees the
 * charts against the average with the above/average/below label; the admin
 * exports exam_results.xlsx, read back here with exceljs.
 */
describe('reports in Arabic', () => {
  test('the family opens the report: charts against the average and the label', async ({ api, signedIn }) => {
    const admin = await api('admin');
    const family = await api('student');
    // the family's scored child (the demo family has Yousef and Laila), and what the server says of the report
    const found = await admin.call<{ data: { student_id: number; name: string }[] }>('/search/user', {
      search_text: 'Yousef',
    });
    const yousef = found.data.find((s) => s.name === 'Yousef')!;
    const report = await family.call<{
      status: string;
      measures: { measure: string; degree: string; percentile: number }[];
    }>(`/reports/student/${yousef.student_id}/1`);
    expect(report.status).toBe('scored');
    const total = report.measures.find((m) => m.measure === 'total')!;

    const page = await signedIn('student', 'ar');
    const errors = collectErrors(page);
    await page.goto(`/report/${yousef.student_id}/1`);
    const view = page.getByTestId('student-report');
    await view.getByText('Yousef', { exact: true }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await view.getByText('المستوى:').waitFor();
    // the label of the total, as the server computed it, and its percentile
    const totalRow = view.locator('tr[data-measure="total"]');
    await expect.poll(() => totalRow.locator('[data-degree]').getAttribute('data-degree')).toBe(total.degree);
    await totalRow.getByText(DEGREE_AR[total.degree], { exact: true }).waitFor();
    await view.getByTestId('percentile').getByText(`الرتبة المئينية: ${total.percentile}`).waitFor();
    // the chart against the average: one bar series for the child, one for the average, mirrored (first dimension on the right)
    const chart = view.getByTestId('report-chart');
    await chart.locator('[data-series]').first().waitFor();
    await chart.getByText('متوسط جميع من أدّوا الاختبار').first().waitFor();
    expect(await xOf(chart, 'الطلاقة')).toBeGreaterThan(await xOf(chart, 'الأصالة'));
    expect(await seriesOf(chart)).toEqual(['score', 'mean']);
    await screenshot(page, 'reports-family-ar');
    expect(errors).toEqual([]);
  });

  test('the admin exports exam_results.xlsx, read back with exceljs', async ({ signedIn }) => {
    const page = await signedIn('admin', 'ar');
    const errors = collectErrors(page);
    await page.goto('/neomi-exams-report');
    const exportButton = page.getByRole('button', { name: 'تصدير exam_results.xlsx' });
    await exportButton.waitFor();
    await page.getByTestId('pre-post').waitFor();
    await screenshot(page, 'reports-admin-export-ar');
    const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
    expect(download.suggestedFilename()).toBe('exam_results.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(fs.readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('النتائج')!;
    expect(sheet.views[0].rightToLeft).toBe(true);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'رقم المتعلم',
      'الاسم',
      'الجنس',
      'العمر',
      'تاريخ الاختبار',
      'الاختبار',
      'التحدي',
      'الطلاقة',
      'المرونة',
      'الأصالة',
      'الأصالة لكل إجابة',
      'المجموع',
      'المستوى',
      'الرتبة المئينية',
      'الحالة',
    ]);
    const rows = sheet
      .getSheetValues()
      .slice(2)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows.length).toBeGreaterThan(0);
    const scored = rows.filter((r) => r[14] === 'مصحّح' || r[14] === 'مصحح');
    expect(scored.length).toBeGreaterThan(0);
    for (const r of scored) {
      expect(r[11]).toBe(Number(r[7]) + Number(r[8]) + Number(r[9]));
      expect(['فوق المتوسط', 'متوسط', 'دون المتوسط']).toContain(r[12]);
      expect(r[13]).toBeGreaterThanOrEqual(0);
    }
    expect(book.getWorksheet('الإجابات')).toBeDefined();
    expect(errors).toEqual([]);
  });
});

/**
 * The report pages outside the console's lists, in Arabic: the guest's
 * report by the link given at registration (no sign-in), and the print pages
 * of a group's and a learner's test (plain and corrected), printed: the
 * console's chrome hidden, one learner a page, and a PDF made by Chromium
 * read back with pdftotext.
 */
/** The page may take a while on a busy machine. */
const POLL = { timeout: 15_000 };

interface Measure {
  measure: string;
  score: number;
  mean: number;
  degree: string;
  percentile: number;
}
interface Report {
  status: string;
  student: { id: number; name: string; age: number; gender: number };
  test_date: string;
  measures: Measure[];
}
interface Printed {
  learners: {
    student_id: number;
    name: string;
    challenge: number;
    test_date: string | null;
    scores: Record<string, number> | null;
    questions: { text: string; answers: { answer: string; category: string | null; status: string }[] }[];
  }[];
}

const DEGREE_AR: Record<string, string> = { above: 'فوق المتوسط', average: 'متوسط', below: 'دون المتوسط' };
const DIMENSION_AR: Record<string, string> = { fluency: 'الطلاقة', flexibility: 'المرونة', originality: 'الأصالة' };

describe('the guest report in Arabic', () => {
  test('a guest who took the test opens the report by its link: who, when, which test, the charts against the average and the label', async ({
    server,
    newPage,
  }) => {
    // a guest registers on the spot (no sign-in ever) and takes the whole pre-test, challenge 1
    const reg = await fetch(`${server.url}/api/temp/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'مريم', gender: 2, birthdate: '2018-01-15', language: 'ar' }),
    });
    expect(reg.status).toBe(201);
    const {
      access_token: guestToken,
      student,
      report_link: link,
    } = (await reg.json()) as { access_token: string; student: { id: number }; report_link: string };
    await takeWholeTest(server.url, guestToken, student.id, ['قارب', 'قبعة للمطر', 'بيت للعصافير', 'روبوت', 'سيارة']);
    // the stage's words are scored by the background worker: wait for the report to say so
    const token = link.split('/').pop()!;
    let report: Report | undefined;
    await expect
      .poll(
        async () => {
          report = (await (await fetch(`${server.url}/api/guest-report/${token}?exam_type=1`)).json()) as Report;
          return report.status;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe('scored');
    const total = report!.measures.find((m) => m.measure === 'total')!;
    expect(report!.student.age).toBeGreaterThanOrEqual(3);
    expect(report!.student.age).toBeLessThanOrEqual(10);

    const page = await newPage('ar');
    const errors = collectErrors(page);
    await page.goto(`/guest-report/${token}`);
    const view = page.getByTestId('student-report');
    await view.getByText('مريم', { exact: true }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // not signed in: no console around the report
    expect(await page.locator('.RaSidebar-root').count()).toBe(0);
    // who and which test: age (Arabic plural of 3–10), gender, test date, test type
    const subheader = (await view.locator('.MuiCardHeader-subheader').first().innerText()).split(' · ');
    expect(subheader[0]).toBe(`${report!.student.age} سنوات`);
    expect(subheader[1]).toBe('بنت');
    const testDate = new Date(report!.test_date);
    expect(subheader[2]).toMatch(
      new RegExp(`^تاريخ الاختبار: .*\\b${testDate.getUTCDate()}\\b.*${testDate.getUTCFullYear()}`),
    );
    expect(subheader[3]).toBe('الاختبار القبلي');

    // the label of the total as the server computed it, with the percentile
    await view.getByText('المستوى:').waitFor();
    await expect
      .poll(() => view.locator('tr[data-measure="total"] [data-degree]').getAttribute('data-degree'), POLL)
      .toBe(total.degree);
    await view.locator('tr[data-measure="total"]').getByText(DEGREE_AR[total.degree], { exact: true }).waitFor();
    await view.getByTestId('percentile').getByText(`الرتبة المئينية: ${total.percentile}`).waitFor();

    // originality, fluency and flexibility, each against the average of every taker: two bars per dimension, mirrored
    const chart = view.getByTestId('report-chart');
    for (const dimension of ['الطلاقة', 'المرونة', 'الأصالة'])
      await chart.locator(`[data-name="${dimension}"]`).getByText(dimension).waitFor();
    expect(await seriesOf(chart)).toEqual(['score', 'mean']);
    await chart.getByText('متوسط جميع من أدّوا الاختبار').first().waitFor();
    expect(await xOf(chart, 'الطلاقة')).toBeGreaterThan(await xOf(chart, 'الأصالة'));
    // each dimension's row and bars: the guest's score and the average, as the server computed them
    const drawn = await barValues(chart);
    for (const m of report!.measures) {
      const cells = await view.locator(`tr[data-measure="${m.measure}"] td`).allInnerTexts();
      expect(cells.slice(1, 3)).toEqual([String(m.score), String(m.mean)]);
      if (m.measure in DIMENSION_AR) expect(drawn[DIMENSION_AR[m.measure]!]).toEqual({ score: m.score, mean: m.mean });
    }
    await screenshot(page, 'reports-guest-ar');
    expect(errors).toEqual([]);
  }, 120_000);
});

/** The text of each page of a PDF (pdftotext, one call per page). */
function pdfPages(file: string): string[] {
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())![1]);
  return Array.from({ length: pages }, (_, i) =>
    execFileSync('pdftotext', ['-f', String(i + 1), '-l', String(i + 1), '-layout', file, '-']).toString(),
  );
}

/** Checks the page prints as it should: no console chrome, one learner a page; then prints it to PDF and returns the PDF's pages. */
async function printed(page: Page, name: string, learnerCount: number): Promise<string[]> {
  await page.emulateMedia({ media: 'print' });
  expect(await page.locator('.MuiAppBar-root').isVisible()).toBe(false);
  expect(await page.locator('.RaSidebar-root').isVisible()).toBe(false);
  expect(await page.locator('.no-print').isVisible()).toBe(false);
  const learners = page.getByTestId('print-learner');
  expect(await learners.count()).toBe(learnerCount);
  // a page break before every learner but the first
  expect(await learners.evaluateAll((els) => els.map((el) => getComputedStyle(el).breakBefore))).toEqual(
    Array.from({ length: learnerCount }, (_, i) => (i ? 'page' : 'auto')),
  );
  await screenshot(page, `${name}-print-media`);
  const file = path.join(SCREENSHOTS, `${name}.pdf`);
  await page.pdf({ path: file, format: 'A4', printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  const pages = pdfPages(file);
  // no blank page (a break after the last learner would add one)
  for (const [i, text] of pages.entries())
    expect(text.trim().length, `page ${i + 1} of ${name}.pdf`).toBeGreaterThan(0);
  return pages;
}

describe('the print pages in Arabic', () => {
  test("a teacher prints a group's test and a learner's, plain and corrected: the tests alone, one learner a page, as a PDF", async ({
    api,
    signedIn,
  }) => {
    const teacher = await api('teacher');
    const { groups } = await teacher.call<{ groups: { id: number; name: string; pre_takers: number }[] }>(
      '/exam-export/groups',
    );
    const group = groups.find((g) => g.name === 'Drawing A')!;
    const plain = await teacher.call<Printed>('/users/print/group/users/answers/all', {
      group_id: group.id,
      exam_type: 1,
      challenge_no: 1,
      locale: 'ar',
    });
    const names = plain.learners.map((l) => l.name);
    expect(names.length).toBeGreaterThanOrEqual(3);
    const yousef = plain.learners.find((l) => l.name === 'Yousef')!;
    const corrected = await teacher.call<Printed>('/users/print/group/users/answers', {
      student_id: yousef.student_id,
      exam_type: 1,
      challenge_no: 1,
      kind: 'corrected',
      locale: 'ar',
    });
    const yousefScores = corrected.learners[0].scores!;

    const page = await signedIn('teacher', 'ar');
    const errors = collectErrors(page);

    // a group's challenge: each learner with the questions and their answers
    await page.goto(`/print-neomi-exam-group/1/1/${group.id}`);
    await page.getByRole('heading', { name: 'اختبار نيومي', exact: true }).waitFor();
    const learners = page.getByTestId('print-learner');
    await expect.poll(() => learners.count(), POLL).toBe(names.length);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(plain.learners.some((l) => l.test_date)).toBe(true);
    for (const learner of plain.learners) {
      const block = learners.filter({ has: page.getByRole('heading', { name: learner.name, exact: true }) });
      await block.getByText('الاختبار القبلي · التحدي الأول', { exact: false }).waitFor();
      // the test's date in the reader's language (with Latin digits, docs/GLOSSARY.md "Brand, form of address, typography"), not an ISO date
      const subtitle = await block.getByText('الاختبار القبلي · التحدي الأول', { exact: false }).innerText();
      if (learner.test_date) expect(subtitle).toMatch(/\b20\d\d\b/);
      expect(subtitle).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      const question = learner.questions.find((q) => q.answers.length)!;
      await block.getByText(question.text, { exact: true }).waitFor();
      for (const a of question.answers) await block.getByText(a.answer, { exact: true }).first().waitFor();
    }
    await page.getByRole('button', { name: 'طباعة' }).waitFor();
    await expect(page.locator('.MuiAppBar-root').isVisible()).resolves.toBe(true);
    await screenshot(page, 'print-group-ar');
    const groupPdf = await printed(page, 'print-group-ar', names.length);
    // one learner a page: each learner's name on pages of their own, in order
    const pagesOf = (pages: string[], name: string) => pages.flatMap((text, i) => (text.includes(name) ? [i] : []));
    const firstPages = names.map((n) => pagesOf(groupPdf, n));
    for (const [i, pages] of firstPages.entries()) {
      expect(pages.length, names[i]).toBeGreaterThan(0);
      for (const other of firstPages.filter((_, j) => j !== i))
        expect(
          pages.some((p) => other.includes(p)),
          names[i],
        ).toBe(false);
    }
    expect(groupPdf.length).toBeGreaterThanOrEqual(names.length);
    expect(groupPdf.join('\n')).not.toMatch(/طباعة|تسجيل الخروج/);

    // every challenge of the group's pre-test
    await page.goto(`/print-neomi-exam-group-all/1/${group.id}`);
    await page.getByRole('heading', { name: 'اختبار نيومي', exact: true }).waitFor();
    await expect.poll(() => learners.count(), POLL).toBeGreaterThanOrEqual(names.length);

    // one learner
    await page.goto(`/print-neomi-exam/${yousef.student_id}/1/1`);
    await expect.poll(() => learners.count(), POLL).toBe(1);
    await learners.getByRole('heading', { name: 'Yousef', exact: true }).waitFor();
    const onePdf = await printed(page, 'print-learner-ar', 1);
    expect(onePdf.join('\n')).toContain('Yousef');

    // corrected: the scores, and each answer's category and points
    await page.goto(`/test-correct-print-neomi-exam/${yousef.student_id}/1/1`);
    await page.getByRole('heading', { name: 'اختبار نيومي مصحح', exact: true }).waitFor();
    const scores = `الطلاقة ${yousefScores.fluency} · المرونة ${yousefScores.flexibility} · الأصالة ${yousefScores.originality} · المجموع ${yousefScores.total}`;
    await learners.getByText(scores, { exact: true }).waitFor();
    const categorised = corrected.learners[0].questions.flatMap((q) => q.answers).find((a) => a.category)!;
    await learners
      .locator('li')
      .filter({ hasText: `${categorised.answer} (${categorised.category}` })
      .first()
      .waitFor();
    await screenshot(page, 'print-corrected-ar');
    const correctedPdf = await printed(page, 'print-corrected-ar', 1);
    expect(correctedPdf.join('\n')).toContain('Yousef');
    expect(fs.statSync(path.join(SCREENSHOTS, 'print-corrected-ar.pdf')).size).toBeGreaterThan(1000);
    expect(errors).toEqual([]);
  }, 180_000);
});
