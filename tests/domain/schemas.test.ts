import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../domain/messages';
import { childSchema, listQuerySchema, loginSchema, registerSchema, USER_ORDERABLE } from '../../domain';

const errorsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('zod schemas with i18n keys', () => {
  it('login trims and checks the email', () => {
    expect(loginSchema.parse({ email: '  A@B.co ', password: 'x' }).email).toBe('a@b.co');
    expect(errorsOf(loginSchema.safeParse({ email: 'a@', password: '' }))).toEqual({
      email: 'app.validation.email',
      password: 'app.validation.required',
    });
  });

  it('register accepts codes as strings (multipart forms) and free-text countries', () => {
    const r = registerSchema.safeParse({
      type: '0',
      gender: '2',
      name: 'N',
      email: 'n@x.co',
      confirm_email: 'N@x.co',
      country: 'Oman',
      password: 'n-password-1',
      confirm_password: 'n-password-1',
    });
    expect(r.success).toBe(true);
    expect(
      errorsOf(
        registerSchema.safeParse({
          type: 0,
          gender: 2,
          name: 'N',
          email: 'n@x.co',
          confirm_email: 'n@x.co',
          country: 'other',
          password: 'n-password-1',
          confirm_password: 'n-password-1',
        }),
      ),
    ).toEqual({ country: 'app.validation.required' });
  });

  it('child birth dates cannot be in the future or impossible', () => {
    expect(errorsOf(childSchema.safeParse({ name: 'a', gender: 1, birthdate: '2015-02-30x' }))).toEqual({
      birthdate: 'app.validation.invalidDate',
    });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(errorsOf(childSchema.safeParse({ name: 'a', gender: 1, birthdate: tomorrow }))).toEqual({
      birthdate: 'app.validation.futureDate',
    });
  });

  it('list filters allow only listed order_by values and sane pages', () => {
    const schema = listQuerySchema(USER_ORDERABLE);
    expect(schema.parse({})).toMatchObject({ limit: 10, offset: 0, order_by: 'id', order_direction: 'desc' });
    expect(schema.safeParse({ order_by: 'password_hash' }).success).toBe(false);
    expect(schema.safeParse({ limit: 100000 }).success).toBe(false);
    expect(schema.safeParse({ offset: -1 }).success).toBe(false);
    expect(schema.parse({ order_direction: 'ASC' }).order_direction).toBe('asc');
  });
});

describe('message keys', () => {
  it('every app.* message key used by domain/ and server/ has an English text', () => {
    const files = (dir: string): string[] =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) =>
          e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
        );
    const used = new Set<string>();
    for (const file of [...files('domain'), ...files('server')]) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/'(app\.(?:validation|errors|auth|notify)\.[A-Za-z]+)'/g))
        used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((k) => !(k in MESSAGES))).toEqual([]);
  });
});
