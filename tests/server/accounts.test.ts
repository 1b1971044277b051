import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { loginAttempts, passwordResets, users } from '../../server/db/schema';
import { cheapChallenges, solvedChallenge } from './support/challenge';
import { nextAddress } from './support/testApp';
import { withApp } from './support/withApp';

/**
 * Counts the password hashes the server computes (reset must check the token first). Test files share their
 * worker's modules (vitest.config.ts, isolate: false), so this file imports the server afresh: a services module
 * an earlier file loaded would otherwise keep the real function.
 */
const hashes = vi.hoisted(() => {
  vi.resetModules();
  return { count: 0 };
});
vi.mock('../../server/services/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/services/passwords')>();
  return {
    ...real,
    hashPassword: async (password: string) => {
      hashes.count += 1;
      return real.hashPassword(password);
    },
  };
});

/**
 * Accounts and sessions (issue 9): reset links only from configuration,
 * sessions ended on a password or email change, login limits that cannot
 * lock the owner out, and the password rules.
 */
const t = withApp({ env: { PORT: '3999' } });

const post = (
  url: string,
  payload: unknown,
  token?: string,
  extra: { headers?: Record<string, string>; from?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as never,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra.headers },
    remoteAddress: extra.from ?? nextAddress(),
  });
const put = (url: string, payload: unknown, token: string) => t.inject({ method: 'PUT', url, payload, token });
const me = (token: string) => t.inject({ url: '/api/me', token });

/** Asks for a reset link and returns the mail's link once the mail has gone. */
async function resetLink(email: string, headers?: Record<string, string>) {
  const before = t.mails.length;
  const res = await post('/api/users/forgot/password', { email }, undefined, { headers });
  expect(res.statusCode).toBe(200);
  await t.app.jobs.drain();
  expect(t.mails.length).toBe(before + 1);
  return /(\S+\/reset-password\/)([A-Za-z0-9_-]+)/.exec(t.mails.at(-1)!.text)!;
}

describe('password reset links', () => {
  it('are built from the configuration, never from the Host header (default http://localhost:PORT)', async () => {
    const [, base] = await resetLink('region@demo.test', {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
    });
    expect(base).toBe('http://localhost:3999/reset-password/');
    expect(t.mails.at(-1)!.text).not.toContain('evil.example');
  });

  it('use PUBLIC_URL when set, and PUBLIC_URL is required when demo data is off', async () => {
    expect(loadConfig({ PUBLIC_URL: 'https://academy.example.org/' }).publicUrl).toBe('https://academy.example.org');
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(() => loadConfig({ NEOMI_DEMO: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ NEOMI_DEMO: '0' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ NEOMI_DEMO: '0', PUBLIC_URL: 'https://a.example' }).publicUrl).toBe('https://a.example');
  });

  it('a successful reset voids every other outstanding link of the account', async () => {
    const [, , first] = await resetLink('school@demo.test');
    const [, , second] = await resetLink('school@demo.test');
    const hashed = hashes.count;
    const done = await post('/api/users/reset/password', {
      token: second,
      password: 'school-new-pass',
      confirm_password: 'school-new-pass',
    });
    expect(done.statusCode).toBe(200);
    // the counting stand-in is the one the server calls (test files share modules: vitest.config.ts isolate)
    expect(hashes.count).toBe(hashed + 1);
    const stale = await post('/api/users/reset/password', {
      token: first,
      password: 'school-other-pass',
      confirm_password: 'school-other-pass',
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().key).toBe('app.errors.resetTokenInvalid');
    const open = await t.db
      .select()
      .from(passwordResets)
      .where(sql`${passwordResets.usedAt} is null and ${passwordResets.userId} = ${await t.userId('school')}`);
    expect(open).toEqual([]);
    expect(await t.signIn('school', 'school-new-pass')).toBeTruthy();
  });

  it('checks the token before hashing anything', async () => {
    const before = hashes.count;
    const res = await post('/api/users/reset/password', {
      token: 'x'.repeat(43),
      password: 'brand-new-pass',
      confirm_password: 'brand-new-pass',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().key).toBe('app.errors.resetTokenInvalid');
    expect(hashes.count).toBe(before);
  });

  it("refuses the account's own email as the new password", async () => {
    const [, , token] = await resetLink('marker@demo.test');
    const res = await post('/api/users/reset/password', {
      token,
      password: 'marker@demo.test',
      confirm_password: 'marker@demo.test',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ password: 'app.validation.passwordIsEmail' });
    // the link still works for an acceptable password
    expect(
      (
        await post('/api/users/reset/password', {
          token,
          password: 'marker-new-pass',
          confirm_password: 'marker-new-pass',
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('forgot-password', () => {
  it('answers at once for known and unknown emails alike: the mail goes off the request', async () => {
    // the mailer holds every mail until the test lets it go: an answer that waited for the mail could not come
    const send = t.app.mailer.send.bind(t.app.mailer);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held: string[] = [];
    t.app.mailer.send = async (mail) => {
      held.push(mail.to);
      await gate;
      await send(mail);
    };
    try {
      const before = t.mails.length;
      const answer = async (email: string) => {
        // the bound is only for a broken build (an answer that waits for the held mail never comes), not a speed
        let bound: NodeJS.Timeout | undefined;
        const res = await Promise.race([
          post('/api/users/forgot/password', { email }),
          new Promise<never>((_, reject) => {
            bound = setTimeout(() => reject(new Error(`no answer for ${email} while its mail is held`)), 20_000);
          }),
        ]).finally(() => clearTimeout(bound));
        expect(res.statusCode).toBe(200);
        expect(res.json().key).toBe('app.auth.resetMailSent');
        return res.body;
      };
      const known = await answer('teacher@demo.test');
      const unknown = await answer('nobody-here@demo.test');
      // both answered while the mail was still held: the same answer, and nothing sent yet
      expect(known).toBe(unknown);
      expect(t.mails.length).toBe(before);
      release();
      await t.app.jobs.drain();
      // the mail was sent off the request, to the known account only
      expect(held).toEqual(['teacher@demo.test']);
      expect(t.mails.length).toBe(before + 1);
      expect(t.mails.at(-1)!.to).toBe('teacher@demo.test');
    } finally {
      release();
      t.app.mailer.send = send;
    }
  });
});

describe('changing the password', () => {
  it('ends every other session of the account, and keeps this one', async () => {
    const other = await t.signIn('teacher');
    const current = await t.signIn('teacher');
    const id = await t.userId('teacher');
    const res = await post(
      `/api/users/update/password/${id}`,
      { current_password: 'demo1234', password: 'teacher-new-pass', confirm_password: 'teacher-new-pass' },
      current,
    );
    expect(res.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(current)).statusCode).toBe(200);
  });

  it("refuses a common password and the account's email", async () => {
    const token = await t.signIn('family');
    const id = await t.userId('family');
    const common = await post(
      `/api/users/update/password/${id}`,
      { current_password: 'demo1234', password: 'password1', confirm_password: 'password1' },
      token,
    );
    expect(common.json().errors).toEqual({ password: 'app.validation.passwordTooCommon' });
    const mail = await post(
      `/api/users/update/password/${id}`,
      { current_password: 'demo1234', password: 'family@demo.test', confirm_password: 'family@demo.test' },
      token,
    );
    expect(mail.json().errors).toEqual({ password: 'app.validation.passwordIsEmail' });
    const spaces = await post(
      `/api/users/update/password/${id}`,
      { current_password: 'demo1234', password: '          ', confirm_password: '          ' },
      token,
    );
    expect(spaces.json().errors).toEqual({ password: 'app.validation.passwordBlank' });
  });

  it('rate-limits guesses of the current password like logins', async () => {
    const token = await t.signIn('family');
    const id = await t.userId('family');
    const from = '10.66.0.1';
    for (let i = 0; i < 5; i += 1) {
      const wrong = await post(
        `/api/users/update/password/${id}`,
        { current_password: `guess-${i}-x`, password: 'family-new-pass', confirm_password: 'family-new-pass' },
        token,
        { from },
      );
      expect(wrong.statusCode).toBe(400);
    }
    const limited = await post(
      `/api/users/update/password/${id}`,
      { current_password: 'demo1234', password: 'family-new-pass', confirm_password: 'family-new-pass' },
      token,
      { from },
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json().key).toBe('app.errors.tooManyAttempts');
    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id));
    expect(await t.signIn('family')).toBeTruthy();
    expect(row.hash).toMatch(/^\$argon2id/);
  });
});

describe('changing the email', () => {
  const profile = { name: 'Mona Marker', country: 'EG', job_title: 'marker' };

  it('needs the current password, tells the old address, and ends every other session', async () => {
    const other = await t.signIn('marker', 'marker-new-pass');
    const current = await t.signIn('marker', 'marker-new-pass');
    const id = await t.userId('marker');
    const without = await put(`/api/users/save${id}`, { ...profile, email: 'mona@example.test' }, current);
    expect(without.statusCode).toBe(400);
    expect(without.json().errors).toEqual({ current_password: 'app.validation.required' });
    const wrong = await put(
      `/api/users/save${id}`,
      { ...profile, email: 'mona@example.test', current_password: 'not-my-pass' },
      current,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ current_password: 'app.errors.currentPasswordWrong' });
    expect((await t.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0].email).toBe(
      'marker@demo.test',
    );

    const mails = t.mails.length;
    const ok = await put(
      `/api/users/save${id}`,
      { ...profile, email: 'mona@example.test', current_password: 'marker-new-pass' },
      current,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe('mona@example.test');
    await t.app.jobs.drain();
    const told = t.mails.slice(mails);
    expect(told.map((m) => m.to)).toEqual(['marker@demo.test']);
    expect(told[0].text).toContain('mona@example.test');
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(current)).statusCode).toBe(200);
    // saving the profile again without changing the email needs no password
    expect(
      (await put(`/api/users/save${id}`, { ...profile, email: 'mona@example.test', city: 'Giza' }, current)).statusCode,
    ).toBe(200);
  });
});

describe('the login rate limit', () => {
  const attempt = (email: string, password: string, from: string, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password, ...extra }, remoteAddress: from });

  it('failures from one address do not lock the owner out from another', async () => {
    for (let i = 0; i < 5; i += 1)
      expect((await attempt('admin@demo.test', 'bad-password', '10.50.0.1')).statusCode).toBe(401);
    expect((await attempt('admin@demo.test', 'demo1234', '10.50.0.1')).statusCode).toBe(429);
    const owner = await attempt('admin@demo.test', 'demo1234', '10.50.0.2');
    expect(owner.statusCode).toBe(200);
  });

  it('many failures from many addresses ask for the challenge, and the owner gets in with it', async () => {
    await cheapChallenges(t.db);
    for (let i = 0; i < 10; i += 1)
      expect((await attempt('region@demo.test', 'bad-password', `10.51.0.${i + 1}`)).statusCode).toBe(401);
    const asked = await attempt('region@demo.test', 'demo1234', '10.51.1.1');
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toMatchObject({
      key: 'app.errors.challengeRequired',
      errors: { captcha: 'app.errors.challengeRequired' },
    });
    // a solution that did no work
    const forged = Buffer.from(
      JSON.stringify({
        challenge: { parameters: {}, signature: '0'.repeat(64) },
        solution: { counter: 1, derivedKey: '00' },
      }),
    ).toString('base64');
    const wrong = await attempt('region@demo.test', 'demo1234', '10.51.1.1', { captcha: forged });
    expect(wrong.json().errors).toEqual({ captcha: 'app.errors.challengeFailed' });
    // solved, but with a wrong password: the solution is used up all the same
    const solved = await solvedChallenge(t.app, '10.51.1.1');
    expect((await attempt('region@demo.test', 'bad-password', '10.51.1.1', { captcha: solved })).statusCode).toBe(401);
    const replayed = await attempt('region@demo.test', 'demo1234', '10.51.1.1', { captcha: solved });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().errors).toEqual({ captcha: 'app.errors.challengeFailed' });
    const owner = await attempt('region@demo.test', 'demo1234', '10.51.1.1', {
      captcha: await solvedChallenge(t.app, '10.51.1.1'),
    });
    expect(owner.statusCode).toBe(200);
    // after a success the account starts afresh
    expect((await attempt('region@demo.test', 'demo1234', '10.51.1.2')).statusCode).toBe(200);
  });

  it('still limits one address across accounts', async () => {
    for (let i = 0; i < 20; i += 1) await attempt(`guess${i}@demo.test`, 'bad-password', '10.52.0.1');
    expect((await attempt('admin@demo.test', 'demo1234', '10.52.0.1')).statusCode).toBe(429);
    expect(await t.db.select().from(loginAttempts).where(eq(loginAttempts.ip, '10.52.0.1'))).toHaveLength(20);
  });
});

describe('GET /api/captcha', () => {
  it('is not capped per address: many people behind one school address all get challenges', async () => {
    for (let i = 0; i < 40; i += 1)
      expect((await t.app.inject({ url: '/api/captcha', remoteAddress: '10.53.0.1' })).statusCode).toBe(200);
  });
});
