import fs from 'node:fs';
import { inject } from 'vitest';

/**
 * What the suite observes against what the OpenAPI document declares: every
 * test app (testApp.ts) records each answer of an API route (method, route,
 * status, content type) and, when it closes, fails its test file if the
 * document (built once per run by globalSetup.openapi.ts) does not declare
 * that status for that operation, or declares it with other media types.
 */
export interface Observed {
  method: string;
  url: string;
  status: number;
  contentType: string;
}

interface Operation {
  responses: Record<string, { content?: Record<string, unknown> }>;
}

let document: { paths: Record<string, Record<string, Operation>> } | undefined;

/** `/api/users/show/:id` → `/api/users/show/{id}` (as @fastify/swagger writes paths). */
export const documentPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** A media type matches a declared one exactly, or a declared `image/*` or `*\/*`. */
const matches = (declared: string, observed: string) =>
  declared === observed ||
  declared === '*/*' ||
  (declared.endsWith('/*') && observed.startsWith(declared.slice(0, -1)));

/** The observations the document does not declare, one line each (empty: all declared). */
export function undeclared(observed: Iterable<Observed>): string[] {
  document ??= JSON.parse(fs.readFileSync(inject('openapiDocument'), 'utf8'));
  const problems = new Set<string>();
  for (const { method, url, status, contentType } of observed) {
    if (method === 'HEAD' || !url.startsWith('/api/') || url.startsWith('/api/docs')) continue;
    const operation = document!.paths[documentPath(url)]?.[method.toLowerCase()];
    if (!operation) {
      problems.add(`${method} ${url}: not in the OpenAPI document`);
      continue;
    }
    const response = operation.responses[String(status)];
    if (!response) {
      problems.add(`${method} ${url} answered ${status}, which the document does not declare`);
      continue;
    }
    const type = contentType.split(';')[0].trim();
    const declaredTypes = Object.keys(response.content ?? {});
    if (type && declaredTypes.length && !declaredTypes.some((declared) => matches(declared, type)))
      problems.add(`${method} ${url} answered ${status} as ${type}; the document declares ${declaredTypes.join(', ')}`);
  }
  return [...problems].sort();
}
