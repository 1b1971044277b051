import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/sidebarByRole';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { ensureBuilt, type RunningServer, startServer } from './support/server';

/**
 * In Arabic, the journey of a child's activity (issue 11 "What it must
 * show"): a family hands in an activity with a photo for a child in a
 * group; the teacher evaluates it (status, scores, badge); the family sees
 * the evaluation and can no longer change it; the admin's overview counts it
 * and draws its charts. Screenshots in test-results/screenshots/activities-*.png.
 */
let server: RunningServer;
let browser: Browser;
const CHILD = 'ريم';
const TITLE = 'قلعة على القمر';
let activityId: number;

async function api(pathName: string, token: string | null, body?: unknown) {
  const res = await fetch(`${server.url}/api${pathName}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${pathName}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}
const tokenOf = async (email: string) => (await api('/login', null, { email, password: DEMO_PASSWORD })).access_token as string;

beforeAll(async () => {
  ensureBuilt();
  server = await startServer();
  browser = await launchBrowser();
  // the membership is the teaching area's journey: here it is set up through its API
  const family = await tokenOf('family@demo.test');
  const teacher = await tokenOf('teacher@demo.test');
  const { child } = await api('/users/add/child', family, { name: CHILD, gender: 2, birthdate: '2017-03-04' });
  const groups = (await api('/groups/my_groups', teacher, { limit: 50 })).groups as { id: number; name: string }[];
  const drawingA = groups.find((g) => g.name === 'Drawing A')!;
  await api(`/groups/add/${drawingA.id}/1`, family, { promo_code: 'DRAWA1', user_id: child.id });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const signIn = async (page: Page, email: string) => {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'دخول', exact: true }).click();
  await page.waitForURL(/\/overview$/);
};

const rtl = async (page: Page) => expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);

describe('an activity from hand-in to the overview, in Arabic', () => {
  it('the family hands in an activity with a photo for its child in the group', async () => {
    const photoFile = path.join(os.tmpdir(), `castle-${Date.now()}.jpg`);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><rect width="480" height="360" fill="#1d3557"/><circle cx="380" cy="80" r="50" fill="#f1faee"/><rect x="150" y="170" width="180" height="150" fill="#e63946"/><polygon points="140,170 240,90 340,170" fill="#a8dadc"/></svg>';
    fs.writeFileSync(photoFile, await sharp(Buffer.from(svg)).jpeg().toBuffer());
    const { context, page } = await newPage(browser, server.url, 'ar');
    try {
      await signIn(page, 'family@demo.test');
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
      await context.close();
      fs.rmSync(photoFile, { force: true });
    }
  });

  it('the teacher is told, and evaluates it: status, scores, badge', async () => {
    const { context, page } = await newPage(browser, server.url, 'ar');
    try {
      page.on('pageerror', (e) => process.stderr.write(`PAGEERROR ${e.message}\n${e.stack}\n`));
      page.on('console', (m) => { if (m.type() === 'error') process.stderr.write(`CONSOLE ${m.text()}\n`); });
      await signIn(page, 'teacher@demo.test');
      const bell = page.getByRole('button', { name: /^الإشعارات/ });
      await bell.click();
      await page.getByRole('menuitem', { name: new RegExp(TITLE) }).click();
      await page.waitForURL(new RegExp(`/activities/${activityId}/show$`));
      await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
      await rtl(page);
      // saving without a status is refused with SPEC's message
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
      await screenshot(page, 'activities-3-teacher-evaluates');
      await page.getByRole('button', { name: 'حفظ التقييم' }).click();
      await page.getByText('تم حفظ التقييم').waitFor();
      const evaluation = page.getByRole('region', { name: 'التقييم' });
      await evaluation.getByText('80%').waitFor();
      await evaluation.getByText('التميز').waitFor();
      await screenshot(page, 'activities-4-teacher-evaluated');
    } finally {
      await context.close();
    }
  });

  it('the family sees the evaluation and can no longer change the activity', async () => {
    const { context, page } = await newPage(browser, server.url, 'ar');
    try {
      await signIn(page, 'family@demo.test');
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
      await page.getByText('شكرًا على تقييمك').waitFor();
      await screenshot(page, 'activities-6-family-sees-evaluation');
      // and the server refuses a change all the same
      const token = await page.evaluate(() => localStorage.getItem('neomi.token'));
      const res = await fetch(`${server.url}/api/evaluation/edit/${activityId}`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ title: 'x' }),
      });
      expect(res.status).toBe(409);
    } finally {
      await context.close();
    }
  });

  it("the admin's overview shows the new counts and the three charts", async () => {
    const admin = await tokenOf('admin@demo.test');
    const counts = await api('/dashboard/counts', admin, {});
    const { context, page } = await newPage(browser, server.url, 'ar');
    try {
      await signIn(page, 'admin@demo.test');
      await rtl(page);
      const card = (label: string) => page.getByRole('article', { name: label });
      await card('التقييمات').getByText(counts.evaluations.toLocaleString('ar')).waitFor();
      await card('المجموعات').getByText(counts.groups.toLocaleString('ar')).waitFor();
      await card('الدورات').getByText(counts.courses.toLocaleString('ar')).waitFor();
      await card('الطلاب').getByText(counts.students.toLocaleString('ar')).waitFor();
      for (const chart of ['الأنشطة حسب المجموعة', 'الأنشطة حسب الشهر', 'التفاعل اليومي']) {
        await page.getByRole('region', { name: chart }).locator('svg.recharts-surface').first().waitFor();
      }
      // the new activity is in Drawing A's slice and in this month's bar
      const pie = await api('/dashboard/evaluations/groups/count', admin, {});
      expect(pie.groups.find((g: { group_name: string }) => g.group_name === 'Drawing A').count).toBeGreaterThan(0);
      const months = (await api('/dashboard/evaluations/month/count', admin, {})).months;
      expect(months.at(-1).count).toBeGreaterThan(0);
      // charts are laid out left to right inside a mirrored box
      expect(await page.locator('[role="img"][dir="ltr"]').count()).toBe(3);
      await page.waitForTimeout(300);
      await screenshot(page, 'activities-7-admin-overview');
    } finally {
      await context.close();
    }
  });
});
