import { childIdOf } from './familyPaths';
import { getToken } from '../session';

/**
 * The family page's first API calls, started by main.tsx as the page loads, beside its app's chunks rather than after
 * them; the family app's data provider (FamilyApp.tsx `withEarlyAnswers`) answers the page's own first calls from
 * them. Plain fetch with the headers src/http.ts sends: this module is part of main.tsx's chunk, which must stay
 * small. Only a successful answer is used: any failure leaves the call to the data provider (its errors, its retries).
 */
const started = new Map<string, Promise<unknown>>();

const earlyJson = (path: string): Promise<unknown> => {
  const headers = new Headers({ Accept: 'application/json', Authorization: `Bearer ${getToken() ?? ''}` });
  if (document.documentElement.lang) headers.set('Accept-Language', document.documentElement.lang);
  return fetch(`/api${path}`, { headers }).then((response) => {
    if (!response.ok) throw new Error(`${response.status}`);
    return response.json() as Promise<unknown>;
  });
};

/** The API paths (docs/API.md) the family page at `pathname` reads first: the user, and a child's details. */
export const firstCallsOf = (pathname: string): string[] => {
  const child = childIdOf(pathname);
  return child === undefined ? ['/me'] : ['/me', `/student/details/${encodeURIComponent(child)}`];
};

/** Starts the first calls of the family page at `pathname`. */
export const startEarlyCalls = (pathname: string): void => {
  for (const path of firstCallsOf(pathname)) {
    const answer = earlyJson(path);
    answer.catch(() => undefined); // taken, or never needed: not an unhandled rejection
    started.set(path, answer);
  }
};

/**
 * The answer of the early call to `path`, once (a later call of the page asks the API afresh), else undefined; it
 * rejects when the early call failed.
 */
export const takeEarlyAnswer = (path: string): Promise<unknown> | undefined => {
  const answer = started.get(path);
  started.delete(path);
  return answer;
};
