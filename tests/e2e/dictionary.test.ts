import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, vi } from 'vitest';
import { screenshot } from './support/browser';
import { collectErrors, Sidebar, test } from './support/harness';

/**
 * /category-management in Arabic, as the admin: the tree of the demo
 * dictionary, words added (one refused as a repeat after normalisation),
 * the word search with its stored error, a category created and deleted
 * with confirmation, the template downloaded and an import refused with its
 * errors per row and cell, then accepted.
 */
const workbook = async (rows: string[][]): Promise<Buffer> => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('words');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
};

describe('category management in Arabic', () => {
  test('manages the dictionary of a set: tree, words, search, categories, import', async ({ signedIn }) => {
    const page = await signedIn('admin', 'ar');
    // refused calls (400, 409) are logged by the browser as failed resources: expected here, and not counted
    const pageErrors = collectErrors(page);
    try {
      await new Sidebar(page, 'ar').open('فئات الكلمات');
      await page.waitForURL('**/category-management**');
      await page.getByRole('heading', { level: 1, name: 'فئات الكلمات' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');

      // choose the set "uses of a cup"
      await page.getByRole('combobox', { name: 'دليل التصنيف' }).click();
      await page.getByRole('option', { name: /^استخدامات الكوب/ }).click();
      const tree = page.getByRole('tree', { name: 'الفئات والفئات الفرعية' });
      await tree.getByRole('treeitem', { name: /^مشروبات/ }).click();
      // chosen, as the tree says (aria-selected); clicked again if a render of the page under load took the click
      const hotDrinks = tree.getByRole('treeitem', { name: /^مشروبات ساخنة/ });
      await vi.waitFor(
        async () => {
          await hotDrinks.click();
          await expect.poll(() => hotDrinks.getAttribute('aria-selected'), { timeout: 2000 }).toBe('true');
        },
        { timeout: 15_000, interval: 200 },
      );
      const words = page.getByRole('table', { name: 'الكلمات' });
      await words.getByRole('cell', { name: 'قهوة', exact: true }).waitFor();
      await words.getByRole('cell', { name: 'قهوه', exact: true }).waitFor();

      // add a word; a repeat differing only in diacritics is refused with the reason
      const addForm = page.getByRole('form', { name: 'إضافة كلمة' });
      await addForm.getByLabel('الكلمة').fill('كَاكَاو');
      await addForm.getByRole('button', { name: 'إضافة كلمة' }).click();
      await words.getByRole('cell', { name: 'كَاكَاو', exact: true }).waitFor();
      await words.getByRole('cell', { name: 'كاكاو', exact: true }).waitFor();
      await addForm.getByLabel('الكلمة').fill('شَـاي');
      await addForm.getByRole('button', { name: 'إضافة كلمة' }).click();
      await addForm.getByText('هذه الكلمة مكررة (هي نفسها بعد التوحيد)').waitFor();

      // search a word after normalisation; a word in no category shows the error the call returned
      const search = page.getByRole('search');
      await search.getByLabel('إلى أي فئة تنتمي كلمة؟').fill('أَصِيص');
      await search.getByRole('button', { name: 'بحث' }).click();
      await search.getByText('زراعة › أصيص').waitFor();
      await search.getByLabel('إلى أي فئة تنتمي كلمة؟').fill('طائرة ورقية');
      await search.getByRole('button', { name: 'بحث' }).click();
      await search.getByText(/لا تنتمي هذه الكلمة إلى أي فئة/).waitFor();

      // a new category with a subcategory, then deleted after confirmation
      await page.getByRole('button', { name: 'فئة جديدة' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('الفئة', { exact: true }).fill('رياضة');
      await dialog.getByLabel('الفئة الفرعية').first().fill('ألعاب الكرة');
      await dialog.getByRole('button', { name: 'حفظ' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await tree.getByRole('treeitem', { name: /^ألعاب الكرة/ }).waitFor();
      await page.getByRole('button', { name: 'حذف الفئة: رياضة' }).click();
      await page.getByRole('dialog').getByText('حذف الفئة «رياضة»؟').waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'تأكيد' }).click();
      await tree.getByRole('treeitem', { name: /^رياضة/ }).waitFor({ state: 'detached' });

      // import: the template in Arabic, a file with mistakes (nothing saved), then a good file
      await page.getByRole('button', { name: 'استيراد كلمات' }).click();
      const importDialog = page.getByRole('dialog', { name: /استيراد كلمات إلى/ });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        importDialog.getByRole('button', { name: 'تنزيل القالب' }).click(),
      ]);
      const template = new ExcelJS.Workbook();
      await template.xlsx.load(fs.readFileSync((await download.path())!) as unknown as ArrayBuffer);
      expect(template.worksheets[0].getRow(1).values).toEqual([
        undefined,
        'الفئة',
        'الفئة الفرعية',
        'الكلمة',
        'اللغة (ar/en/de/fr)',
      ]);
      const header = ['الفئة', 'الفئة الفرعية', 'الكلمة', 'اللغة (ar/en/de/fr)'];
      await importDialog.locator('input[type="file"]').setInputFiles({
        name: 'words.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await workbook([
          header,
          ['فن', 'رسم', 'ختم دوائر', 'ar'],
          ['فن', '', 'فرشاة', 'ar'],
          ['فن', 'رسم', 'stamp', 'xx'],
        ]),
      });
      await importDialog.getByRole('button', { name: 'استيراد', exact: true }).click();
      const problems = importDialog.getByRole('table', { name: 'المشكلات حسب الصف والعمود' });
      await problems.getByRole('row', { name: /3 B \(الفئة الفرعية\) هذا الحقل مطلوب/ }).waitFor();
      await problems.getByRole('row', { name: /4 D \(اللغة\) يرجى اختيار أحد الخيارات/ }).waitFor();
      await importDialog.getByText('مشكلتان: لم يُستورد شيء.').waitFor();
      await screenshot(page, 'scoring-import-errors-ar');
      await importDialog.locator('input[type="file"]').setInputFiles({
        name: 'words.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await workbook([header, ['فن', 'رسم', 'ختم دوائر', 'ar'], ['فن', 'رسم', 'stamp', 'en']]),
      });
      await importDialog.getByRole('button', { name: 'استيراد', exact: true }).click();
      await importDialog.getByText(/الكلمات المضافة: 2 /).waitFor();
      await importDialog.getByRole('button', { name: 'إغلاق' }).click();
      await tree.getByRole('treeitem', { name: /^فن/ }).click();
      await tree.getByRole('treeitem', { name: /^رسم/ }).click();
      await words.getByRole('row', { name: /ختم دوائر/ }).waitFor();
      await screenshot(page, 'scoring-category-management-ar');
      expect(pageErrors).toEqual([]);
    } catch (error) {
      await screenshot(page, 'scoring-failure');
      process.stderr.write(`page errors:\n${pageErrors.join('\n')}\n`);
      throw error;
    }
  });
});
