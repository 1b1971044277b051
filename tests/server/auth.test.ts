import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accessTokens, logs, passwordResets, users } from '../../server/db/schema';
import { nextAddress } from './support/testApp';
import { withApp } from './support/withApp';
import { TEACHER_SIGN_UP_FIELDS } from './support/teaching';
import { sha256 } from '../../server/services/secrets';

const t = withApp();

const post = (url: string, payload: unknown, token?: string) => t.inject({ method: 'POST', url, payload, token });

describe('POST /api/login', () => {
  it('answers {user, access_token} with roles and permissions', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: ' Family@Demo.test ', password: 'demo1234' },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.user).toMatchObject({
      email: 'family@demo.test',
      type: 0,
      roles: ['student'],
      permissions: ['access_courses'],
    });
    expect(body.user).not.toHaveProperty('password_hash');
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('stores only a hash of the token', async () => {
    const token = await t.signIn('teacher');
    const rows = await t.db.select().from(accessTokens);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    // the row of this very token is there, as its SHA-256
    expect(rows.some((r) => r.tokenHash === sha256(token))).toBe(true);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it('gives the messages of docs/PRODUCT.md §5 "Sign-in" for missing and malformed fields', async () => {
    const res = await post('/api/login', { email: 'not-an-email', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      key: 'app.errors.badRequest',
      errors: { email: 'app.validation.email', password: 'app.validation.required' },
    });
    const empty = await post('/api/login', {});
    expect(empty.json().errors).toEqual({ email: 'app.validation.required', password: 'app.validation.required' });
    expect(empty.json().message).toBe('Please check the form: some fields are not valid');
  });

  it('refuses a wrong password with 401 and a deactivated account with 403', async () => {
    const wrong = await post('/api/login', { email: 'marker@demo.test', password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      key: 'app.errors.invalidCredentials',
      message: 'The email or password is not correct',
    });
    const unknown = await post('/api/login', { email: 'nobody@demo.test', password: 'whatever1' });
    expect(unknown.statusCode).toBe(401);
    await t.db.update(users).set({ removed: 1 }).where(eq(users.email, 'marker@demo.test'));
    const inactive = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'marker@demo.test', password: 'demo1234' },
      remoteAddress: nextAddress(),
    });
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json().key).toBe('app.errors.accountInactive');
    await t.db.update(users).set({ removed: 0 }).where(eq(users.email, 'marker@demo.test'));
  });

  it('rate-limits failures per account from one address with 429, without locking the account for good', async () => {
    const from = nextAddress();
    const attempt = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'school@demo.test', password },
        remoteAddress: from,
      });
    for (let i = 0; i < 5; i += 1) expect((await attempt('bad-password')).statusCode).toBe(401);
    const limited = await attempt('demo1234');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().key).toBe('app.errors.tooManyAttempts');
    expect(limited.headers['retry-after']).toBeDefined();
    // the window passes: move the failures back in time
    await t.db.execute(
      sql`update login_attempts set created_at = created_at - interval '16 minutes' where email = 'school@demo.test'`,
    );
    expect((await attempt('demo1234')).statusCode).toBe(200);
  });

  it('rate-limits failures per address with 429', async () => {
    const from = '10.77.0.1';
    for (let i = 0; i < 20; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: `guess${i}@demo.test`, password: 'bad-password' },
        remoteAddress: from,
      });
      expect(res.statusCode).toBe(401);
    }
    const limited = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'admin@demo.test', password: 'demo1234' },
      remoteAddress: from,
    });
    expect(limited.statusCode).toBe(429);
  });
});

describe('tokens', () => {
  it('logout revokes the token: it then answers 401', async () => {
    const token = await t.signIn('family');
    expect((await t.inject({ url: '/api/me', token })).statusCode).toBe(200);
    const out = await post('/api/logout', {}, token);
    expect(out.statusCode).toBe(200);
    const after = await t.inject({ url: '/api/me', token });
    expect(after.statusCode).toBe(401);
    expect(after.json().key).toBe('app.errors.unauthenticated');
  });

  it('an absolutely expired token answers 401', async () => {
    const token = await t.signIn('family');
    await t.db.update(accessTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await t.inject({ url: '/api/me', token })).statusCode).toBe(401);
  });

  it('an idle token answers 401', async () => {
    const token = await t.signIn('family');
    await t.db.update(accessTokens).set({ lastUsedAt: new Date(Date.now() - t.config.tokenIdleMs - 60_000) });
    expect((await t.inject({ url: '/api/me', token })).statusCode).toBe(401);
  });

  it('a missing or malformed token answers 401', async () => {
    expect((await t.inject({ url: '/api/me' })).statusCode).toBe(401);
    expect((await t.inject({ url: '/api/me', headers: { authorization: 'Bearer x' } })).statusCode).toBe(401);
    expect((await t.inject({ url: '/api/me', token: 'A'.repeat(43) })).statusCode).toBe(401);
  });

  it('deactivating a user revokes all their tokens', async () => {
    const familyToken = await t.signIn('family');
    const adminToken = await t.signIn('admin');
    const id = await t.userId('family');
    expect((await post(`/api/users/deactivate/${id}`, {}, adminToken)).statusCode).toBe(200);
    const tokens = await t.db.select().from(accessTokens).where(eq(accessTokens.userId, id));
    // the family's session signed in above is among them, kept as revoked (not deleted)
    expect(tokens.length).toBeGreaterThanOrEqual(1);
    expect(tokens.every((row) => row.revokedAt !== null)).toBe(true);
    expect((await t.inject({ url: '/api/me', token: familyToken })).statusCode).toBe(401);
    expect((await post(`/api/users/activate/${id}`, {}, adminToken)).statusCode).toBe(200);
    expect((await t.inject({ url: '/api/me', token: familyToken })).statusCode).toBe(401);
  });
});

const family = {
  type: 0,
  gender: 2,
  name: 'Huda Hassan',
  email: 'huda@example.test',
  confirm_email: 'huda@example.test',
  country: 'JO',
  city: 'Amman',
  password: 'long-enough',
  confirm_password: 'long-enough',
};
const teacher = {
  ...family,
  type: 1,
  gender: 1,
  name: 'Omar Teacher',
  email: 'omar@example.test',
  confirm_email: 'omar@example.test',
  ...TEACHER_SIGN_UP_FIELDS,
};

describe('POST /api/register', () => {
  it('registers a family, signs it in and gives it the student role', async () => {
    const res = await post('/api/register', family);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({ email: 'huda@example.test', type: 0, gender: 2, roles: ['student'] });
    expect((await t.inject({ url: '/api/me', token: body.access_token })).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.email, 'huda@example.test'));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('registers a teacher with every teacher field, waiting for approval', async () => {
    const res = await post('/api/register', teacher);
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({
      type: 1,
      degree: 1,
      major: 'Psychology',
      available_hours: 12,
      approved: false,
      roles: [],
    });
  });

  it('refuses a teacher without the agreement and without the teacher fields', async () => {
    const res = await post('/api/register', {
      ...teacher,
      email: 'x1@example.test',
      confirm_email: 'x1@example.test',
      agreement: false,
      major: '',
      degree: undefined,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      agreement: 'app.validation.agreementRequired',
      major: 'app.validation.required',
      degree: 'app.validation.required',
    });
  });

  it('checks that passwords and emails match', async () => {
    const res = await post('/api/register', {
      ...family,
      email: 'y@example.test',
      confirm_email: 'z@example.test',
      confirm_password: 'different-1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      confirm_email: 'app.validation.emailsMismatch',
      confirm_password: 'app.validation.passwordsMismatch',
    });
  });

  it('requires every field of docs/PRODUCT.md §5 "Sign-up" and at least 8 password characters', async () => {
    const res = await post('/api/register', { type: 0, password: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      gender: 'app.validation.required',
      name: 'app.validation.required',
      email: 'app.validation.required',
      confirm_email: 'app.validation.required',
      country: 'app.validation.required',
      password: 'app.validation.passwordTooShort',
      confirm_password: 'app.validation.required',
    });
  });

  it('refuses a gender outside the family list, an unknown type and a future birth date', async () => {
    const bad = await post('/api/register', {
      ...family,
      email: 'g@example.test',
      confirm_email: 'g@example.test',
      gender: 7,
      birthdate: '2999-01-01',
    });
    expect(bad.json().errors).toEqual({
      gender: 'app.validation.invalidChoice',
      birthdate: 'app.validation.futureDate',
    });
    // type 3 is a guest test-taker now (tests/server/guest-register.test.ts); 2 is no type
    const type = await post('/api/register', { ...family, type: 2 });
    expect(type.statusCode).toBe(400);
    expect(type.json().errors.type).toBe('app.validation.invalidChoice');
  });

  it('refuses an email already registered, in any case, with 409 and changes nothing', async () => {
    const before = await t.db.select().from(users);
    const res = await post('/api/register', { ...family, email: 'ADMIN@demo.test', confirm_email: 'admin@demo.test' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ key: 'app.errors.emailTaken', errors: { email: 'app.errors.emailTaken' } });
    expect(await t.db.select().from(users)).toHaveLength(before.length);
  });

  it('logs the registration without the password', async () => {
    const rows = await t.db.select().from(logs).where(eq(logs.action, 'register'));
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toMatch(/argon2|password_hash|passwordHash/);
  });
});

describe('forgot and reset password', () => {
  const post = async (url: string, payload: unknown, token?: string) => {
    const res = await t.inject({ method: 'POST', url, payload, token });
    await t.app.jobs.drain(); // the reset mail goes after the answer
    return res;
  };
  const resetToken = () => {
    const mail = t.mails.at(-1)!;
    return /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
  };

  it("writes the reset mail whole in the asker's language first, expiry and safety line included, then in a second", async () => {
    const ask = async (language: string) => {
      const res = await t.inject({
        method: 'POST',
        url: '/api/users/forgot/password',
        payload: { email: 'region@demo.test' },
        headers: { 'accept-language': language },
      });
      expect(res.statusCode).toBe(200);
      await t.app.jobs.drain();
      return t.mails.at(-1)!;
    };
    const arabic = await ask('ar');
    expect(arabic.subject.startsWith('أكاديمية نيومي: إعادة تعيين كلمة المرور')).toBe(true);
    expect(arabic.text.startsWith('مرحبًا ')).toBe(true);
    const expiry = arabic.text.indexOf('تنتهي صلاحيته بعد');
    expect(expiry).toBeGreaterThan(0);
    expect(arabic.text).toContain('إن لم يكن الطلب منك');
    expect(arabic.text.indexOf('expires in')).toBeGreaterThan(expiry);
    const german = await ask('de-DE,de;q=0.9');
    expect(german.text.startsWith('Guten Tag ')).toBe(true);
    expect(german.text).toMatch(/läuft in \d+ Minuten ab/);
    expect(german.text.indexOf('مرحبًا')).toBeGreaterThan(german.text.indexOf('ignorieren Sie diese E-Mail'));
  });

  it('mails a single-use link and sets the new password', async () => {
    const asked = await post('/api/users/forgot/password', { email: 'teacher@demo.test' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().key).toBe('app.auth.resetMailSent');
    expect(t.mails.at(-1)!.to).toBe('teacher@demo.test');
    const token = resetToken();
    const oldSession = await t.signIn('teacher');

    const mismatch = await post('/api/users/reset/password', {
      token,
      password: 'brand-new-pass',
      confirm_password: 'other-pass-1',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual({ confirm_password: 'app.validation.passwordsMismatch' });
    const missing = await post('/api/users/reset/password', { token });
    expect(missing.json().errors).toEqual({
      password: 'app.validation.required',
      confirm_password: 'app.validation.required',
    });

    const done = await post('/api/users/reset/password', {
      token,
      password: 'brand-new-pass',
      confirm_password: 'brand-new-pass',
    });
    expect(done.statusCode).toBe(200);
    expect(await t.signIn('teacher', 'brand-new-pass')).toBeTruthy();
    expect((await t.inject({ url: '/api/me', token: oldSession })).statusCode).toBe(401);

    const again = await post('/api/users/reset/password', {
      token,
      password: 'another-pass',
      confirm_password: 'another-pass',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().key).toBe('app.errors.resetTokenInvalid');
  });

  it('refuses an expired link', async () => {
    await post('/api/users/forgot/password', { email: 'region@demo.test' });
    const token = resetToken();
    await t.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await post('/api/users/reset/password', {
      token,
      password: 'brand-new-pass',
      confirm_password: 'brand-new-pass',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().key).toBe('app.errors.resetTokenInvalid');
  });

  it('sends at most three reset mails per account in the window, answering the same', async () => {
    const before = t.mails.length;
    for (let i = 0; i < 5; i += 1) {
      const res = await post('/api/users/forgot/password', { email: 'school@demo.test' });
      expect(res.statusCode).toBe(200);
      expect(res.json().key).toBe('app.auth.resetMailSent');
    }
    expect(t.mails.length - before).toBe(3);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const count = t.mails.length;
    const res = await post('/api/users/forgot/password', { email: 'nobody@demo.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json().key).toBe('app.auth.resetMailSent');
    expect(t.mails).toHaveLength(count);
    expect((await post('/api/users/forgot/password', {})).json().errors).toEqual({ email: 'app.validation.required' });
  });
});

describe('POST /api/users/update/password/{id}', () => {
  it('needs the current password', async () => {
    const token = await t.signIn('marker');
    const id = await t.userId('marker');
    const wrong = await post(
      `/api/users/update/password/${id}`,
      { current_password: 'nope-nope', password: 'new-password-1', confirm_password: 'new-password-1' },
      token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ current_password: 'app.errors.currentPasswordWrong' });
    const ok = await post(
      `/api/users/update/password/${id}`,
      { current_password: 'demo1234', password: 'new-password-1', confirm_password: 'new-password-1' },
      token,
    );
    expect(ok.statusCode).toBe(200);
    expect(await t.signIn('marker', 'new-password-1')).toBeTruthy();
  });

  it("answers 404 for someone else's password", async () => {
    const token = await t.signIn('family');
    const other = await t.userId('admin');
    const res = await post(
      `/api/users/update/password/${other}`,
      { current_password: 'demo1234', password: 'new-password-1', confirm_password: 'new-password-1' },
      token,
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/captcha', () => {
  it('gives a signed proof-of-work challenge (ALTCHA), no picture', async () => {
    const res = await t.inject({ url: '/api/captcha' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('image');
    expect(res.json().parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(res.json().signature).toMatch(/^[0-9a-f]{64}$/);
  });
});
