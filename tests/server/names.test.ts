import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { children, courses, groups, schoolClasses as classes, users } from '../../server/db/schema';
import { multipart, pngImage } from './support/files';
import { courseId, validGroup } from './support/teaching';
import { withApp } from './support/withApp';

/**
 * Names through the API (docs/API.md "Names"): NFC, trimmed, without
 * direction marks; zero-width, invisible and control characters refused with
 * app.validation.nameCharacters (or invalidCharacters for control
 * characters), and nothing is stored.
 */
const t = withApp();
let drawing: number;

beforeAll(async () => {
  drawing = await courseId(t, 'Creative Drawing');
});

const { post } = t;

/** A zero-width space, a zero-width joiner, a word joiner, a soft hyphen: each invisible inside a name. */
const INVISIBLE = ['\u200b', '\u200d', '\u2060', '\u00ad'];
/** "أحمد" typed as alef + combining hamza, with a right-to-left mark and spaces around it. */
const DECOMPOSED = '  \u200f\u0627\u0654\u062d\u0645\u062f\u200f ';

const register = (name: string, email: string) =>
  post('/api/register', {
    type: 0,
    gender: 1,
    name,
    email,
    confirm_email: email,
    country: 'EG',
    password: 'names-test-pass',
    confirm_password: 'names-test-pass',
  });

describe('names through the API', () => {
  it('an account (sign-up): zero-width characters refused, nothing stored; NFC and no marks stored', async () => {
    for (const [i, c] of INVISIBLE.entries()) {
      const res = await register(`Lai${c}la Hassan`, `zw${i}@names.test`);
      expect(res.statusCode, JSON.stringify(c)).toBe(400);
      expect(res.json().errors).toEqual({ name: 'app.validation.nameCharacters' });
      expect(
        await t.db
          .select()
          .from(users)
          .where(eq(users.email, `zw${i}@names.test`)),
      ).toEqual([]);
    }
    const control = await register('Laila\u0007', 'bell@names.test');
    expect(control.json().errors).toEqual({ name: 'app.validation.invalidCharacters' });

    const ok = await register(DECOMPOSED, 'nfc@names.test');
    expect(ok.statusCode).toBe(201);
    const [row] = await t.db.select().from(users).where(eq(users.email, 'nfc@names.test'));
    expect(row.name).toBe('أحمد');
  });

  it('a child: refused with a zero-width joiner; Arabic with harakat and a Persian ZWNJ kept as typed', async () => {
    const child = (name: string) =>
      post('/api/users/add/child', { name, gender: 2, birthdate: '2016-01-01' }, 'family');
    const refused = await child('مريم\u200d');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: { name: 'app.validation.nameCharacters' } });
    expect(await t.db.select().from(children).where(eq(children.name, 'مريم\u200d'))).toEqual([]);

    for (const name of ['مَرْيَم الزَّهراء', 'نرگس\u200cها']) {
      const res = await child(name);
      expect(res.statusCode, name).toBe(201);
      expect(await t.db.select({ name: children.name }).from(children).where(eq(children.name, name))).toEqual([
        { name },
      ]);
    }
  });

  it('a guest (on-the-spot registration): refused with a word joiner; stored NFC', async () => {
    const refused = await post('/api/temp/register', { name: 'Omar\u2060Ali' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ name: 'app.validation.nameCharacters' });
    const ok = await post('/api/temp/register', { name: DECOMPOSED });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().student.name).toBe('أحمد');
  });

  it("a school's class, a group and a course: refused with a zero-width space, nothing stored", async () => {
    const before = {
      classes: (await t.db.select().from(classes)).length,
      groups: (await t.db.select().from(groups)).length,
      courses: (await t.db.select().from(courses)).length,
    };
    const cls = await post('/api/schools/add/class', { name: '5\u200bج', number: 5 }, 'school');
    expect(cls.statusCode).toBe(400);
    expect(cls.json().errors).toEqual({ name: 'app.validation.nameCharacters' });

    const group = await post(
      '/api/groups/add_group',
      validGroup(drawing, { name: 'Painters\u200b', school: 'Nile\u200dSchool' }),
      'teacher',
    );
    expect(group.statusCode).toBe(400);
    expect(group.json().errors).toEqual({
      name: 'app.validation.nameCharacters',
      school: 'app.validation.nameCharacters',
    });

    const body = multipart(
      {
        name: 'Clay\u200b Stories',
        description: 'Modelling characters in clay',
        age_group: '3',
        languages: 'ar,en',
        start_date: '2026-02-01',
        end_date: '2026-05-01',
      },
      { name: 'image', filename: 'cover.png', data: await pngImage() },
    );
    const course = await t.inject({
      method: 'POST',
      url: '/api/courses/save',
      payload: body.body,
      headers: body.headers,
      as: 'teacher',
    });
    expect(course.statusCode).toBe(400);
    expect(course.json().errors).toEqual({ name: 'app.validation.nameCharacters' });

    expect({
      classes: (await t.db.select().from(classes)).length,
      groups: (await t.db.select().from(groups)).length,
      courses: (await t.db.select().from(courses)).length,
    }).toEqual(before);

    // the same names typed cleanly are stored, NFC
    const clean = await post('/api/schools/add/class', { name: ' 5 \u062c\u200f', number: 5 }, 'school');
    expect(clean.statusCode).toBe(201);
    expect(clean.json().class.name).toBe('5 ج');
    // a copy of the name with an invisible mark is the same name (unique in the school), not a second class
    const copy = await post('/api/schools/add/class', { name: '5 ج\u200e', number: 5 }, 'school');
    expect(copy.statusCode).toBe(409);
    expect(copy.json().key).toBe('app.schools.errors.classNameTaken');
  });
});
