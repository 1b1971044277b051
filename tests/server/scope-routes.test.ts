import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { regions, schools } from '../../server/db/schema';
import type { RouteEntry } from '../../server/plugins/access';
import {
  demoPlaces,
  grantEverything,
  newRegionWithSchool,
  plant,
  plantPlatformLogs,
  usersByEmail,
  type Planted,
} from './support/outside';
import { withApp } from './support/withApp';

/**
 * Scope on every read, generated from the app's own route table (so a read
 * added later is covered by itself), docs/SCOPE.md: a school admin and a
 * region admin granted every permission read, through every read route, only
 * what is inside their school or region.
 *
 * Rows are planted in the places outside each caller (tests/server/support/outside.ts):
 * the other school of the school admin's region (Delta), a school of the
 * other region (Alexandria), a school of a region made for the test, and
 * outside every school (a family and a teacher of their own), each under a
 * marker; audit rows about the platform's own records under another. Each
 * read route is then called as each caller: with the list filter's largest
 * page, and once for every id parameter and id filter with each outside
 * record of a kind that name can mean. A 2xx answer must hold no outside
 * marker, and no school_id or region_id of an outside place.
 *
 * Counts and other aggregates hold no marker: every read without an id is
 * called again after a second batch of outside rows is planted, and must
 * answer exactly as before (outside rows change nothing in it), but for the
 * few whose numbers are the platform's by design, listed with the reason.
 *
 * Reads are the GET routes, the POST routes whose answer holds a list or
 * that answer a GET of the same path, but the writes below.
 */

/** POST routes whose answer holds a list but that change something: their scope is tests/server/scope-writes.test.ts's. */
const WRITES = new Set([
  'POST /api/lessons/save',
  'POST /api/lessons/save/:id',
  'POST /api/lessons/sort/:id',
  'POST /api/lessons/activities/sort/:id',
  'POST /api/schools/import/students',
  'POST /api/schools/import/teachers',
  'POST /api/marking/assign',
  'POST /api/scores/score',
  'POST /api/scores/question-sets',
  'PUT /api/user/roles/:id',
]);

/**
 * Reads that show every signed-in user the same catalogue: a course's groups
 * open to join (docs/api/teaching.md), in the form a family sees them (no
 * promo code, no count of students). Outside groups may appear there, only in that form.
 */
const CATALOGUES = new Set(['GET /api/groups/course_groups/:id']);

/** Reads whose answer holds no list and that have no GET of the same path. */
const AGGREGATES = new Set(['POST /api/dashboard/counts']);

/**
 * Reads whose numbers are the platform's by design, with no outside row in
 * them: they may change when rows are added outside the caller's scope.
 */
const PLATFORM_NUMBERS = new Set([
  // a cohort's report is set beside the programme's takers and norms (programme_takers, programme_mean): docs/api/reports.md
  'POST /api/exam/report',
  // a question's scored tests are what a change of its category set rescores, every taker's: docs/api/scoring.md
  'GET /api/scores/question-sets',
]);

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  default?: unknown;
};
const toJson = (schema: unknown, io: 'input' | 'output' = 'input'): JsonSchema | undefined => {
  if (!schema) return undefined;
  try {
    return z.toJSONSchema(schema as z.ZodType, { io, unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return undefined;
  }
};
const firstOption = (s: JsonSchema): JsonSchema => s.oneOf?.[0] ?? s.anyOf?.find((o) => o.type !== 'null') ?? s;
const typeOf = (s: JsonSchema) => [firstOption(s).type].flat()[0];
/** A list answer: an array, or an object with an array among its own fields. */
const holdsArray = (s: JsonSchema | undefined, depth = 0): boolean => {
  if (!s || depth > 1) return false;
  const o = firstOption(s);
  if (typeOf(o) === 'array') return true;
  return Object.values(o.properties ?? {}).some((p) => holdsArray(p, depth + 1));
};

/** A value the schema takes, for a required field that is not an id. */
function plausible(name: string, s: JsonSchema): unknown {
  const o = firstOption(s);
  if (o.const !== undefined) return o.const;
  if (o.enum?.length) return o.enum[0];
  if (o.default !== undefined) return o.default;
  switch (typeOf(o)) {
    case 'string':
      if (/date|_at$/i.test(name)) return '2026-01-01';
      return 'a'.repeat(Math.max(o.minLength ?? 1, 1));
    case 'number':
    case 'integer':
      return Math.max(o.minimum ?? 1, 1);
    case 'boolean':
      return false;
    case 'array':
      return o.minItems ? [plausible(name, o.items ?? {})] : [];
    case 'object':
      return {};
    default:
      return 1;
  }
}

type Kind = keyof Planted['ids'] | 'school' | 'region';
const ALL_KINDS: Kind[] = [
  'parent',
  'teacher',
  'child',
  'group',
  'activity',
  'feedback',
  'message',
  'notification',
  'courseRequest',
  'seatRequest',
  'klass',
  'exam',
  'answer',
  'certificate',
  'school',
  'region',
];
/** Which outside records an id parameter or filter of this name may mean (a bare id: any of them). */
function kindsFor(name: string): Kind[] | 'not-an-id' {
  const n = name.toLowerCase();
  if (/^(exam_type|status|challenge|stage|kind|type|set_id|question_id|course_id|lesson_id)$/.test(n))
    return 'not-an-id';
  if (/student|child|learner/.test(n)) return ['child'];
  if (/group/.test(n)) return ['group'];
  if (/school/.test(n)) return ['school'];
  if (/region/.test(n)) return ['region'];
  if (/class/.test(n)) return ['klass'];
  if (/exam/.test(n)) return ['exam'];
  if (/activity|evaluation/.test(n)) return ['activity'];
  if (/user|teacher|parent|marker/.test(n)) return ['parent', 'teacher', 'child'];
  if (n === 'id' || n.endsWith('id')) return ALL_KINDS;
  return 'not-an-id';
}

interface Caller {
  label: string;
  email: string;
  token: string;
  /** markers of the places outside the caller */
  outside: string[];
  outsideSchools: Set<number>;
  outsideRegions: Set<number>;
  /** outside records whose ids go into parameters and filters */
  planted: Planted[];
}

const t = withApp();
const callers: Caller[] = [];
let readRoutes: RouteEntry[];

const MARKERS = { delta: 'ZQDELTA', alex: 'ZQALEX', region: 'ZQREGION', free: 'ZQFREE', platform: 'ZQPLATFORM' };

/** Rows in every outside place; the second batch only where neither caller sees (Delta is the region admin's). */
async function plantBatch(n: number) {
  const places = await demoPlaces(t.db);
  const fresh = await newRegionWithSchool(t.db, `${MARKERS.region}${n}`);
  const planted = {
    delta: n === 1 ? await plant(t.db, `${MARKERS.delta}${n}`, places.delta) : undefined,
    alex: await plant(t.db, `${MARKERS.alex}${n}`, places.sea),
    region: await plant(t.db, `${MARKERS.region}${n}`, fresh.schoolId),
    free: await plant(t.db, `${MARKERS.free}${n}`, null),
  };
  await plantPlatformLogs(t.db, `${MARKERS.platform}${n}`);
  return planted;
}

beforeAll(async () => {
  const admin = await t.token('admin');
  const places = await demoPlaces(t.db);
  const ids = await usersByEmail(t.db, ['school@demo.test', 'region@demo.test']);
  for (const email of ['school@demo.test', 'region@demo.test']) await grantEverything(t, admin, ids[email]);
  const planted = await plantBatch(1);
  const allSchools = await t.db.select({ id: schools.id, regionId: schools.regionId }).from(schools);
  const allRegions = (await t.db.select({ id: regions.id }).from(regions)).map((r) => r.id);
  callers.push(
    {
      label: 'a school admin granted every permission',
      email: 'school@demo.test',
      token: await t.token('school'),
      outside: Object.values(MARKERS),
      outsideSchools: new Set(allSchools.filter((s) => s.id !== places.nile).map((s) => s.id)),
      outsideRegions: new Set(allRegions.filter((r) => r !== places.cairo)),
      planted: [planted.delta!, planted.alex, planted.free],
    },
    {
      label: 'a region admin granted every permission',
      email: 'region@demo.test',
      token: await t.token('region'),
      outside: [MARKERS.alex, MARKERS.region, MARKERS.free, MARKERS.platform],
      outsideSchools: new Set(allSchools.filter((s) => s.regionId !== places.cairo).map((s) => s.id)),
      outsideRegions: new Set(allRegions.filter((r) => r !== places.cairo)),
      planted: [planted.alex, planted.region, planted.free],
    },
  );
  const table = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
  const getPaths = new Set(table.filter((r) => r.method === 'GET').map((r) => r.url));
  readRoutes = table.filter((r) => {
    if (WRITES.has(`${r.method} ${r.url}`) || r.access === 'public') return false;
    if (r.method === 'GET') return true;
    if (r.method !== 'POST') return false;
    const response = (r.schema?.response ?? {}) as Record<string, unknown>;
    if (AGGREGATES.has(`${r.method} ${r.url}`)) return true;
    return getPaths.has(r.url) || holdsArray(toJson(response[200] ?? response['200'], 'output'));
  });
}, 120_000);

interface Attempt {
  label: string;
  url: string;
  body?: unknown;
  /** no outside id in it: a list or aggregate of the caller's own scope */
  plain: boolean;
}

const idOf = (p: Planted, kind: Kind): number | null =>
  kind === 'school' ? p.schoolId : kind === 'region' ? p.regionId : (p.ids[kind as keyof Planted['ids']] as number);

function candidates(caller: Caller, name: string): number[] | 'not-an-id' {
  const kinds = kindsFor(name);
  if (kinds === 'not-an-id') return kinds;
  return [
    ...new Set(caller.planted.flatMap((p) => kinds.map((k) => idOf(p, k)).filter((v): v is number => v !== null))),
  ];
}

/** The requests of a read route for a caller: the plain list, then each outside id in each id parameter and filter. */
function attemptsFor(route: RouteEntry, caller: Caller): Attempt[] {
  const params = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);
  if (params.some((p) => /^(name|token|code|kind|file_id)$/.test(p))) return [];
  const inputSchema = toJson(route.method === 'GET' ? route.schema?.querystring : route.schema?.body);
  const props = firstOption(inputSchema ?? {}).properties ?? {};
  const required = new Set(firstOption(inputSchema ?? {}).required ?? []);
  const base: Record<string, unknown> = {};
  for (const [name, s] of Object.entries(props)) {
    if (name === 'limit') base.limit = firstOption(s).maximum ?? 100;
    else if (required.has(name) && candidates(caller, name) === 'not-an-id') base[name] = plausible(name, s);
  }
  const idFields = Object.keys(props).filter((n) => candidates(caller, n) !== 'not-an-id');
  const requiredIds = idFields.filter((n) => required.has(n));
  const paramValues = (values: Record<string, number>) =>
    route.url.replace(/:([A-Za-z_]+)/g, (_m, p: string) => String(values[p] ?? 1));
  const request = (label: string, ids: Record<string, number>, body: Record<string, unknown>, plain: boolean) => {
    const url = paramValues(ids);
    if (route.method === 'GET') {
      const query = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString();
      return { label, url: query ? `${url}?${query}` : url, plain };
    }
    return { label, url, body, plain };
  };
  const attempts: Attempt[] = [];
  const idParams = params.filter((p) => candidates(caller, p) !== 'not-an-id');
  if (!idParams.length && !requiredIds.length) attempts.push(request('plain', {}, base, true));
  // each id parameter and each id filter, one at a time, with each outside record it may name
  const slots = [
    ...idParams.map((p) => ({ p, where: 'param' as const })),
    ...idFields.map((p) => ({ p, where: 'body' as const })),
  ];
  for (const { p, where } of slots) {
    for (const value of candidates(caller, p) as number[]) {
      const ids: Record<string, number> = {};
      for (const other of idParams) ids[other] = value;
      const body = { ...base };
      for (const other of requiredIds) body[other] = value;
      if (where === 'body') body[p] = value;
      else ids[p] = value;
      attempts.push(request(`${p}=${value}`, ids, body, false));
    }
  }
  return attempts;
}

/** The answer as text: JSON as it came, a workbook as the text of its cells; other files as nothing. */
async function textOf(res: { body: string; rawPayload: Buffer; headers: Record<string, unknown> }): Promise<string> {
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('json')) return res.body;
  if (!type.includes('spreadsheetml')) return '';
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const cells: string[] = [];
  book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text)))));
  return cells.join('\n');
}

async function send(caller: Caller, route: RouteEntry, attempt: Attempt) {
  return t.app.inject({
    method: route.method as 'GET',
    url: attempt.url,
    ...(attempt.body !== undefined ? { payload: attempt.body as object } : {}),
    headers: { authorization: `Bearer ${caller.token}` },
    remoteAddress: '10.77.0.1',
  });
}

/** What in an answer comes from outside the caller: markers, and outside school and region ids. */
function leaks(caller: Caller, body: string): string[] {
  const found = caller.outside.filter((m) => body.includes(m)).map((m) => `marker ${m}`);
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return found;
  }
  const walk = (v: unknown, path: string) => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}[${i}]`));
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if (/^school_?id$/i.test(k) && typeof x === 'number' && caller.outsideSchools.has(x))
          found.push(`${path}.${k}=${x} (outside school)`);
        else if (/^region_?id$/i.test(k) && typeof x === 'number' && caller.outsideRegions.has(x))
          found.push(`${path}.${k}=${x} (outside region)`);
        else walk(x, `${path}.${k}`);
      }
  };
  walk(json, '');
  return found;
}

/** The clock in an answer (a test's server time) is not a row: left out of the comparison. */
const stable = (text: string) => text.replace(/"server_time":"[^"]*"/g, '"server_time":""');

/**
 * A catalogue's answer without the outside groups it may show, once each is
 * checked to be in the form a family sees (no promo code, no count of students).
 */
function catalogueRest(caller: Caller, text: string, failures: string[]): string {
  const json = JSON.parse(text) as { groups: Record<string, unknown>[] };
  const outside = (g: Record<string, unknown>) =>
    caller.outside.some((m) => String(g.name).includes(m)) || caller.outsideSchools.has(g.school_id as number);
  for (const g of json.groups.filter(outside))
    if (g.promo_code !== null || g.students_count !== null)
      failures.push(`${caller.label}: catalogue shows outside group ${String(g.name)} with its promo code or students`);
  return JSON.stringify({ ...json, groups: json.groups.filter((g) => !outside(g)) });
}

describe('every read route answers only what is inside the caller’s scope', () => {
  it('covers the read routes of the route table', () => {
    expect(readRoutes.length).toBeGreaterThan(100);
  });

  it('shows no row from outside, and outside rows change no count', async () => {
    const failures: string[] = [];
    const firstAnswers = new Map<string, string>();
    let answered = 0;
    let withRows = 0;
    for (const caller of callers) {
      for (const route of readRoutes) {
        for (const attempt of attemptsFor(route, caller)) {
          const res = await send(caller, route, attempt);
          if (res.statusCode >= 500)
            failures.push(`${caller.label}: ${route.method} ${route.url} ${attempt.label} → ${res.statusCode}`);
          if (res.statusCode >= 300) continue;
          answered += 1;
          const text = await textOf(res);
          if (/"\w+":\[\{/.test(text)) withRows += 1;
          const shown = CATALOGUES.has(`${route.method} ${route.url}`) ? catalogueRest(caller, text, failures) : text;
          for (const leak of leaks(caller, shown))
            failures.push(`${caller.label}: ${route.method} ${route.url} ${attempt.label}: ${leak}`);
          if (attempt.plain) firstAnswers.set(`${caller.email} ${route.method} ${route.url}`, stable(text));
        }
      }
    }
    // outside rows change nothing a caller reads without an id
    await plantBatch(2);
    for (const caller of callers) {
      for (const route of readRoutes) {
        const key = `${caller.email} ${route.method} ${route.url}`;
        const before = firstAnswers.get(key);
        if (before === undefined || PLATFORM_NUMBERS.has(`${route.method} ${route.url}`)) continue;
        const attempt = attemptsFor(route, caller).find((a) => a.plain)!;
        const res = await send(caller, route, attempt);
        const after = stable(await textOf(res));
        if (after !== before) {
          let at = 0;
          while (before[at] === after[at]) at += 1;
          failures.push(
            `${caller.label}: ${route.method} ${route.url}: changed when rows were added outside its scope (${before.slice(Math.max(0, at - 40), at + 40)} → ${after.slice(Math.max(0, at - 40), at + 40)})`,
          );
        }
      }
    }
    console.info(`scope: ${answered} answers read, ${withRows} with rows, over ${readRoutes.length} read routes`);
    expect(answered).toBeGreaterThan(150);
    expect(withRows).toBeGreaterThan(60);
    expect(failures).toEqual([]);
  }, 600_000);
});
