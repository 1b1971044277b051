import type {
  CreateParams,
  DataProvider,
  DeleteParams,
  GetListParams,
  GetManyParams,
  GetManyReferenceParams,
  GetOneParams,
  RaRecord,
  UpdateParams,
} from 'react-admin';
import { apiFetch } from '../http';
import { accountAdapters, accountMethods } from './accounts';
import { examAdapters, examMethods } from './exams';
import { teachingAdapters, teachingMethods } from './teaching';
import { publicAdapters, publicMethods } from './public';
import { dictionaryAdapters, dictionaryMethods } from './dictionary';
import { markingAdapters, markingMethods } from './marking';
import { wordScoreAdapters, wordScoreMethods } from './wordScores';
import { schoolAdapters, schoolMethods } from './schools';
import { activityAdapters, activityMethods } from './activities';
import { reportAdapters, reportMethods } from './reports';
import { learnerResultAdapters, learnerResultMethods } from './learnerResults';
import { jobMethods } from './jobs';
import { reliabilityMethods } from './reliability';
import { type Data, type ResourceAdapter, recordOf, rowsOf } from './types';

export type { ResourceAdapter } from './types';
export type { PasswordChange, UserRoles } from './accounts';

/**
 * One data provider for the whole console. The table ADAPTERS says, for each
 * resource, which API call serves each react-admin method and under which
 * key the answer comes (docs/API.md). Each area keeps its part of the table
 * and its named actions (activateUser, approveTeacher, toggleGroupExam...)
 * in a file of its own here, composed below.
 */
export const ADAPTERS: Record<string, ResourceAdapter> = {
  ...accountAdapters,
  ...examAdapters,
  ...teachingAdapters,
  ...publicAdapters,
  ...dictionaryAdapters,
  ...markingAdapters,
  ...wordScoreAdapters,
  ...schoolAdapters,
  ...activityAdapters,
  ...reportAdapters,
  ...learnerResultAdapters,
};

/** The named actions that are not CRUD, from every area. */
const customMethods = {
  ...accountMethods,
  ...examMethods,
  ...teachingMethods,
  ...publicMethods,
  ...dictionaryMethods,
  ...markingMethods,
  ...wordScoreMethods,
  ...schoolMethods,
  ...activityMethods,
  ...reportMethods,
  ...learnerResultMethods,
  ...jobMethods,
  ...reliabilityMethods,
};

const adapterFor = (resource: string): ResourceAdapter => {
  const adapter = ADAPTERS[resource];
  if (!adapter) throw new Error(`Unknown resource: ${resource}`);
  return adapter;
};

const callFor = <K extends keyof ResourceAdapter>(resource: string, kind: K): NonNullable<ResourceAdapter[K]> => {
  const call = adapterFor(resource)[kind];
  if (!call) throw new Error(`The API has no ${kind} call for ${resource}`);
  return call as NonNullable<ResourceAdapter[K]>;
};

/** react-admin filter names → the API's list parameters. */
const FILTER_NAMES: Record<string, string> = { q: 'search_text' };

/** react-admin list params → {limit, offset, search_text, order_by, order_direction, status, ...} */
export const toListQuery = (params: GetListParams, orderable?: readonly string[]): Record<string, string | number> => {
  const { page = 1, perPage = 10 } = params.pagination ?? {};
  const query: Record<string, string | number> = { limit: perPage, offset: (page - 1) * perPage };
  for (const [name, value] of Object.entries(params.filter ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    query[FILTER_NAMES[name] ?? name] = typeof value === 'number' ? value : String(value);
  }
  const { field, order } = params.sort ?? { field: '', order: 'ASC' };
  if (field && orderable?.includes(field)) {
    query.order_by = field;
    query.order_direction = order === 'DESC' ? 'desc' : 'asc';
  }
  return query;
};

const compare = (a: unknown, b: unknown): number => {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''));
};

/** Search, sort and page rows the API sent all at once. */
const pageLocally = (rows: RaRecord[], params: GetListParams) => {
  const { q, ...filters } = (params.filter ?? {}) as Data;
  let out = rows.filter((row) =>
    Object.entries(filters).every(([k, v]) => v === undefined || v === '' || String(row[k]) === String(v)),
  );
  if (typeof q === 'string' && q.trim()) {
    const needle = q.trim().toLowerCase();
    out = out.filter((row) =>
      String(row.name ?? '')
        .toLowerCase()
        .includes(needle),
    );
  }
  const { field, order } = params.sort ?? { field: '', order: 'ASC' };
  if (field) out = [...out].sort((a, b) => compare(a[field], b[field]) * (order === 'DESC' ? -1 : 1));
  const { page = 1, perPage = out.length || 1 } = params.pagination ?? {};
  return { data: out.slice((page - 1) * perPage, page * perPage), total: out.length };
};

const getList = async (resource: string, params: GetListParams) => {
  const call = callFor(resource, 'list');
  if (call.clientSide) {
    const answer = await apiFetch(call.path, { method: call.method, signal: params.signal });
    return pageLocally(rowsOf(answer, call.key), params);
  }
  const query = toListQuery(params, call.orderable);
  const answer = await apiFetch<Data>(call.path, {
    method: call.method,
    ...(call.method === 'GET' ? { query } : { body: query }),
    signal: params.signal,
  });
  const rows = rowsOf(answer, call.key);
  const data = call.toRecord ? rows.map((row) => call.toRecord!(row)) : rows;
  // a search counted only up to the server's cap: "1–25 of more than 25" and next/previous
  if (answer?.count_capped === true) {
    const { page, perPage } = params.pagination ?? { page: 1, perPage: data.length };
    return { data, pageInfo: { hasPreviousPage: page > 1, hasNextPage: data.length === perPage } };
  }
  return { data, total: typeof answer?.count === 'number' ? answer.count : data.length };
};

const getOne = async (resource: string, params: GetOneParams) => {
  const call = callFor(resource, 'one');
  const answer = await apiFetch(call.path(params.id), { method: call.method, signal: params.signal });
  return { data: recordOf(answer, call.key) };
};

const getMany = async (resource: string, params: GetManyParams) => {
  const adapter = adapterFor(resource);
  if (adapter.list?.clientSide) {
    const answer = await apiFetch(adapter.list.path, { method: adapter.list.method, signal: params.signal });
    const wanted = new Set(params.ids.map(String));
    return { data: rowsOf(answer, adapter.list.key).filter((r) => wanted.has(String(r.id))) };
  }
  const data = await Promise.all(
    params.ids.map((id) => getOne(resource, { id, signal: params.signal }).then((r) => r.data)),
  );
  return { data };
};

const getManyReference = async (resource: string, params: GetManyReferenceParams) => {
  const call = adapterFor(resource).references?.[params.target];
  if (!call) throw new Error(`The API cannot list ${resource} by ${params.target}`);
  const answer = await apiFetch(call.path(params.id), { method: call.method, signal: params.signal });
  return pageLocally(rowsOf(answer, call.key ?? resource), params);
};

const create = async (resource: string, params: CreateParams) => {
  const call = callFor(resource, 'create');
  const data = params.data as Data;
  const answer = await apiFetch(call.path, { method: call.method, body: call.body ? call.body(data) : data });
  return { data: recordOf(answer, call.key, data) };
};

const update = async (resource: string, params: UpdateParams) => {
  const call = callFor(resource, 'update');
  const data = params.data as Data;
  const answer = await apiFetch(call.path(params.id), {
    method: call.method,
    body: call.body ? call.body(data, params.id) : data,
  });
  return { data: { ...params.previousData, ...recordOf(answer, call.key, { ...data, id: params.id }) } };
};

const remove = async (resource: string, params: DeleteParams) => {
  const call = callFor(resource, 'delete');
  await apiFetch(call.path(params.id), { method: call.method, body: call.body?.({}, params.id) });
  return { data: (params.previousData ?? { id: params.id }) as RaRecord };
};

export type AppDataProvider = DataProvider & typeof customMethods;

export const dataProvider: AppDataProvider = {
  getList,
  getOne,
  getMany,
  getManyReference,
  create,
  update,
  updateMany: async (resource, params) => {
    await Promise.all(params.ids.map((id) => update(resource, { id, data: params.data, previousData: { id } })));
    return { data: params.ids };
  },
  delete: remove,
  deleteMany: async (resource, params) => {
    await Promise.all(params.ids.map((id) => remove(resource, { id })));
    return { data: params.ids };
  },
  ...customMethods,
} as AppDataProvider;
