import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { can } from '../../domain/access';
import type { RouteEntry } from '../../server/plugins/access';
import { multipart, notAnImage, pngImage } from './support/files';
import { withApp, type DemoName as Role } from './support/withApp';

/**
 * Every route of the API, read from the app's own route table (so a route
 * added later is covered by itself), gets hostile input as each demo role
 * and without a token: NUL and control characters, lone surrogates, 1 MB
 * strings, impossible dates, 2^31 and 2^63, arrays and strings where objects
 * belong, wrong types, malformed ids. No answer may be 5xx, and no hostile
 * request may change the database: a trigger on every table counts the rows
 * really inserted, changed or deleted, compared before and after each route.
 * Only routes that take no input at all (logout...) may change it, since for
 * them any call is a valid call. Bodies come from each route's own zod
 * schema: one hostile field at a time, the others plausible, so the hostile
 * value is what the route must refuse.
 *
 * Kept fast for CI (aim: well under two minutes): what a route's schema
 * refuses before its handler runs is refused the same for every role, so
 * those requests (hostile fields, whole bodies and ids on a route with a
 * schema for them) go as the first role the route lets in; every role gets
 * what reaches role-dependent code (an id nobody has, bodies of routes
 * without a body schema, multipart forms), and every role the route refuses
 * gets one request showing the refusal.
 */
const t = withApp();
const tokens = new Map<Role | 'none', string | undefined>();
const permissionsOf = new Map<Role | 'none', string[]>();
const ROLES: (Role | 'none')[] = ['admin', 'region', 'school', 'teacher', 'family', 'marker', 'none'];

beforeAll(async () => {
  await installChangeCounter();
  // the counter itself: a real change counts, an update that changes nothing does not
  const counted = await changes();
  await t.db.execute(sql`update users set name = name where id = (select min(id) from users)`);
  expect(await changes()).toBe(counted);
  await t.db.execute(sql`update users set name = name || 'x' where id = (select min(id) from users)`);
  await t.db.execute(sql`update users set name = left(name, -1) where id = (select min(id) from users)`);
  expect(await changes()).toBe(counted + 2);
  for (const role of ROLES) {
    const token = role === 'none' ? undefined : await t.signIn(role);
    tokens.set(role, token);
    permissionsOf.set(
      role,
      token
        ? (await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } })).json().user
            .permissions
        : [],
    );
  }
});

// ---- the hostile values ----------------------------------------------------

const MEGABYTE = 'x'.repeat(1_000_000);
/** Per field: the control characters are refused by the input guard wherever they are, so NUL stands for them; the rest go once per route (CONTROL_BODIES). */
const HOSTILE_STRINGS: unknown[] = ['a\u0000b', MEGABYTE, ['array'], 12345];
const HOSTILE_DATES: unknown[] = ['2020-02-30', '0000-01-01'];
const HOSTILE_NUMBERS: unknown[] = [2 ** 31, 2 ** 63, -(2 ** 31) - 1, true, '12abc'];
const HOSTILE_BOOLEANS: unknown[] = [1, 'yes', [true]];
const HOSTILE_ARRAYS: unknown[] = ['not a list', { not: 'a list' }, [2 ** 31], ['a\u0000']];
const HOSTILE_OBJECTS: unknown[] = ['not an object', [], 42];
/** Whole bodies that are not what any route wants. */
const HOSTILE_BODIES: string[] = [
  '"text"',
  '[]',
  '[{}]',
  '42',
  'null',
  'true',
  '{"broken json',
  '{"a":"\\u0000"}',
  '{"a":["\\u001b[2J\\u0007"]}',
  '{"a":"lone \\ud800 half"}',
];
const HOSTILE_IDS = [
  '2147483648',
  '9223372036854775808',
  '0',
  '-1',
  '1.5',
  'abc',
  '%27%20or%201%3D1',
  '%00',
  '%E2%80%AE',
  'x'.repeat(120),
];

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  minimum?: number;
  maxLength?: number;
  format?: string;
  const?: unknown;
  minItems?: number;
};

const toJson = (schema: unknown): JsonSchema | undefined => {
  try {
    return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return undefined;
  }
};
const firstOption = (s: JsonSchema): JsonSchema => s.oneOf?.[0] ?? s.anyOf?.find((o) => o.type !== 'null') ?? s;
const typeOf = (s: JsonSchema) => [firstOption(s).type].flat()[0];
const isDateField = (name: string, s: JsonSchema) =>
  /date|birth|_at$|^day$|deadline/i.test(name) || s.format === 'date';

/** A value the schema would take, to carry one hostile field at a time. */
function plausible(name: string, s: JsonSchema): unknown {
  const o = firstOption(s);
  if (o.const !== undefined) return o.const;
  if (o.enum?.length) return o.enum[0];
  switch (typeOf(o)) {
    case 'string':
      if (isDateField(name, o)) return '2015-05-05';
      if (/mail/i.test(name)) return 'hostile.base@example.org';
      if (/password/i.test(name)) return 'hostile-base-pass';
      return 'p'.repeat(Math.max(o.minLength ?? 1, 8)).slice(0, o.maxLength ?? 8);
    case 'number':
    case 'integer':
      return Math.max(o.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'array':
      return o.minItems ? [plausible(name, o.items ?? {})] : [];
    case 'object':
      return Object.fromEntries(Object.entries(o.properties ?? {}).map(([k, v]) => [k, plausible(k, v)]));
    default:
      return 'p';
  }
}

/** The hostile values for a field of this schema; none for a field that takes anything. */
function hostileFor(name: string, s: JsonSchema): unknown[] {
  switch (typeOf(s)) {
    case 'string':
      return [...HOSTILE_STRINGS, ...(isDateField(name, firstOption(s)) ? HOSTILE_DATES : [])];
    case 'number':
    case 'integer':
      return HOSTILE_NUMBERS;
    case 'boolean':
      return HOSTILE_BOOLEANS;
    case 'array':
      return HOSTILE_ARRAYS;
    case 'object':
      return HOSTILE_OBJECTS;
    default:
      return [];
  }
}

/** Bodies with one hostile field each, the others plausible. */
function fieldMutations(schema: JsonSchema | undefined): unknown[] {
  const o = schema && firstOption(schema);
  if (!o || typeOf(o) !== 'object' || !o.properties) return [];
  const base = plausible('', o) as Record<string, unknown>;
  return Object.entries(o.properties).flatMap(([field, fs]) =>
    hostileFor(field, fs).map((v) => ({ ...base, [field]: v })),
  );
}

// ---- requests --------------------------------------------------------------

/** oneRole: refused by the route's schema before its handler, so the same for every role the route lets in. */
interface Attempt {
  label: string;
  url: string;
  payload?: string | Buffer;
  headers?: Record<string, string>;
  oneRole?: boolean;
}

const isIdParam = (name: string) => /id$|^id|Id$/i.test(name);
const paramNames = (url: string) => [...url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);
/** A query value, a lone surrogate as the invalid UTF-8 bytes a client could send. */
const encodeQuery = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};
/** A well-formed value nobody has: the request reaches validation and the handler, which finds nothing. */
const fillParams = (url: string, override?: [string, string]) =>
  url.replace(/:([A-Za-z_]+)/g, (_m, p: string) =>
    override?.[0] === p
      ? override[1]
      : isIdParam(p) || /status/i.test(p)
        ? '2147483647'
        : 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png',
  );

function attemptsFor(route: RouteEntry, png: Buffer): Attempt[] {
  const schema = route.schema ?? {};
  const url = fillParams(route.url);
  const json = (label: string, body: unknown): Attempt => ({
    label,
    url,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  const attempts: Attempt[] = [];
  const params = paramNames(route.url);
  // an id nobody has reaches the handler: its lookup differs by role
  if (params.length) attempts.push({ label: "param nobody's id", url });
  for (const p of params)
    for (const bad of HOSTILE_IDS)
      attempts.push({
        label: `param ${p}=${bad.slice(0, 20)}`,
        url: fillParams(route.url, [p, bad]),
        oneRole: !!schema.params && isIdParam(p),
      });
  const query = toJson(schema.querystring);
  for (const [field, fs] of Object.entries(firstOption(query ?? {}).properties ?? {})) {
    for (const bad of [
      ...hostileFor(field, fs).filter((v) => typeof v === 'string' || typeof v === 'number'),
      '2147483648',
      '9223372036854775808',
    ]) {
      const text = String(bad).slice(0, 4000);
      attempts.push({
        label: `query ${field}=${text.slice(0, 20)}`,
        url: `${url}?${field}=${encodeQuery(text)}&${field}=${encodeQuery(text)}`,
        oneRole: true,
      });
    }
  }
  if (route.method === 'GET' || route.method === 'HEAD') return attempts;
  for (const body of HOSTILE_BODIES) attempts.push({ ...json(`body ${body}`, body), oneRole: !!schema.body });
  attempts.push({
    label: 'body form-urlencoded',
    url,
    payload: 'name=x&id=1',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    oneRole: !!schema.body,
  });
  for (const body of fieldMutations(toJson(schema.body)))
    attempts.push({ ...json(`field ${JSON.stringify(body).slice(0, 60)}`, body), oneRole: true });
  if (schema.consumes) {
    const nul = multipart({
      name: 'a\u0000b',
      title: '\u001b[2J',
      birthdate: '2020-02-30',
      id: '2147483648',
      gender: '9223372036854775808',
      email: `${'a'.repeat(300)}@x.org`,
    });
    const twoFiles = multipart(
      {},
      { name: 'image', filename: 'a.png', data: png },
      { name: 'image2', filename: 'b.png', data: png },
    );
    const fake = multipart({ name: 'Fake' }, { name: 'image', filename: 'a.png', data: notAnImage() });
    const proto = multipart({ __proto__x: 'x', constructor: 'y' });
    for (const [label, form] of [
      ['multipart NUL fields', nul],
      ['multipart two files', twoFiles],
      ['multipart not an image', fake],
      ['multipart odd names', proto],
    ] as const) {
      attempts.push({ label, url, payload: form.body, headers: form.headers });
    }
    attempts.push({
      label: 'multipart broken',
      url,
      payload: '--x\r\nbroken',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
  }
  return attempts;
}

/**
 * Counts every row really inserted, changed or deleted in any table (an
 * update that changes nothing does not count; on access_tokens only what
 * is not last_used_at, which any signed-in call moves on; rate_limits not at
 * all: a rate limit counts every request, refused ones too). An insert into a
 * log table, so a rolled-back change leaves no trace, as in the database.
 */
async function installChangeCounter() {
  // one statement per call: a prepared statement holds one command
  await t.db.execute(
    sql.raw(
      `create function hostile_count() returns trigger language plpgsql as $$ begin insert into hostile_changes default values; return null; end $$`,
    ),
  );
  await t.db.execute(
    sql.raw(`do $$ declare n text; begin
      for n in select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'rate_limits' loop
        execute format('create trigger hostile_ins_del after insert or delete on %I for each row execute function hostile_count()', n);
        execute format('create trigger hostile_upd after update on %I for each row when (%s) execute function hostile_count()', n,
          case when n = 'access_tokens'
            then 'row(old.id, old.user_id, old.token_hash, old.expires_at, old.revoked_at) is distinct from row(new.id, new.user_id, new.token_hash, new.expires_at, new.revoked_at)'
            else 'old.* is distinct from new.*' end);
      end loop;
    end $$`),
  );
  await t.db.execute(sql.raw('create table hostile_changes (at timestamptz default now())'));
}
const changes = async () => {
  const result = await t.db.execute<{ n: string }>(sql`select count(*) as n from hostile_changes`);
  const rows = 'rows' in result ? result.rows : (result as unknown as { n: string }[]);
  return Number(rows[0].n);
};

const hasKey = (body: string) => {
  try {
    return typeof JSON.parse(body).key === 'string';
  } catch {
    return false;
  }
};

/** Whether the access check refuses this role before the request is read (then its body cannot matter). */
const refusedByAccess = (route: RouteEntry, role: Role | 'none') =>
  route.access !== 'public' &&
  (role === 'none' || (route.access !== 'signed-in' && !can(permissionsOf.get(role), route.access!)));

const takesNoInput = (route: RouteEntry) => {
  const s = route.schema ?? {};
  return !paramNames(route.url).length && !s.body && !s.querystring && !s.consumes;
};

describe('hostile input on every route, as every role', () => {
  it('never answers 5xx and never changes the database', async () => {
    const routes = t.app.routeTable.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThan(40);
    // routes without input may act on any call (logout ends the session): they go last
    routes.sort(
      (a, b) => Number(takesNoInput(a) && a.method !== 'GET') - Number(takesNoInput(b) && b.method !== 'GET'),
    );
    const png = await pngImage();
    const failures: string[] = [];
    let requests = 0;
    const started = performance.now();
    const send = (route: RouteEntry, role: Role | 'none', attempt: Attempt) => {
      const token = tokens.get(role);
      return t.app.inject({
        method: route.method as 'GET',
        url: attempt.url,
        payload: attempt.payload,
        headers: { ...attempt.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        remoteAddress: '10.250.0.1',
      });
    };
    for (const route of routes) {
      const attempts = attemptsFor(route, png);
      if (!attempts.length) continue;
      // a route without input may have ended the sessions (logout): sign in again
      if (takesNoInput(route)) for (const role of ROLES) if (role !== 'none') tokens.set(role, await t.signIn(role));
      // A schema checks a body before the handler runs, the same for every role: the bodies with one
      // hostile field go as the first role the route lets in; every role gets the rest (whole bodies,
      // ids, multipart forms), which reach code that differs by role.
      const fieldRole = ROLES.find((role) => !refusedByAccess(route, role));
      const before = await changes();
      // the roles at once: the server keeps nothing between requests but the database
      await Promise.all(
        ROLES.map(async (role) => {
          // refused for who the caller is: one request shows it, the body cannot matter
          for (const attempt of refusedByAccess(route, role)
            ? attempts.slice(0, 1)
            : attempts.filter((a) => !a.oneRole || role === fieldRole)) {
            const res = await send(route, role, attempt);
            requests += 1;
            if (res.statusCode >= 500)
              failures.push(`${res.statusCode} ${route.method} ${route.url} as ${role}: ${attempt.label}`);
            // a refusal says what is wrong: JSON with a message key
            else if (res.statusCode >= 400 && !hasKey(res.body))
              failures.push(
                `${res.statusCode} ${route.method} ${route.url} as ${role}: ${attempt.label}: no message key`,
              );
            if (refusedByAccess(route, role) && res.statusCode !== (role === 'none' ? 401 : 403))
              failures.push(`${res.statusCode} ${route.method} ${route.url} as ${role}: not refused by access`);
          }
        }),
      );
      const changed = (await changes()) - before;
      if (changed && !takesNoInput(route)) {
        // which request did it: again, one at a time (only when something is wrong)
        let culprit = 'unknown request';
        search: for (const role of ROLES) {
          for (const attempt of attempts) {
            const a = await changes();
            const res = await send(route, role, attempt);
            if ((await changes()) !== a) {
              culprit = `as ${role}: ${attempt.label} → ${res.statusCode}`;
              break search;
            }
          }
        }
        failures.push(`${route.method} ${route.url} changed ${changed} rows (${culprit})`);
      }
    }
    console.info(
      `hostile input: ${requests} requests over ${routes.length} routes in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(failures).toEqual([]);
  }, 600_000);
});
