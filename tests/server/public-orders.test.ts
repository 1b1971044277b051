import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { DATE_FORMAT } from '../../server/adapters/xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { kitOrders, logs, permissions, userPermissions } from '../../server/db/schema';
import { SAMPLE_TEXT } from '../../server/routes/public/samplePdf';
import { PUBLIC_SEND_POLICY } from '../../server/services/publicSends';
import { cheapChallenges, encodePayload, fetchChallenge, solve, solvedChallenge } from './support/challenge';
import { createTestApp } from './support/testApp';
import { backgroundJobCounts } from '../../server/repositories/jobQueues';
import { withApp } from './support/withApp';

const t = withApp();
beforeAll(async () => {
  await t.token('admin');
});

const ORDER = {
  email: 'Head@Sunrise-School.example',
  entity: 'Sunrise School',
  kits_no: 12,
  contact_name: 'Huda Kamal',
  phone_number: '+20 100 123 4567',
  address: '12 Nile Street, Giza',
  comment: 'Before September, please',
};

let addressCount = 0;
/** Each test sends from an address of its own, so the per-address limit stays its own. */
const newAddress = () => `192.0.2.${++addressCount}`;

const send = (payload: unknown, remoteAddress = newAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/contact/us', payload: payload as never, remoteAddress });

const ordersFor = (entity: string) => t.db.select().from(kitOrders).where(eq(kitOrders.entity, entity));

describe('the sample PDF (GET /api/neomi-kit/sample.pdf)', () => {
  let pdf: Buffer;
  beforeAll(async () => {
    const res = await t.inject({ url: '/api/neomi-kit/sample.pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="neomi-kit-sample.pdf"');
    pdf = res.rawPayload;
  });

  it('is public, three pages, and its Arabic and English text extract with pdftotext', () => {
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const info = execFileSync('pdfinfo', ['-'], { input: pdf }).toString();
    expect(info).toMatch(/Pages:\s+3/);
    // bidi marks out, lines joined: the text as a reader sees it
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf })
      .toString('utf8')
      .replace(/[\u202A-\u202E]/g, '');
    const oneLiners = [
      SAMPLE_TEXT.title,
      SAMPLE_TEXT.subtitle,
      SAMPLE_TEXT.boxTitle,
      ...SAMPLE_TEXT.box,
      SAMPLE_TEXT.challengesTitle,
      SAMPLE_TEXT.scoringTitle,
      SAMPLE_TEXT.footer,
      SAMPLE_TEXT.orderTitle,
    ];
    for (const line of oneLiners) {
      expect(text).toContain(line.ar);
      expect(text).toContain(line.en);
    }
    // headings with a colon: each side of it, in its words
    for (const line of [
      ...SAMPLE_TEXT.challenges.map((c) => c.title),
      SAMPLE_TEXT.activityTitle,
      ...SAMPLE_TEXT.scoring,
    ]) {
      for (const part of line.ar.split(':')) expect(text).toContain(part.trim());
    }
    // paragraphs wrap and their punctuation moves in extraction: every Arabic word must come back whole
    const words = new Set(text.split(/[\s.،:؟?!]+/).filter(Boolean));
    const paragraphs = [
      SAMPLE_TEXT.what,
      SAMPLE_TEXT.order,
      ...SAMPLE_TEXT.challenges.map((c) => c.text),
      SAMPLE_TEXT.activity,
    ];
    for (const paragraph of paragraphs) {
      for (const word of paragraph.ar.split(/[\s.،:؟]+/).filter(Boolean)) expect.soft(words, word).toContain(word);
    }
    expect(text.replace(/\s+/g, ' ')).toContain(
      'The Neomi kit is a set of activities and games that grow creative thinking',
    );
  });

  it('saves a picture of its first page (test-results/public/neomi-kit-sample-page1.png)', () => {
    const dir = path.resolve('test-results', 'public');
    fs.mkdirSync(dir, { recursive: true });
    const pdfFile = path.join(dir, 'neomi-kit-sample.pdf');
    fs.writeFileSync(pdfFile, pdf);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '80',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      pdfFile,
      path.join(dir, 'neomi-kit-sample-page1'),
    ]);
    const png = fs.readFileSync(path.join(dir, 'neomi-kit-sample-page1.png'));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.length).toBeGreaterThan(20_000);
  });
});

describe('POST /api/contact/us: the kit order', () => {
  it('says which fields are missing: all but the comment are required', async () => {
    const res = await send({});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      email: 'app.validation.required',
      entity: 'app.validation.required',
      kits_no: 'app.validation.required',
      contact_name: 'app.validation.required',
      phone_number: 'app.validation.required',
      address: 'app.validation.required',
    });
    const blank = await send({ ...ORDER, entity: '   ', comment: '' });
    expect(blank.json().errors).toEqual({ entity: 'app.validation.required' });
  });

  it('gives each field its own message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'not-an-email' }, 'email', 'app.validation.emailAddress'],
      [{ email: `${'a'.repeat(250)}@example.com` }, 'email', 'app.validation.tooLong'],
      [{ kits_no: 0 }, 'kits_no', 'app.public.kitsNumber'],
      [{ kits_no: -3 }, 'kits_no', 'app.public.kitsNumber'],
      [{ kits_no: 2.5 }, 'kits_no', 'app.public.kitsNumber'],
      [{ kits_no: 'many' }, 'kits_no', 'app.public.kitsNumber'],
      [{ kits_no: 10_001 }, 'kits_no', 'app.public.kitsTooMany'],
      [{ phone_number: 'call me' }, 'phone_number', 'app.public.invalidPhone'],
      [{ entity: 'x'.repeat(256) }, 'entity', 'app.validation.tooLong'],
      [{ address: 'x'.repeat(501) }, 'address', 'app.validation.tooLong'],
      [{ comment: 'x'.repeat(2001) }, 'comment', 'app.validation.tooLong'],
      [{ locale: 'xx' }, 'locale', 'app.validation.invalidChoice'],
      [{ entity: 'Sunrise\u202EloohcS' }, 'entity', 'app.validation.invalidCharacters'],
      [{ contact_name: 'Huda\u0000' }, 'contact_name', 'app.validation.invalidCharacters'],
    ];
    for (const [change, field, key] of cases) {
      const res = await send({ ...ORDER, ...change });
      expect.soft(res.statusCode, field).toBe(400);
      expect.soft(res.json().errors, JSON.stringify(change).slice(0, 60)).toEqual({ [field]: key });
    }
    expect(await ordersFor(ORDER.entity)).toHaveLength(0);
  });

  it('refuses a body over 16 KB with 413', async () => {
    const res = await send({ ...ORDER, comment: 'x'.repeat(20_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json().key).toBe('app.errors.requestTooLarge');
  });

  it('stores the order, answers "done" and mails every platform admin', async () => {
    t.mails.length = 0;
    const res = await send({
      ...ORDER,
      entity: 'Stored School',
      kits_no: '7',
      phone_number: '٠١٠٠١٢٣٤٥٦٧',
      locale: 'ar',
    });
    expect(res.statusCode).toBe(200);
    const [order] = await ordersFor('Stored School');
    // the answer: "done", the reference number made from the stored id, and the order as stored (the confirmation page)
    expect(res.json()).toEqual({
      message: 'done',
      key: 'app.public.orderSent',
      order: {
        reference: `NK-${String(order.id).padStart(6, '0')}`,
        entity: 'Stored School',
        kits_no: 7,
        contact_name: 'Huda Kamal',
        email: 'head@sunrise-school.example',
        phone_number: '01001234567',
        address: '12 Nile Street, Giza',
        comment: 'Before September, please',
      },
    });
    expect(order).toMatchObject({
      email: 'head@sunrise-school.example',
      kitsNo: 7,
      contactName: 'Huda Kamal',
      phoneNumber: '01001234567',
      address: '12 Nile Street, Giza',
      comment: 'Before September, please',
      locale: 'ar',
      status: 'new',
      note: null,
      handledBy: null,
    });
    await t.app.jobs.drain();
    const adminMails = t.mails.filter((m) => m.to !== 'head@sunrise-school.example');
    expect(adminMails).toHaveLength(1); // the demo has one platform admin
    expect(adminMails[0]).toMatchObject({ to: 'admin@demo.test', replyTo: 'head@sunrise-school.example' });
    expect(adminMails[0].subject).toContain('Stored School (7)');
    expect(adminMails[0].text).toContain('Huda Kamal');
    expect(adminMails[0].text).toContain(`/orders/${order.id}/show`);
    // and the admin's bell, written with the order
    const bell = await t.inject({
      method: 'POST',
      url: '/api/users/notifications',
      as: 'admin',
      payload: { type: 'kit_order' },
    });
    expect(bell.statusCode).toBe(200);
    expect(bell.json().notifications[0]).toMatchObject({
      title: 'app.notifications.kinds.kit_order',
      message: 'app.notifications.messages.kit_order',
      params: { entity: 'Stored School', kits_no: 7 },
      link: `/orders/${order.id}/show`,
    });
  });

  it("mails the orderer the confirmation in the page's language, leading with it; without one, Arabic then English", async () => {
    for (const [locale, first, subject] of [
      ['ar', 'مرحبًا Huda Kamal،', 'أكاديمية نيومي: طلب الحقائب رقم'],
      ['fr', 'Bonjour Huda Kamal,', 'Neomi Academy : votre commande de kits'],
      ['de', 'Guten Tag Huda Kamal,', 'Neomi Academy: Ihre Kit-Bestellung'],
      ['en', 'Hello Huda Kamal,', 'Neomi Academy: your kit order'],
    ] as const) {
      t.mails.length = 0;
      const entity = `Confirmed ${locale}`;
      const res = await send({ ...ORDER, entity, email: `orders-${locale}@school.example`, locale });
      expect(res.statusCode).toBe(200);
      const { reference } = res.json().order as { reference: string };
      const [order] = await ordersFor(entity);
      expect(reference).toBe(`NK-${String(order.id).padStart(6, '0')}`);
      await t.app.jobs.drain();
      const mail = t.mails.find((m) => m.to === `orders-${locale}@school.example`)!;
      expect(mail, locale).toBeTruthy();
      expect(mail.subject).toBe(`${subject} ${reference}`);
      // the recipient's language only, from its first line; the reference, the order and what happens next
      expect(mail.text.split('\n')[0]).toBe(first);
      expect(mail.text).toContain(reference);
      expect(mail.text).toContain(entity);
      expect(mail.text).toContain('12 Nile Street, Giza');
      expect(mail.text).not.toContain('————————');
    }
    // an order sent without a language (an API client): Arabic first, then English
    t.mails.length = 0;
    await send({ ...ORDER, entity: 'No language', email: 'nolang@school.example' });
    await t.app.jobs.drain();
    const both = t.mails.find((m) => m.to === 'nolang@school.example')!;
    expect(both.text.indexOf('مرحبًا')).toBeLessThan(both.text.indexOf('Hello'));
    expect(both.text).toContain('————————');
    // the admins find the order by its reference number
    const [order] = await ordersFor('No language');
    const found = await t.inject({
      method: 'POST',
      url: '/api/contact/orders',
      as: 'admin',
      payload: { search_text: `nk-${String(order.id).padStart(6, '0')}` },
    });
    expect(found.json().orders.map((o: { id: number; reference: string }) => [o.id, o.reference])).toEqual([
      [order.id, `NK-${String(order.id).padStart(6, '0')}`],
    ]);
  });

  it('a filled honeypot gets the same answer, but nothing is stored or mailed', async () => {
    t.mails.length = 0;
    const res = await send({ ...ORDER, entity: 'Robot Inc', website: 'http://spam.example' });
    expect(res.statusCode).toBe(200);
    // the same shape as a person's answer, with a reference no order has
    expect(res.json()).toMatchObject({
      message: 'done',
      key: 'app.public.orderSent',
      order: { reference: expect.stringMatching(/^NK-\d{6}$/), entity: 'Robot Inc' },
    });
    // every job the request started (an order's mail goes off the request) has ended: nothing is pending
    await t.app.jobs.drain();
    expect(await ordersFor('Robot Inc')).toHaveLength(0);
    expect(t.mails).toHaveLength(0);
  });

  it('asks one address for the challenge after three sends, accepts each solution once, and refuses after ten', async () => {
    await cheapChallenges(t.db);
    const address = newAddress();
    for (let i = 0; i < PUBLIC_SEND_POLICY.challengeAfter; i++) {
      expect((await send({ ...ORDER, entity: `Repeat ${i}` }, address)).statusCode).toBe(200);
    }
    const noChallenge = await send({ ...ORDER, entity: 'Repeat no challenge' }, address);
    expect(noChallenge.statusCode).toBe(400);
    expect(noChallenge.json()).toMatchObject({
      key: 'app.public.challengeRequired',
      errors: { captcha: 'app.public.challengeRequired' },
    });
    // a challenge from GET /captcha, solved, then changed to say it took less work: refused
    const challenge = await fetchChallenge(t.app, address);
    const solved = await solve(challenge);
    const { solution } = JSON.parse(Buffer.from(solved, 'base64').toString());
    const easier = encodePayload({ ...challenge, parameters: { ...challenge.parameters, cost: 1 } }, solution);
    const forged = await send({ ...ORDER, entity: 'Repeat forged', captcha: easier }, address);
    expect(forged.json()).toMatchObject({
      key: 'app.errors.challengeFailed',
      errors: { captcha: 'app.errors.challengeFailed' },
    });
    expect((await send({ ...ORDER, entity: 'Repeat right', captcha: solved }, address)).statusCode).toBe(200);
    // a solution is good once
    expect((await send({ ...ORDER, entity: 'Repeat again', captcha: solved }, address)).json().key).toBe(
      'app.errors.challengeFailed',
    );
    expect(await ordersFor('Repeat no challenge')).toHaveLength(0);
    expect(await ordersFor('Repeat forged')).toHaveLength(0);
    expect(await ordersFor('Repeat right')).toHaveLength(1);
    expect(await ordersFor('Repeat again')).toHaveLength(0);
    for (let i = PUBLIC_SEND_POLICY.challengeAfter + 1; i < PUBLIC_SEND_POLICY.maxPerWindow; i++) {
      expect(
        (await send({ ...ORDER, entity: `Repeat ${i}`, captcha: await solvedChallenge(t.app, address) }, address))
          .statusCode,
      ).toBe(200);
    }
    const tooMany = await send(
      { ...ORDER, entity: 'Repeat too many', captcha: await solvedChallenge(t.app, address) },
      address,
    );
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json()).toMatchObject({ key: 'app.public.tooManySends' });
    expect(await ordersFor('Repeat too many')).toHaveLength(0);
    // another address is not held back
    expect((await send({ ...ORDER, entity: 'Other address' })).statusCode).toBe(200);
  });
});

describe('an order when the mail server refuses', () => {
  it('is stored and answered "done"; the failed mails are logged and kept for a retry', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as net.AddressInfo;
        server.close(() => resolve(free));
      });
    });
    const lines: string[] = [];
    const down = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` }, lines);
    try {
      const res = await down.app.inject({
        method: 'POST',
        url: '/api/contact/us',
        payload: { ...ORDER, entity: 'Mail Down School' },
        remoteAddress: '198.51.100.1',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: 'done', key: 'app.public.orderSent' });
      const stored = await down.db.select().from(kitOrders).where(eq(kitOrders.entity, 'Mail Down School'));
      expect(stored).toHaveLength(1);
      // the mail is tried by its job, fails, is logged, and waits for its retry: kept, not lost
      await down.app.jobs.drain();
      const failure = lines.map((l) => JSON.parse(l)).find((l) => l.event === 'job.failed' && l.queue === 'mail');
      expect(failure).toMatchObject({ level: 50 });
      expect(failure.err.code).toMatch(/^(ESOCKET|ECONNECTION|ECONNREFUSED)$/);
      const jobs = await backgroundJobCounts(down.db);
      expect(jobs).toContainEqual({ queue: 'mail', state: 'retry', count: 2 }); // the admin's mail and the orderer's
    } finally {
      await down.close();
    }
  });
});

describe('the orders in the console', () => {
  let orderId: number;
  beforeAll(async () => {
    await send({ ...ORDER, entity: 'Console School', email: 'console@school.example', kits_no: 30 });
    await send({ ...ORDER, entity: '=HYPERLINK("http://evil.example")', kits_no: 1 });
    [{ id: orderId }] = await ordersFor('Console School');
  });

  it('lists orders for admins, newest first, with search and status filters', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/contact/orders', as: 'admin', payload: { limit: 5 } });
    expect(res.statusCode).toBe(200);
    const { orders, count } = res.json();
    expect(count).toBeGreaterThanOrEqual(10);
    expect(orders).toHaveLength(5);
    expect(orders[0].entity).toBe('=HYPERLINK("http://evil.example")');
    const found = await t.inject({
      method: 'POST',
      url: '/api/contact/orders',
      as: 'admin',
      payload: { search_text: 'console@' },
    });
    expect(found.json().orders.map((o: { id: number }) => o.id)).toEqual([orderId]);
    expect(found.json().orders[0]).toMatchObject({
      entity: 'Console School',
      kits_no: 30,
      status: 'new',
      handled_by_name: null,
    });
    const byQuery = await t.inject({
      method: 'POST',
      url: '/api/contact/orders?search_text=Console%20School&status=new',
      as: 'admin',
    });
    expect(byQuery.json().count).toBe(1);
    const past = await t.inject({
      method: 'POST',
      url: '/api/contact/orders',
      as: 'admin',
      payload: { offset: 1000 },
    });
    expect(past.json()).toEqual({ orders: [], count: count });
    const badStatus = await t.inject({
      method: 'POST',
      url: '/api/contact/orders',
      as: 'admin',
      payload: { status: 'lost' },
    });
    expect(badStatus.json().errors).toEqual({ status: 'app.validation.invalidChoice' });
    const badOrder = await t.inject({
      method: 'POST',
      url: '/api/contact/orders',
      as: 'admin',
      payload: { order_by: 'email' },
    });
    expect(badOrder.json().key).toBe('app.validation.invalidOrder');
  });

  it('shows one order and counts the new ones', async () => {
    const res = await t.inject({ url: `/api/contact/orders/${orderId}`, as: 'admin' });
    expect(res.json().order).toMatchObject({
      id: orderId,
      entity: 'Console School',
      email: 'console@school.example',
      address: ORDER.address,
    });
    expect((await t.inject({ url: '/api/contact/orders/999999', as: 'admin' })).statusCode).toBe(404);
    const counted = await t.inject({ url: '/api/contact/orders/new_count', as: 'admin' });
    const [all] = [await t.db.select().from(kitOrders).where(eq(kitOrders.status, 'new'))];
    expect(counted.json()).toEqual({ count: all.length });
  });

  it('changes the status with a note, logged', async () => {
    const before = (await t.inject({ url: '/api/contact/orders/new_count', as: 'admin' })).json().count;
    const res = await t.inject({
      method: 'PUT',
      url: `/api/contact/orders/${orderId}/status`,
      as: 'admin',
      payload: { status: 'handled', note: 'Sent 30 kits by courier' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({
      status: 'handled',
      note: 'Sent 30 kits by courier',
      handled_by_name: 'Nadia Admin',
    });
    expect(res.json().order.handled_at).toMatch(/^\d{4}-/);
    expect((await t.inject({ url: '/api/contact/orders/new_count', as: 'admin' })).json().count).toBe(before - 1);
    const [log] = await t.db
      .select()
      .from(logs)
      .where(and(eq(logs.entity, 'kit_order'), eq(logs.entityId, orderId)));
    expect(log).toMatchObject({
      action: 'change_status',
      actorId: await t.userId('admin'),
      oldValue: { status: 'new', note: null },
      newValue: { status: 'handled', note: 'Sent 30 kits by courier' },
    });
    const bad = await t.inject({
      method: 'PUT',
      url: `/api/contact/orders/${orderId}/status`,
      as: 'admin',
      payload: { status: 'shipped' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ status: 'app.validation.invalidChoice' });
    const missing = await t.inject({
      method: 'PUT',
      url: '/api/contact/orders/999999/status',
      as: 'admin',
      payload: { status: 'cancelled' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('exports the filtered orders to xlsx, headers in the asked language, text as text, dates as dates', async () => {
    const res = await t.inject({ url: '/api/contact/orders/export?locale=en&search_text=HYPERLINK', as: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('Kit orders');
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'No.',
      'Date',
      'Entity',
      'Number of kits',
      'Contact name',
      'Email',
      'Phone number',
      'Address',
      'Comment',
      'Status',
      'Admin note',
      'Handled by',
      'Handled on',
    ]);
    expect(sheet.rowCount).toBe(2);
    // a string cell is never evaluated: as written, no apostrophe (the phone number neither)
    expect(sheet.getRow(2).getCell(3).value).toBe('=HYPERLINK("http://evil.example")');
    expect(sheet.getRow(2).getCell(3).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getRow(2).getCell(7).value).toBe(ORDER.phone_number);
    expect(sheet.getRow(2).getCell(2).value).toBeInstanceOf(Date);
    expect(sheet.getRow(2).getCell(2).numFmt).toBe(DATE_FORMAT);
    expect(sheet.getRow(2).getCell(10).value).toBe('New');
    const arabic = await t.inject({ url: '/api/contact/orders/export?status=handled', as: 'admin' });
    const bookAr = new ExcelJS.Workbook();
    await bookAr.xlsx.load(arabic.rawPayload as unknown as ArrayBuffer);
    expect(bookAr.worksheets[0].getRow(1).getCell(3).value).toBe('الجهة');
    expect(bookAr.worksheets[0].getRow(2).getCell(10).value).toBe('تمت معالجته');
    expect(bookAr.worksheets[0].views[0].rightToLeft).toBe(true);
  });

  it('is for admins only: 401 without a session, 403 without the permission', async () => {
    expect((await t.inject({ method: 'POST', url: '/api/contact/orders', payload: {} })).statusCode).toBe(401);
    const teacher = await t.signIn('teacher');
    for (const c of [
      { method: 'POST' as const, url: '/api/contact/orders', payload: {} },
      { url: `/api/contact/orders/${orderId}` },
      { url: '/api/contact/orders/new_count' },
      { url: '/api/contact/orders/export' },
      { method: 'PUT' as const, url: `/api/contact/orders/${orderId}/status`, payload: { status: 'cancelled' } },
    ])
      expect((await t.inject({ ...c, token: teacher })).statusCode, c.url).toBe(403);
  });

  it('a region admin given the permission sees no order: the orders belong to the platform (404 by id)', async () => {
    const regionId = await t.userId('region');
    const [permission] = await t.db.select().from(permissions).where(eq(permissions.name, 'access_public'));
    await t.db.insert(userPermissions).values({ userId: regionId, permissionId: permission.id });
    const region = await t.signIn('region');
    const list = await t.inject({ method: 'POST', url: '/api/contact/orders', token: region, payload: {} });
    expect(list.json()).toEqual({ orders: [], count: 0 });
    expect((await t.inject({ url: `/api/contact/orders/${orderId}`, token: region })).statusCode).toBe(404);
    const change = await t.inject({
      method: 'PUT',
      url: `/api/contact/orders/${orderId}/status`,
      token: region,
      payload: { status: 'cancelled' },
    });
    expect(change.statusCode).toBe(404);
    expect((await t.inject({ url: '/api/contact/orders/new_count', token: region })).json()).toEqual({ count: 0 });
    const [order] = await ordersFor('Console School');
    expect(order.status).toBe('handled');
  });
});
