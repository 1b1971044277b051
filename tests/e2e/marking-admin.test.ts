import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { axeFindings, describeFindings } from './support/axe';
import { screenshot } from './support/browser';
import { type ApiClient, collectErrors, LoginForm, Sidebar, test } from './support/harness';

/**
 * Allocating tests to markers, in Arabic, as the demo admin (/marking-admin):
 * a finished test allocated to one marker, refused (409, in Arabic) to the
 * same marker again, allocated to a second marker; two more in bulk; both
 * markers mark the test (through the API) and the admin reads their
 * agreement per rubric item and overall; with a narrower margin the test
 * waits for a third marker.
 */
/** The page may take a while on a busy machine. */
const POLL = { timeout: 15_000 };

interface AdminTest {
  exam_id: number;
  child: string;
  markings: { id: number; round: number; marker: string; code: string; status: string }[];
}
interface QueueItem {
  id: number;
  code: string;
  version: number;
}
interface TestForMarking {
  version: number;
  images: { file_id: number }[];
}

/** Marks every drawing of the caller's marking `code` with `scores` and finishes it, through the API. */
async function markWholeTest(marker: ApiClient, code: string, scores: Record<string, number>): Promise<void> {
  const queue = await marker.call<{ data: QueueItem[] }>('/users/to/mark', {});
  const item = queue.data.find((i) => i.code === code)!;
  const marked = await marker.call<TestForMarking>('/exam/report/for/marking', { assignment_id: item.id });
  let version = marked.version;
  for (const image of marked.images) {
    ({ version } = await marker.call<{ version: number }>('/mark/exam/report', {
      assignment_id: item.id,
      file_id: image.file_id,
      version,
      scores,
    }));
  }
  await marker.call('/mark/exam/finish', { assignment_id: item.id, version });
}

/** Picks a marker in the allocation dialog (a react-admin SelectInput) and saves. */
async function allocateTo(page: Page, markerName: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox').click();
  await page.getByRole('option', { name: new RegExp(`^${markerName} `) }).click();
  await dialog.getByRole('button', { name: 'حفظ' }).click();
}

const rowOf = (page: Page, child: string) =>
  page.getByTestId('marking-test-row').filter({ has: page.getByRole('cell', { name: child, exact: true }) });

describe('allocating markings in Arabic', () => {
  test('allocates a test to two markers, one at a time and in bulk, and shows their agreement', async ({
    api,
    signedIn,
  }) => {
    const admin = await api('admin');
    const marker = await api('marker');
    const page = await signedIn('admin', 'ar');
    const errors = collectErrors(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await new Sidebar(page, 'ar').open('توزيع التصحيح');
    await page.waitForURL('**/marking-admin');
    await page.getByRole('heading', { level: 1, name: 'توزيع التصحيح' }).waitFor();

    // the finished tests no marker has yet: the demo's Yousef (the demo marker has the others)
    await page.getByRole('button', { name: 'غير موزَّع', exact: true }).click();
    await expect.poll(() => page.getByTestId('marking-test-row').count(), POLL).toBe(1);
    const yousef = rowOf(page, 'Yousef');
    await yousef.getByText('غير موزَّع').waitFor();
    await screenshot(page, 'marking-admin-unallocated-ar');

    // one test, selected, to the demo marker (least busy first: the list shows each one's open tests)
    await page.getByRole('checkbox', { name: 'تحديد اختبار Yousef' }).check();
    await page.getByTestId('selected-count').getByText('حُدِّد اختبار واحد').waitFor();
    await page.getByRole('button', { name: 'توزيع المحدَّد' }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'توزيع اختبار واحد على مصحح' }).waitFor();
    await page.getByRole('dialog').getByRole('combobox').click();
    await page.getByRole('option', { name: 'Mona Marker (4 اختبارات مفتوحة)' }).waitFor();
    await screenshot(page, 'marking-admin-allocate-ar');
    await page.keyboard.press('Escape');
    await allocateTo(page, 'Mona Marker');
    await page.getByText('وُزّعت الاختبارات').first().waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('marking-test-row').count(), POLL).toBe(0);
    await page.getByText('لا يوجد اختبار منتهٍ مطابق.').waitFor();

    // every test: the same marker again is refused with the server's message in Arabic; a second marker is accepted
    await page.getByRole('button', { name: 'الكل', exact: true }).click();
    await rowOf(page, 'Yousef').getByText('الجولة 1: Mona Marker (قيد التصحيح)').waitFor();
    await rowOf(page, 'Yousef').getByRole('button', { name: 'توزيع', exact: true }).click();
    await allocateTo(page, 'Mona Marker');
    await page.getByText('هذا الاختبار لدى هذا المصحّح بالفعل').first().waitFor();
    await screenshot(page, 'marking-admin-refused-ar');
    await allocateTo(page, 'Nadia Admin');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await rowOf(page, 'Yousef').getByText('الجولة 2: Nadia Admin (قيد التصحيح)').waitFor();

    // two tests at once to the second marker
    await page.getByRole('checkbox', { name: 'تحديد اختبار Omar' }).check();
    await page.getByRole('checkbox', { name: 'تحديد اختبار Sara' }).check();
    await page.getByTestId('selected-count').getByText('حُدِّد اختباران').waitFor();
    await page.getByRole('button', { name: 'توزيع المحدَّد' }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'توزيع اختبارين على مصحح' }).waitFor();
    await allocateTo(page, 'Nadia Admin');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    for (const child of ['Omar', 'Sara'])
      await rowOf(page, child).getByText('الجولة 2: Nadia Admin (قيد التصحيح)').waitFor();
    await screenshot(page, 'marking-admin-all-ar');

    // before any marking is finished there is no agreement yet
    await rowOf(page, 'Yousef').getByRole('button', { name: 'الاتفاق' }).click();
    const dialog = page.getByTestId('agreement-dialog');
    await dialog.getByText('يظهر الاتفاق بعد انتهاء تصحيحين لهذا الاختبار.').waitFor();
    await page.getByRole('button', { name: 'إغلاق' }).click();

    // both markers mark the whole test (API): originality 2 against 1 on each of the 3 drawings, the rest alike
    const tests = await admin.call<{ data: AdminTest[] }>('/marking/tests', {});
    const test = tests.data.find((t) => t.child === 'Yousef')!;
    const [first, second] = test.markings;
    await markWholeTest(marker, first.code, { originality: 2, elaboration: 3, closure: 1, title: 0 });
    await markWholeTest(admin, second.code, { originality: 1, elaboration: 3, closure: 1, title: 0 });

    await page.reload();
    await rowOf(page, 'Yousef').getByText('الجولة 2: Nadia Admin (مصحَّح)').waitFor();
    await rowOf(page, 'Yousef').getByRole('button', { name: 'الاتفاق' }).click();
    await page.getByRole('heading', { name: 'تصحيحات اختبار Yousef' }).waitFor();
    const markings = dialog.getByTestId('markings-table');
    await expect.poll(() => markings.locator('tbody tr').count(), POLL).toBe(2);
    expect(await markings.locator('tr[data-round="1"] td').allInnerTexts()).toEqual([
      '1',
      'Mona Marker',
      first.code,
      'مصحَّح',
      '18',
      expect.any(String),
    ]);
    expect(await markings.locator('tr[data-round="2"] td').allInnerTexts()).toEqual([
      '2',
      'Nadia Admin',
      second.code,
      'مصحَّح',
      '15',
      expect.any(String),
    ]);
    const agreement = dialog.getByTestId('agreement-table');
    const cells = (item: string) => agreement.locator(`tr[data-item="${item}"] td`).allInnerTexts();
    expect(await cells('originality')).toEqual(['الأصالة', '6', '3', '3', '0%']);
    expect(await cells('elaboration')).toEqual(['التفاصيل', '9', '9', '0', '100%']);
    expect(await cells('closure')).toEqual(['مقاومة الإغلاق', '3', '3', '0', '100%']);
    expect(await cells('title')).toEqual(['العنوان', '0', '0', '0', '100%']);
    expect(await cells('overall')).toEqual(['الإجمالي', '18', '15', '3', '75%']);
    // a difference of 3 is within the default margin (3): no third marker
    expect(await dialog.getByTestId('needs-third').count()).toBe(0);
    await screenshot(page, 'marking-admin-agreement-ar');
    await page.getByRole('button', { name: 'إغلاق' }).click();

    // a narrower margin (2): the two now disagree beyond it, and with no other marker free the test waits for a third
    // it changes on the settings screen (the one place settings change), reached from the margin's line
    await page.getByTestId('margin').getByText('الهامش قبل المصحح الثالث: 3', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'غيّره من الإعدادات' }).click();
    await page.getByRole('heading', { level: 1, name: 'الإعدادات' }).waitFor();
    const marginCard = page.getByRole('region', { name: 'الهامش قبل المصحح الثالث' });
    expect(await marginCard.getByTestId('setting-range').innerText()).toBe(
      'القيم المسموح بها: من 0 نقطة إلى 1,000 نقطة',
    );
    expect(await marginCard.getByTestId('setting-value').innerText()).toBe('القيمة الآن: 3 نقاط');
    await marginCard.getByRole('button', { name: 'تغيير: الهامش قبل المصحح الثالث' }).click();
    // a value outside the range is refused in Arabic, and nothing is sent
    await page.getByRole('dialog').getByRole('spinbutton').fill('1001');
    await page.getByRole('dialog').getByRole('button', { name: 'حفظ' }).click();
    await page.getByRole('dialog').getByText('يجب أن يكون الهامش عددًا صحيحًا من 0 إلى 1000').waitFor();
    await page.getByRole('dialog').getByRole('spinbutton').fill('2');
    await page.getByRole('dialog').getByRole('button', { name: 'حفظ' }).click();
    await page.getByText('حُفظ الإعداد').first().waitFor();
    await marginCard.getByTestId('setting-value').getByText('القيمة الآن: نقطتان').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await screenshot(page, 'settings-ar');
    await page.goBack();
    await page.getByTestId('margin').getByText('الهامش قبل المصحح الثالث: 2', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'اختلاف', exact: true }).click();
    await expect.poll(() => page.getByTestId('marking-test-row').count(), POLL).toBe(1);
    await rowOf(page, 'Yousef').getByText('يحتاج إلى مصحح ثالث').waitFor();
    await rowOf(page, 'Yousef').getByRole('button', { name: 'الاتفاق' }).click();
    await dialog.getByTestId('needs-third').getByText('يختلف المجموعان بأكثر من الهامش', { exact: false }).waitFor();
    await screenshot(page, 'marking-admin-needs-third-ar');
    expect(errors).toEqual([]);
  }, 180_000);
});

describe('marker reliability in Arabic', () => {
  test('shows the demo cohort with its drifting marker, passes axe on a desktop and a phone, and downloads the sheet', async ({
    signedIn,
    newPage,
  }) => {
    const page = await signedIn('admin', 'ar');
    const errors = collectErrors(page);
    await new Sidebar(page, 'ar').open('توزيع التصحيح');
    await page.getByRole('link', { name: 'ثبات التصحيح' }).click();
    await page.waitForURL('**/marking-admin/reliability');
    await page.getByRole('heading', { level: 1, name: 'ثبات التصحيح بين المصححين' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // the demo's pre-test challenge 3: three markers, Tarek leaning on originality and elaboration
    const markers = page.getByRole('table', { name: 'المصححون مقارنة بالإجماع' });
    await markers.locator('tr[data-marker="Tarek Marker"]').getByText('منجرف في: الأصالة والتفاصيل').waitFor();
    expect(await markers.locator('tr[data-flagged="true"]').count()).toBe(1);
    expect(await page.getByTestId('reliability-summary').innerText()).toMatch(/مصحَّح.* مرتين · \d+ رسمة مقارنة$/);
    await page
      .getByRole('region', { name: 'ICC وكابا التربيعية في كل معيار، مع فترات الثقة 95%' })
      .locator('svg')
      .first()
      .waitFor();
    const findings = await axeFindings(page, { impacts: ['critical', 'serious'] });
    expect(describeFindings(findings)).toEqual([]);
    await screenshot(page, 'marker-reliability-ar');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'تنزيل جدول البيانات' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^marker-reliability-1-3-\d{4}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(fs.readFileSync((await download.path())!) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['الثبات', 'المصححون']);
    const rows = workbook.worksheets[1].getSheetValues().slice(2) as unknown[][];
    expect(rows.filter((r) => r[8] === 'نعم').map((r) => [r[1], r[2]])).toEqual([
      ['Tarek Marker', 'الأصالة'],
      ['Tarek Marker', 'التفاصيل'],
    ]);

    // a phone, as a phone opens it (the sidebar closed)
    const phone = await newPage('ar', { viewport: { width: 390, height: 844 } });
    await new LoginForm(phone, 'ar').signInAs('admin');
    await phone.goto('/marking-admin/reliability');
    await phone.getByRole('heading', { level: 1, name: 'ثبات التصحيح بين المصححين' }).waitFor();
    await phone.getByRole('table', { name: 'المصححون مقارنة بالإجماع' }).waitFor();
    await phone
      .getByRole('region', { name: /^متوسط الانحراف عن الإجماع/ })
      .locator('svg')
      .first()
      .waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const phoneFindings = await axeFindings(phone, { impacts: ['critical', 'serious'] });
    expect(describeFindings(phoneFindings)).toEqual([]);
    await screenshot(phone, 'marker-reliability-phone-ar');
    expect(errors).toEqual([]);
  }, 60_000);
});
