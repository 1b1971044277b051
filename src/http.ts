import { HttpError } from 'react-admin';
import { REQUEST_TIMEOUT_MS } from '../domain/codes';
import { MESSAGES } from '../domain/messages';
import { getToken } from './session';

/** The API's error body (docs/API.md "Errors"). */
export interface ApiErrorBody {
  message?: string;
  key?: string;
  errors?: Record<string, string>;
}

export const API_BASE = '/api';

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** a JSON body, or FormData for multipart calls */
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
}

const isKnownKey = (key: unknown): key is string => typeof key === 'string' && key in MESSAGES;

/**
 * The text an error shows: the server's i18n key when the console knows it
 * (translated on display), else the server's English text, else the generic
 * react-admin message.
 */
export const errorMessage = (body: ApiErrorBody | undefined, status: number): string => {
  if (isKnownKey(body?.key)) return body.key;
  if (body?.message && isKnownKey(body.message)) return body.message;
  if (body?.message) return body.message;
  if (status === 401) return 'app.errors.unauthenticated';
  if (status === 403) return 'app.errors.forbidden';
  return 'ra.notification.http_error';
};

const queryString = (query: ApiRequest['query']): string => {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
};

/** How a call reaches the API: a fetch of its address (`/api/...`) with the call's method, headers and body. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

/**
 * The browser's fetch; the API server's own routes while the server renders a family's page with its data
 * (src/prerender/renderPage.tsx renderFamilyPage: the page's first reads, answered in the process).
 */
let transport: ApiTransport = (url, init) => fetch(url, init);

/** The transport of every call from now on (the server's renderer sets its own for the length of a render). */
export const setApiTransport = (next: ApiTransport): void => {
  transport = next;
};

/** Aborts after REQUEST_TIMEOUT_MS, or earlier when the caller's signal aborts. */
const timeoutSignal = (signal?: AbortSignal): { signal: AbortSignal; done: () => void } => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort);
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
};

/** The successful response of a call; an error answer rejects with an HttpError carrying its body. */
const apiResponse = async (path: string, request: ApiRequest): Promise<Response> => {
  const { method = 'GET', body, query, signal } = request;
  const headers = new Headers({ Accept: 'application/json' });
  // the console's language (set on <html lang> by src/i18n/locales.ts): the server writes mails in it
  const language = typeof document === 'undefined' ? '' : document.documentElement.lang;
  if (language) headers.set('Accept-Language', language);
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }
  const timeout = timeoutSignal(signal);
  let response: Response;
  try {
    response = await transport(`${API_BASE}${path}${queryString(query)}`, {
      method,
      headers,
      body: payload,
      signal: timeout.signal,
    });
  } catch (error) {
    timeout.done();
    if (signal?.aborted) throw error;
    throw new HttpError('ra.notification.http_error', 0, { message: String(error) });
  }
  timeout.done();
  if (response.ok) return response;
  let json: unknown;
  try {
    json = JSON.parse(await response.text());
  } catch {
    json = undefined;
  }
  const errorBody = (json && typeof json === 'object' ? json : {}) as ApiErrorBody;
  throw new HttpError(errorMessage(errorBody, response.status), response.status, errorBody);
};

/**
 * Calls the API with the bearer token. Resolves to the JSON body; rejects
 * with a react-admin HttpError carrying the body ({message, key, errors}),
 * so forms show field errors and authProvider.checkError sees the status.
 */
export const apiFetch = async <T = unknown>(path: string, request: ApiRequest = {}): Promise<T> => {
  const text = await (await apiResponse(path, request)).text();
  try {
    return (text ? JSON.parse(text) : undefined) as T;
  } catch {
    return undefined as T;
  }
};

/** A file the API sends (a photo, a spreadsheet, a PDF), with the bearer token, as a Blob. */
export const apiBlob = async (path: string, request: ApiRequest = {}): Promise<Blob> =>
  (await apiResponse(path, request)).blob();

/** Saves a Blob as a download named `filename` (exports, templates, certificates). */
export const saveBlob = (blob: Blob, filename: string): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

/**
 * Sends a multipart form with upload progress (0–100, for large files).
 * Resolves to the JSON body; rejects like apiFetch with an HttpError carrying the body.
 */
export const apiUpload = <T = unknown>(
  path: string,
  form: FormData,
  onProgress?: (percent: number) => void,
): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.timeout = REQUEST_TIMEOUT_MS;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let json: unknown;
      try {
        json = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        json = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve(json as T);
        return;
      }
      const body = (json && typeof json === 'object' ? json : {}) as ApiErrorBody;
      reject(new HttpError(errorMessage(body, xhr.status), xhr.status, body));
    };
    const failed = () => reject(new HttpError('ra.notification.http_error', 0, { message: 'network error' }));
    xhr.onerror = failed;
    xhr.ontimeout = failed;
    xhr.send(form);
  });
