import type { Identifier, RaRecord } from 'react-admin';

/** How a resource's react-admin methods map to API calls (docs/API.md). */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Data = Record<string, unknown>;

export interface ListCall {
  method: 'GET' | 'POST';
  path: string;
  /** the key of the rows in the answer, e.g. `users` in {users, count} */
  key: string;
  /** fields the server sorts by (order_by allow-list); other sorts are not sent */
  orderable?: readonly string[];
  /** the API answers with every row: search, sort and page here */
  clientSide?: boolean;
  /** a row as react-admin's record, when the API names its id otherwise (e.g. student_id) */
  toRecord?: (row: Data) => RaRecord;
}
export interface RecordCall {
  method: Method;
  path: (id: Identifier) => string;
  /** the key of the record in the answer, e.g. `user` in {user} */
  key?: string;
  body?: (data: Data, id: Identifier) => unknown;
}
export interface CreateCall {
  method: 'POST' | 'PUT';
  path: string;
  key: string;
  body?: (data: Data) => unknown;
}
export interface ResourceAdapter {
  list?: ListCall;
  one?: RecordCall;
  create?: CreateCall;
  update?: RecordCall;
  delete?: RecordCall;
  /** getManyReference by target field */
  references?: Record<string, RecordCall>;
}

/** Only these fields of a record, '' sent as null. */
export const pick =
  (keys: readonly string[]) =>
  (data: Data): Data =>
    Object.fromEntries(keys.filter((k) => data[k] !== undefined).map((k) => [k, data[k] === '' ? null : data[k]]));

/** The rows under `key` in a list answer ({users, count} → users). */
export const rowsOf = (answer: unknown, key: string): RaRecord[] => {
  const rows = (answer as Data | undefined)?.[key];
  return Array.isArray(rows) ? (rows as RaRecord[]) : [];
};

/** The record under `key` in an answer ({user} → user), or the fallback. */
export const recordOf = (answer: unknown, key: string | undefined, fallback: Data = {}): RaRecord => {
  const record = key ? (answer as Data | undefined)?.[key] : answer;
  return (record && typeof record === 'object' ? record : fallback) as RaRecord;
};
