import { createHmac } from 'node:crypto';
import { createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CHALLENGE_ALGORITHM,
  CHALLENGE_COST_DEFAULT,
  CHALLENGE_COST_RANGE,
  CHALLENGE_ITERATIONS,
  CHALLENGE_TTL_MS,
} from '../../domain/challenge';
import { buildApp } from '../../server/app';
import { serverSecrets, settings, usedChallenges } from '../../server/db/schema';
import { cheapChallenges, encodePayload, fetchChallenge, solve, solvedChallenge } from './support/challenge';
import { withApp } from './support/withApp';

/**
 * The proof-of-work challenge that replaced the picture captcha (issue 22):
 * signed with a key every API process shares, good for ten minutes, good
 * once on any process, at the cost the settings say; issuing it writes
 * nothing and is not capped per address.
 */
const t = withApp();
let seededCost: unknown;
beforeAll(async () => {
  // signed in before any test provokes the challenge
  await t.token('admin');
  [{ value: seededCost }] = await t.db.select().from(settings).where(eq(settings.key, 'challenge_cost'));
  await cheapChallenges(t.db);
});
afterEach(() => {
  vi.useRealTimers();
});

const usedCount = async () =>
  (await t.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(usedChallenges))[0].n;

describe('GET /api/captcha', () => {
  it('gives a signed ALTCHA challenge that expires in ten minutes', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await t.inject({ url: '/api/captcha' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { parameters, signature } = res.json();
    expect(Object.keys(res.json()).sort()).toEqual(['parameters', 'signature']);
    expect(parameters).toMatchObject({ algorithm: CHALLENGE_ALGORITHM, cost: CHALLENGE_ITERATIONS, keyLength: 32 });
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    expect(parameters.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(parameters.salt).toMatch(/^[0-9a-f]{32}$/);
    expect(parameters.expiresAt).toBeGreaterThanOrEqual(before + CHALLENGE_TTL_MS / 1000);
    expect(parameters.expiresAt).toBeLessThanOrEqual(before + CHALLENGE_TTL_MS / 1000 + 5);
  });

  it('is not capped per address and writes nothing: a school behind one address is never locked out', async () => {
    await fetchChallenge(t.app); // the signing key exists from now on
    const secretsBefore = await t.db.select().from(serverSecrets);
    const nonces = new Set<string>();
    for (let i = 0; i < 120; i += 1) {
      const res = await t.app.inject({ url: '/api/captcha', remoteAddress: '10.60.0.1' });
      expect(res.statusCode).toBe(200);
      nonces.add(res.json().parameters.nonce);
    }
    expect(nonces.size).toBe(120);
    expect(await t.db.select().from(serverSecrets)).toEqual(secretsBefore);
    expect(secretsBefore).toHaveLength(1);
    expect(await usedCount()).toBe(0);
  });
});

describe('a solution', () => {
  it('is accepted once, and a replay is refused', async () => {
    const payload = await solvedChallenge(t.app);
    expect(await t.app.challenges.verify(payload)).toBe('ok');
    expect(await t.app.challenges.verify(payload)).toBe('used');
    const [row] = await t.db.select().from(usedChallenges);
    const { challenge } = JSON.parse(Buffer.from(payload, 'base64').toString());
    expect(row.signature).toBe(challenge.signature);
    expect(Math.round(row.expiresAt.getTime() / 1000)).toBe(challenge.parameters.expiresAt);
  });

  it('is refused when it is wrong, forged or malformed', async () => {
    const challenge = await fetchChallenge(t.app);
    const solution = (await solveChallenge({ challenge, deriveKey }))!;
    // a wrong key, a wrong counter with the key of another, no work at all
    const wrongKey = solution.derivedKey.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    expect(await t.app.challenges.verify(encodePayload(challenge, { ...solution, derivedKey: wrongKey }))).toBe(
      'invalid',
    );
    expect(await t.app.challenges.verify(encodePayload(challenge, { counter: 0, derivedKey: '00'.repeat(32) }))).toBe(
      'invalid',
    );
    // the parameters changed after signing (an easier cost, a later expiry)
    const cheaper = { ...challenge, parameters: { ...challenge.parameters, cost: 1 } };
    expect(await t.app.challenges.verify(encodePayload(cheaper, solution))).toBe('invalid');
    const later = {
      ...challenge,
      parameters: { ...challenge.parameters, expiresAt: challenge.parameters.expiresAt! + 3600 },
    };
    expect(await t.app.challenges.verify(encodePayload(later, solution))).toBe('invalid');
    // a challenge signed with another key, solved honestly
    const foreign = await createChallenge({
      algorithm: CHALLENGE_ALGORITHM,
      cost: CHALLENGE_ITERATIONS,
      counter: 3,
      deriveKey,
      expiresAt: new Date(Date.now() + 60_000),
      hmacSignatureSecret: 'not the server key',
      hmacKeySignatureSecret: 'not the server key either',
    });
    expect(await t.app.challenges.verify(await solve(foreign))).toBe('invalid');
    // not a payload at all
    for (const junk of ['', 'not base64 !', Buffer.from('{"challenge":1}').toString('base64'), 'e30=']) {
      expect(await t.app.challenges.verify(junk)).toBe(junk ? 'invalid' : 'missing');
    }
    expect(await t.app.challenges.verify('A'.repeat(5000))).toBe('invalid');
    // the honest solution still works: the refusals used nothing up
    expect(await usedCount()).toBe(1);
    expect(await t.app.challenges.verify(encodePayload(challenge, solution))).toBe('ok');
  });

  it('is refused once the challenge has expired, even unused', async () => {
    const payload = await solvedChallenge(t.app);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + CHALLENGE_TTL_MS + 1000);
    expect(await t.app.challenges.verify(payload)).toBe('expired');
    vi.useRealTimers();
    // within the ten minutes it was good: the refusal did not use it up
    expect(await t.app.challenges.verify(payload)).toBe('ok');
  });

  it('used signatures are pruned a while after they expire', async () => {
    await t.db
      .insert(usedChallenges)
      .values({ signature: 'f'.repeat(64), expiresAt: new Date(Date.now() - 2 * 3600_000) });
    await t.db.insert(usedChallenges).values({ signature: 'e'.repeat(64), expiresAt: new Date(Date.now() - 60_000) });
    expect(await t.app.challenges.verify(await solvedChallenge(t.app))).toBe('ok');
    const left = (await t.db.select().from(usedChallenges)).map((r) => r.signature);
    expect(left).not.toContain('f'.repeat(64));
    expect(left).toContain('e'.repeat(64));
  });
});

describe('several API processes on one database', () => {
  it('share the signing key: one verifies what another issued, and refuses what another accepted', async () => {
    const other = await buildApp({ config: t.config, db: t.db, logger: false, mailer: { send: async () => {} } });
    await other.ready();
    try {
      const issuedHere = await solvedChallenge(t.app);
      expect(await other.challenges.verify(issuedHere)).toBe('ok');
      expect(await t.app.challenges.verify(issuedHere)).toBe('used');
      const issuedThere = await solvedChallenge(other);
      expect(await t.app.challenges.verify(issuedThere)).toBe('ok');
      expect(await other.challenges.verify(issuedThere)).toBe('used');
    } finally {
      await other.close();
    }
  });

  it('CHALLENGE_SECRET, when set, is the key: challenges signed with the stored one are refused', async () => {
    const secret = 'a-configured-secret-of-at-least-32-chars';
    const configured = await buildApp({
      config: { ...t.config, challengeSecret: secret },
      db: t.db,
      logger: false,
      mailer: { send: async () => {} },
    });
    await configured.ready();
    try {
      expect(await configured.challenges.verify(await solvedChallenge(t.app))).toBe('invalid');
      expect(await t.app.challenges.verify(await solvedChallenge(configured))).toBe('invalid');
      const own = await solvedChallenge(configured);
      const { challenge } = JSON.parse(Buffer.from(own, 'base64').toString());
      // signed with a key derived from the configured secret, not the secret itself
      const derived = createHmac('sha256', secret).update('neomi challenge signature').digest('hex');
      const expected = createHmac('sha256', derived).update(JSON.stringify(challenge.parameters)).digest('hex');
      expect(challenge.signature).toBe(expected);
      expect(await configured.challenges.verify(own)).toBe('ok');
    } finally {
      await configured.close();
    }
  });
});

describe('the challenge_cost setting', () => {
  it('has a default, a range, and sets how many tries a challenge may need', async () => {
    const list = await t.inject({ method: 'POST', url: '/api/setting/index', as: 'admin' });
    const setting = list.json().settings.find((s: { key: string }) => s.key === 'challenge_cost');
    const change = (value: unknown) =>
      t.inject({ method: 'POST', url: `/api/setting/change/${setting.id}`, as: 'admin', payload: { value } });
    for (const bad of [CHALLENGE_COST_RANGE.min - 1, CHALLENGE_COST_RANGE.max + 1, 1500.5, '5000', null]) {
      const res = await change(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        key: 'app.errors.challengeCostRange',
        errors: { value: 'app.errors.challengeCostRange' },
      });
    }
    expect((await change(CHALLENGE_COST_RANGE.min)).json().setting.value).toBe(CHALLENGE_COST_RANGE.min);
    // the number to find is at most the cost: 10 challenges solved within it
    for (let i = 0; i < 10; i += 1) {
      const challenge = await fetchChallenge(t.app);
      const solution = await solveChallenge({ challenge, deriveKey });
      expect(solution!.counter).toBeGreaterThanOrEqual(1);
      expect(solution!.counter).toBeLessThanOrEqual(CHALLENGE_COST_RANGE.min);
    }
    // a fresh installation's value, and a challenge at that cost solved by altcha-lib's solver
    expect(seededCost).toBe(CHALLENGE_COST_DEFAULT);
    expect((await change(CHALLENGE_COST_DEFAULT)).statusCode).toBe(200);
    const challenge = await fetchChallenge(t.app);
    const solution = await solveChallenge({ challenge, deriveKey });
    expect(solution!.counter).toBeLessThanOrEqual(CHALLENGE_COST_DEFAULT);
    expect(await t.app.challenges.verify(encodePayload(challenge, solution))).toBe('ok');
    await cheapChallenges(t.db);
  });
});
