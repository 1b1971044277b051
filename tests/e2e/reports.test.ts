import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect } from 'vitest';
import { screenshot } from './support/browser';
import { collectErrors, test } from './support/harness';

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
    const DEGREE_AR: Record<string, string> = { above: 'فوق المتوسط', average: 'متوسط', below: 'دون المتوسط' };

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
    await chart.locator('.recharts-bar-rectangle').first().waitFor();
    await chart.getByText('متوسط جميع من أدّوا الاختبار').first().waitFor();
    const xOf = async (label: string) => (await chart.locator('svg text', { hasText: label }).first().boundingBox())!.x;
    expect(await xOf('الطلاقة')).toBeGreaterThan(await xOf('الأصالة'));
    expect(await chart.locator('.recharts-bar').count()).toBe(2);
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
