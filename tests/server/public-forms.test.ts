import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { formAnswers, forms, logs, permissions, userPermissions } from '../../server/db/schema';
import { PUBLIC_SEND_POLICY } from '../../server/services/publicSends';
import { cheapChallenges, solvedChallenge } from './support/challenge';
import { withApp } from './support/withApp';

const t = withApp();
beforeAll(async () => {
  await t.token('admin');
});

const L = (en: string, ar = `${en} بالعربية`) => ({ ar, en });

/** A questionnaire with one field of each kind. */
const FORM = {
  title: { ...L('Visit request', 'طلب زيارة'), de: 'Besuchsanfrage' },
  description: L('Tell us when to come'),
  published: true,
  fields: [
    { kind: 'text', label: L('Your name', 'الاسم'), required: true },
    { kind: 'email', label: L('Email', 'البريد'), required: true },
    { kind: 'phone', label: L('Phone', 'الهاتف'), required: false },
    { kind: 'number', label: L('Children', 'الأطفال'), required: true, min: 1, max: 300 },
    {
      kind: 'choice',
      label: L('Kind', 'النوع'),
      required: true,
      options: [{ label: L('School', 'مدرسة') }, { label: L('Centre', 'مركز') }],
    },
    {
      kind: 'multi_choice',
      label: L('Days', 'الأيام'),
      required: true,
      options: [
        { label: L('Sunday', 'الأحد') },
        { label: L('Monday', 'الإثنين') },
        { label: L('Tuesday', 'الثلاثاء') },
      ],
    },
    { kind: 'date', label: L('Preferred date', 'التاريخ المفضل'), required: false },
  ],
};

let addressCount = 0;
const newAddress = () => `203.0.113.${++addressCount}`;
const sendAnswers = (formId: number, payload: unknown, remoteAddress = newAddress()) =>
  t.app.inject({ method: 'POST', url: `/api/forms/${formId}/answers`, payload: payload as never, remoteAddress });

/** Answers the tests below store in all: a first send, the sends before the challenge, one with it solved. */
const SENT = 2 + PUBLIC_SEND_POLICY.challengeAfter;

describe('forms defined by admins', () => {
  let form: { id: number; fields: { name: string; kind: string; options?: { value: string }[] }[] };
  /** The answers, by field kind, that the form accepts. */
  let good: Record<string, unknown>;
  const key = (kind: string) => form.fields.find((f) => f.kind === kind)!.name;
  const option = (kind: string, i: number) => form.fields.find((f) => f.kind === kind)!.options![i].value;

  beforeAll(async () => {
    const res = await t.inject({ method: 'POST', url: '/api/forms/add_form', as: 'admin', payload: FORM });
    expect(res.statusCode).toBe(201);
    form = res.json().form;
    good = {
      [key('text')]: 'Huda Kamal',
      [key('email')]: 'Huda@Example.org',
      [key('phone')]: '+20 100 123 4567',
      [key('number')]: '25',
      [key('choice')]: option('choice', 1),
      [key('multi_choice')]: [option('multi_choice', 0), option('multi_choice', 2)],
      [key('date')]: '2026-10-04',
    };
  });

  it('creates a form: keys given to fields and options, labels kept in each language, logged', async () => {
    expect(form.fields.map((f) => f.name)).toEqual(['f1', 'f2', 'f3', 'f4', 'f5', 'f8', 'f12']);
    expect(form.fields[4].options!.map((o) => o.value)).toEqual(['o6', 'o7']);
    expect(form.fields[5].options!.map((o) => o.value)).toEqual(['o9', 'o10', 'o11']);
    expect(form).toMatchObject({ title: FORM.title, published: true, answers_count: 0 });
    expect(form.fields[3]).toMatchObject({
      kind: 'number',
      min: 1,
      max: 300,
      required: true,
      label: { ar: 'الأطفال', en: 'Children' },
    });
    expect(form.fields[0]).not.toHaveProperty('options');
    const [log] = await t.db
      .select()
      .from(logs)
      .where(and(eq(logs.entity, 'form'), eq(logs.entityId, form.id)));
    expect(log).toMatchObject({ action: 'create', actorId: await t.userId('admin') });
    expect((log.newValue as { title: unknown }).title).toEqual(FORM.title);
  });

  it('refuses a bad definition with a message per field', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ title: { en: 'No Arabic' } }, { 'title.ar': 'app.validation.required' }],
      [{ title: undefined }, { title: 'app.validation.required' }],
      [{ fields: [] }, { fields: 'app.validation.required' }],
      [
        { fields: [{ kind: 'colour', label: L('Q'), required: true }] },
        { 'fields.0.kind': 'app.validation.invalidChoice' },
      ],
      [
        { fields: [{ kind: 'choice', label: L('Q'), required: true }] },
        { 'fields.0.options': 'app.public.optionsRequired' },
      ],
      [
        { fields: [{ kind: 'text', label: { en: 'Q' }, required: true }] },
        { 'fields.0.label.ar': 'app.validation.required' },
      ],
      [
        { fields: [{ kind: 'number', label: L('Q'), required: true, min: 10, max: 2 }] },
        { 'fields.0.max': 'app.public.numberTooSmall' },
      ],
      [
        {
          fields: [
            { name: 'f1', kind: 'text', label: L('A') },
            { name: 'f1', kind: 'text', label: L('B') },
          ],
        },
        { fields: 'app.public.duplicateName' },
      ],
      [{ fields: [{ name: 'email', kind: 'text', label: L('A') }] }, { 'fields.0.name': 'app.validation.invalid' }],
      [
        { fields: Array.from({ length: 51 }, () => ({ kind: 'text', label: L('Q') })) },
        { fields: 'app.validation.tooLong' },
      ],
      [{ title: { ...L('T'), en: 'x'.repeat(201) } }, { 'title.en': 'app.validation.tooLong' }],
    ];
    for (const [change, errors] of cases) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/forms/add_form',
        as: 'admin',
        payload: { ...FORM, ...change },
      });
      expect.soft(res.statusCode, JSON.stringify(change).slice(0, 80)).toBe(400);
      expect.soft(res.json().errors, JSON.stringify(change).slice(0, 80)).toEqual(errors);
    }
  });

  it('updates a form keeping its keys; new questions get keys never used before; logged as a diff', async () => {
    const created = (
      await t.inject({
        method: 'POST',
        url: '/api/forms/add_form',
        as: 'admin',
        payload: { ...FORM, published: false, fields: FORM.fields.slice(0, 2) },
      })
    ).json().form;
    expect(created.fields.map((f: { name: string }) => f.name)).toEqual(['f1', 'f2']);
    // f2 removed, a new question added: it gets f3, not f2 again
    const fields = [created.fields[0], { kind: 'text', label: L('New question'), required: false }];
    const res = await t.inject({
      method: 'PUT',
      url: `/api/forms/update/${created.id}`,
      as: 'admin',
      payload: { ...FORM, published: false, fields },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().form.fields.map((f: { name: string }) => f.name)).toEqual(['f1', 'f3']);
    const again = await t.inject({
      method: 'PUT',
      url: `/api/forms/update/${created.id}`,
      as: 'admin',
      payload: { ...FORM, published: false, fields: [...res.json().form.fields, { kind: 'date', label: L('When') }] },
    });
    expect(again.json().form.fields.map((f: { name: string }) => f.name)).toEqual(['f1', 'f3', 'f4']);
    const [log] = await t.db
      .select()
      .from(logs)
      .where(and(eq(logs.entity, 'form'), eq(logs.entityId, created.id), eq(logs.action, 'update')));
    expect(Object.keys(log.newValue as object)).toEqual(['fields']);
    expect(
      (await t.inject({ method: 'PUT', url: '/api/forms/update/999999', as: 'admin', payload: FORM })).statusCode,
    ).toBe(404);
    const bad = await t.inject({
      method: 'PUT',
      url: `/api/forms/update/${created.id}`,
      as: 'admin',
      payload: { ...FORM, fields: [] },
    });
    expect(bad.json().errors).toEqual({ fields: 'app.validation.required' });
  });

  it('lists, searches and shows forms for admins', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/forms',
      as: 'admin',
      payload: { search_text: 'طلب زيارة' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBeGreaterThanOrEqual(2);
    expect(res.json().forms.length).toBe(res.json().count);
    expect(res.json().forms.every((f: { title: { ar: string } }) => f.title.ar === 'طلب زيارة')).toBe(true);
    const draft = (
      await t.inject({
        method: 'POST',
        url: '/api/forms/add_form',
        as: 'admin',
        payload: { ...FORM, published: false },
      })
    ).json().form;
    const drafts = await t.inject({ method: 'POST', url: '/api/forms?published=false', as: 'admin' });
    expect(drafts.json().forms.map((f: { id: number }) => f.id)).toContain(draft.id);
    expect(drafts.json().forms.every((f: { published: boolean }) => !f.published)).toBe(true);
    const one = await t.inject({ url: `/api/forms/${form.id}`, as: 'admin' });
    expect(one.json().form).toMatchObject({ id: form.id, title: FORM.title });
    expect((await t.inject({ url: '/api/forms/999999', as: 'admin' })).statusCode).toBe(404);
  });

  it('shows the published forms to anyone, the demo "join the programme" among them; not the drafts', async () => {
    const res = await t.inject({ url: '/api/forms/published' });
    expect(res.statusCode).toBe(200);
    const titles = res.json().forms.map((f: { title: { en: string } }) => f.title.en);
    expect(titles).toContain('Join the Neomi programme');
    expect(titles).toContain('Visit request');
    expect(res.json().forms).toHaveLength(2); // the drafts of the update test are not there
    expect(res.json().forms[0]).not.toHaveProperty('published');
    const [draft] = await t.db.select().from(forms).where(eq(forms.published, false));
    const refused = await sendAnswers(draft.id, { answers: {} });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().key).toBe('app.public.formNotFound');
  });

  it("checks every answer against the form's own definition", async () => {
    const missing = await sendAnswers(form.id, { answers: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({
      [key('text')]: 'app.validation.required',
      [key('email')]: 'app.validation.required',
      [key('number')]: 'app.validation.required',
      [key('choice')]: 'app.validation.required',
      [key('multi_choice')]: 'app.validation.required',
    });
    const cases: [string, unknown, string][] = [
      ['email', 'not-an-email', 'app.validation.emailAddress'],
      ['phone', 'call me', 'app.public.invalidPhone'],
      ['number', 'many', 'app.validation.invalidNumber'],
      ['number', 0, 'app.public.numberTooSmall'],
      ['number', 301, 'app.public.numberTooLarge'],
      ['choice', 'o99', 'app.validation.invalidChoice'],
      ['multi_choice', ['o99'], 'app.validation.invalidChoice'],
      ['multi_choice', [], 'app.validation.required'],
      ['date', '2026-02-30', 'app.validation.invalidDate'],
      ['text', 'x'.repeat(2001), 'app.validation.tooLong'],
    ];
    for (const [kind, value, message] of cases) {
      const res = await sendAnswers(form.id, { answers: { ...good, [key(kind)]: value } });
      expect.soft(res.statusCode, `${kind} ${JSON.stringify(value).slice(0, 20)}`).toBe(400);
      expect.soft(res.json().errors, `${kind} ${JSON.stringify(value).slice(0, 20)}`).toEqual({ [key(kind)]: message });
    }
    const stored = await t.db.select().from(formAnswers).where(eq(formAnswers.formId, form.id));
    expect(stored).toHaveLength(0);
  });

  it('stores good answers (unknown keys dropped), answers "done" and mails the admins', async () => {
    t.mails.length = 0;
    const res = await sendAnswers(form.id, { answers: { ...good, extra: 'dropped' }, locale: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'done', key: 'app.public.answerSent' });
    const [row] = await t.db.select().from(formAnswers).where(eq(formAnswers.formId, form.id));
    expect(row.answers).toEqual({ ...good, [key('email')]: 'huda@example.org', [key('number')]: 25 });
    expect(row.locale).toBe('en');
    await t.app.jobs.drain(); // the admins' mails are delivered by background jobs
    expect(t.mails[0].to).toBe('admin@demo.test');
    expect(t.mails[0].subject).toContain('Visit request');
    // whole in Arabic first (labels and chosen options), then whole in English
    const text = t.mails[0].text;
    expect(text).toContain('النوع: مركز');
    expect(text).toContain('الأيام: الأحد، الثلاثاء');
    expect(text).toContain('Kind: Centre');
    expect(text).toContain('Days: Sunday, Tuesday');
    expect(text.indexOf('النوع: مركز')).toBeLessThan(text.indexOf('Kind: Centre'));
    expect(t.mails[0].text).toContain(`/forms/${form.id}/show`);
    const bell = await t.inject({
      method: 'POST',
      url: '/api/users/notifications',
      as: 'admin',
      payload: { type: 'form_answer' },
    });
    expect(bell.json().notifications[0]).toMatchObject({
      message: 'app.notifications.messages.form_answer',
      link: `/forms/${form.id}/show/answers`,
    });
  });

  it('honeypot, the challenge after repeated sends, and the rate limit apply to answers too', async () => {
    await cheapChallenges(t.db);
    const robot = await sendAnswers(form.id, { answers: { ...good, [key('text')]: 'Robot' }, website: 'x' });
    expect(robot.json()).toEqual({ message: 'done', key: 'app.public.answerSent' });
    const address = newAddress();
    for (let i = 0; i < PUBLIC_SEND_POLICY.challengeAfter; i++)
      expect((await sendAnswers(form.id, { answers: good }, address)).statusCode).toBe(200);
    const needs = await sendAnswers(form.id, { answers: good }, address);
    expect(needs.json()).toMatchObject({
      key: 'app.public.challengeRequired',
      errors: { captcha: 'app.public.challengeRequired' },
    });
    // solved by the visitor's browser (here altcha-lib's solver): accepted once
    const solved = await solvedChallenge(t.app, address);
    expect((await sendAnswers(form.id, { answers: good, captcha: solved }, address)).statusCode).toBe(200);
    const replay = await sendAnswers(form.id, { answers: good, captcha: solved }, address);
    expect(replay.json()).toMatchObject({
      key: 'app.errors.challengeFailed',
      errors: { captcha: 'app.errors.challengeFailed' },
    });
    const rows = await t.db.select().from(formAnswers).where(eq(formAnswers.formId, form.id));
    expect(rows.filter((r) => r.answers[key('text')] === 'Robot')).toHaveLength(0);
    expect(rows).toHaveLength(SENT);
  });

  it("lists a form's answers for admins and exports them with the labels of the asked language", async () => {
    const list = await t.inject({
      method: 'POST',
      url: '/api/forms/answers',
      as: 'admin',
      payload: { form_id: form.id, limit: 2 },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().count).toBe(SENT);
    expect(list.json().answers).toHaveLength(2);
    expect(list.json().answers[0]).toMatchObject({ form_id: form.id, answers: { [key('text')]: 'Huda Kamal' } });
    expect(
      (await t.inject({ method: 'POST', url: '/api/forms/answers', as: 'admin', payload: {} })).json().errors,
    ).toEqual({ form_id: 'app.validation.invalidNumber' });
    expect(
      (await t.inject({ method: 'POST', url: '/api/forms/answers', as: 'admin', payload: { form_id: 999999 } }))
        .statusCode,
    ).toBe(404);
    const shown = (await t.inject({ url: `/api/forms/${form.id}`, as: 'admin' })).json().form;
    expect(shown.answers_count).toBe(SENT);

    const res = await t.inject({ url: `/api/forms/${form.id}/answers/export?locale=en`, as: 'admin' });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('Visit request');
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'No.',
      'Date',
      'Language',
      'Your name',
      'Email',
      'Phone',
      'Children',
      'Kind',
      'Days',
      'Preferred date',
    ]);
    expect(sheet.rowCount).toBe(SENT + 1);
    const last = sheet.getRow(sheet.rowCount);
    expect([last.getCell(4).value, last.getCell(7).value, last.getCell(8).value, last.getCell(9).value]).toEqual([
      'Huda Kamal',
      25,
      'Centre',
      'Sunday, Tuesday',
    ]);
    const arabic = await t.inject({ url: `/api/forms/${form.id}/answers/export`, as: 'admin' });
    const bookAr = new ExcelJS.Workbook();
    await bookAr.xlsx.load(arabic.rawPayload as unknown as ArrayBuffer);
    expect(bookAr.worksheets[0].getRow(1).getCell(8).value).toBe('النوع');
    expect(bookAr.worksheets[0].getRow(2).getCell(9).value).toBe('الأحد، الثلاثاء');
  });

  it("is for the platform's admins: 401, 403 without the permission, 404/403 for a region admin who has it", async () => {
    expect((await t.inject({ method: 'POST', url: '/api/forms', payload: {} })).statusCode).toBe(401);
    const teacher = await t.signIn('teacher');
    for (const c of [
      { method: 'POST' as const, url: '/api/forms', payload: {} },
      { method: 'POST' as const, url: '/api/forms/add_form', payload: FORM },
      { method: 'PUT' as const, url: `/api/forms/update/${form.id}`, payload: FORM },
      { url: `/api/forms/${form.id}` },
      { method: 'POST' as const, url: '/api/forms/answers', payload: { form_id: form.id } },
      { url: `/api/forms/${form.id}/answers/export` },
    ])
      expect((await t.inject({ ...c, token: teacher })).statusCode, c.url).toBe(403);

    const regionId = await t.userId('region');
    const [permission] = await t.db.select().from(permissions).where(eq(permissions.name, 'access_public'));
    await t.db.insert(userPermissions).values({ userId: regionId, permissionId: permission.id });
    const region = await t.signIn('region');
    expect((await t.inject({ method: 'POST', url: '/api/forms', token: region, payload: {} })).json()).toEqual({
      forms: [],
      count: 0,
    });
    expect((await t.inject({ url: `/api/forms/${form.id}`, token: region })).statusCode).toBe(404);
    expect(
      (
        await t.inject({
          method: 'PUT',
          url: `/api/forms/update/${form.id}`,
          token: region,
          payload: { ...FORM, published: false },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.inject({ method: 'POST', url: '/api/forms/answers', token: region, payload: { form_id: form.id } }))
        .statusCode,
    ).toBe(404);
    expect((await t.inject({ url: `/api/forms/${form.id}/answers/export`, token: region })).statusCode).toBe(404);
    expect(
      (await t.inject({ method: 'POST', url: '/api/forms/add_form', token: region, payload: FORM })).statusCode,
    ).toBe(403);
    const [unchanged] = await t.db.select().from(forms).where(eq(forms.id, form.id));
    expect(unchanged.published).toBe(true);
  });
});
