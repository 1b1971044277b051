import type {
  CreateParams, DataProvider, DeleteParams, GetListParams, GetManyParams, GetManyReferenceParams,
  GetOneParams, Identifier, RaRecord, UpdateParams,
} from 'react-admin';
import { childSchema, LOG_ORDERABLE, USER_ORDERABLE, userEditSchema } from '../domain/schemas/users';
import { apiFetch } from './http';

/**
 * One data provider for the whole console. The table ADAPTERS says, for each
 * resource, which API call serves each react-admin method and under which
 * key the answer comes (docs/API.md). Actions that are not CRUD are the
 * named methods at the end (activateUser, approveTeacher, updatePassword...).
 */
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Data = Record<string, unknown>;

interface ListCall {
  method: 'GET' | 'POST';
  path: string;
  /** the key of the rows in the answer, e.g. `users` in {users, count} */
  key: string;
  /** fields the server sorts by (order_by allow-list); other sorts are not sent */
  orderable?: readonly string[];
  /** the API answers with every row: search, sort and page here */
  clientSide?: boolean;
}
interface RecordCall {
  method: Method;
  path: (id: Identifier) => string;
  /** the key of the record in the answer, e.g. `user` in {user} */
  key?: string;
  body?: (data: Data, id: Identifier) => unknown;
}
interface CreateCall {
  method: 'POST' | 'PUT';
  path: string;
  key: string;
  body?: (data: Data) => unknown;
}
interface ResourceAdapter {
  list?: ListCall;
  one?: RecordCall;
  create?: CreateCall;
  update?: RecordCall;
  delete?: RecordCall;
  /** getManyReference by target field */
  references?: Record<string, RecordCall>;
}

const pick = (keys: readonly string[]) => (data: Data): Data =>
  Object.fromEntries(keys.filter((k) => data[k] !== undefined).map((k) => [k, data[k] === '' ? null : data[k]]));

/** The fields PUT /users/save{id} and the child calls accept: the domain schemas' own fields. */
export const USER_EDIT_FIELDS = Object.keys(userEditSchema.shape);
export const CHILD_FIELDS = Object.keys(childSchema.shape);

const showUser: RecordCall = { method: 'GET', path: (id) => `/users/show/${id}`, key: 'user' };
const userList = (path: string): ListCall => ({ method: 'POST', path, key: 'users', orderable: USER_ORDERABLE });

export const ADAPTERS: Record<string, ResourceAdapter> = {
  users: {
    list: userList('/users'),
    one: showUser,
    update: { method: 'PUT', path: (id) => `/users/save${id}`, key: 'user', body: pick(USER_EDIT_FIELDS) },
    delete: { method: 'DELETE', path: (id) => `/users/delete/${id}` },
  },
  teachers: { list: userList('/teachers'), one: showUser },
  activeTeachers: { list: userList('/teachers/active'), one: showUser },
  teacherRequests: {
    list: userList('/auth/teachers'),
    one: showUser,
    delete: { method: 'DELETE', path: () => '/users/delete/teacher', body: (_data, id) => ({ id: Number(id) }) },
  },
  children: {
    one: { method: 'GET', path: (id) => `/children/${id}`, key: 'child' },
    create: { method: 'POST', path: '/users/add/child', key: 'child', body: pick(CHILD_FIELDS) },
    update: { method: 'PUT', path: (id) => `/users/edit/child/${id}`, key: 'child', body: pick(CHILD_FIELDS) },
    delete: { method: 'DELETE', path: (id) => `/users/delete/child/${id}` },
    references: { parent_id: { method: 'GET', path: (id) => `/users/show/${id}`, key: 'childern' } },
  },
  roles: {
    list: { method: 'GET', path: '/roles', key: 'roles', clientSide: true },
    one: { method: 'GET', path: (id) => `/roles/${id}`, key: 'role' },
    create: { method: 'PUT', path: '/roles', key: 'role', body: pick(['name', 'permissions']) },
    update: { method: 'PUT', path: (id) => `/roles/${id}`, key: 'role', body: pick(['name', 'permissions']) },
    delete: { method: 'DELETE', path: (id) => `/roles/${id}` },
  },
  permissions: { list: { method: 'GET', path: '/permissions', key: 'permissions', clientSide: true } },
  logs: {
    list: { method: 'POST', path: '/logs', key: 'logs', orderable: LOG_ORDERABLE },
    one: { method: 'GET', path: (id) => `/logs/${id}`, key: 'log' },
  },
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
  let out = rows.filter((row) => Object.entries(filters).every(([k, v]) => v === undefined || v === '' || String(row[k]) === String(v)));
  if (typeof q === 'string' && q.trim()) {
    const needle = q.trim().toLowerCase();
    out = out.filter((row) => String(row.name ?? '').toLowerCase().includes(needle));
  }
  const { field, order } = params.sort ?? { field: '', order: 'ASC' };
  if (field) out = [...out].sort((a, b) => compare(a[field], b[field]) * (order === 'DESC' ? -1 : 1));
  const { page = 1, perPage = out.length || 1 } = params.pagination ?? {};
  return { data: out.slice((page - 1) * perPage, page * perPage), total: out.length };
};

const rowsOf = (answer: unknown, key: string): RaRecord[] => {
  const rows = (answer as Data | undefined)?.[key];
  return Array.isArray(rows) ? (rows as RaRecord[]) : [];
};

const recordOf = (answer: unknown, key: string | undefined, fallback: Data = {}): RaRecord => {
  const record = key ? (answer as Data | undefined)?.[key] : answer;
  return (record && typeof record === 'object' ? record : fallback) as RaRecord;
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
  const data = rowsOf(answer, call.key);
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
  const data = await Promise.all(params.ids.map((id) => getOne(resource, { id, signal: params.signal }).then((r) => r.data)));
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
  const answer = await apiFetch(call.path(params.id), { method: call.method, body: call.body ? call.body(data, params.id) : data });
  return { data: { ...params.previousData, ...recordOf(answer, call.key, { ...data, id: params.id }) } };
};

const remove = async (resource: string, params: DeleteParams) => {
  const call = callFor(resource, 'delete');
  await apiFetch(call.path(params.id), { method: call.method, body: call.body?.({}, params.id) });
  return { data: (params.previousData ?? { id: params.id }) as RaRecord };
};

/** GET /user/roles/{id} and PUT /user/roles/{id}. */
export interface UserRoles {
  roles: number[];
  permissions: string[];
  effective: string[];
}

export interface PasswordChange {
  current_password: string;
  password: string;
  confirm_password: string;
}

const userOf = async (path: string, body?: unknown) => ({ data: recordOf(await apiFetch(path, { method: 'POST', body }), 'user') });

const photoForm = (file: File) => {
  const form = new FormData();
  form.append('image', file);
  return form;
};

/** The named actions that are not CRUD. */
const customMethods = {
  /** The signed-in user with roles and permissions (GET /me). */
  getMe: async () => ({ data: recordOf(await apiFetch('/me'), 'user') }),
  activateUser: (id: Identifier) => userOf(`/users/activate/${id}`),
  deactivateUser: (id: Identifier) => userOf(`/users/deactivate/${id}`),
  setTeacherActive: (id: Identifier, active: boolean) => userOf(`/teachers/active/${id}`, { active }),
  /** approve (true) or refuse (false) a teacher waiting for approval */
  approveTeacher: (id: Identifier, approve = true) => userOf(`/users/add/${id}/${approve ? 1 : 0}`),
  updatePassword: (id: Identifier, change: PasswordChange) =>
    apiFetch<{ message: string }>(`/users/update/password/${id}`, { method: 'POST', body: change }),
  updatePhoto: (id: Identifier, file: File) => userOf(`/users/update_photo/${id}`, photoForm(file)),
  getUserProfile: async (id: Identifier) => ({ data: recordOf(await apiFetch(`/users/show/profile/${id}`), 'user') }),
  getUserRoles: (id: Identifier) => apiFetch<UserRoles>(`/user/roles/${id}`),
  setUserRoles: (id: Identifier, value: { roles: number[]; permissions: string[] }) =>
    apiFetch<UserRoles>(`/user/roles/${id}`, { method: 'PUT', body: value }),
  forgotPassword: (email: string) => apiFetch<{ message: string }>('/users/forgot/password', { method: 'POST', body: { email } }),
  resetPassword: (value: { token: string; password: string; confirm_password: string }) =>
    apiFetch<{ message: string }>('/users/reset/password', { method: 'POST', body: value }),
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
