import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsFor, type Action } from '../../domain/access';
import { OPERATIONS, TAGS, operationKey } from '../../server/openapi/operations';
import { buildDocumentApp } from '../../server/openapi/standalone';
import { documentPath, undeclared } from './support/openapiDeclared';

/**
 * The OpenAPI document (docs/API.md "OpenAPI") names every call for a
 * generated client: one entry of server/openapi/operations.ts per route and
 * a route per entry, unique camelCase operationIds, declared tags, a
 * description and a success response for every operation. Spectral lints the
 * whole document (npm run lint:openapi); every test app checks that the
 * statuses it saw are declared (support/openapiDeclared.ts).
 */
interface Operation {
  operationId?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  responses: Record<string, { description?: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
}

let app: FastifyInstance;
let doc: { tags: { name: string; description: string }[]; paths: Record<string, Record<string, Operation>> };
let apiRoutes: { method: string; url: string; access: string | undefined; schema?: Record<string, unknown> }[];
beforeAll(async () => {
  app = await buildDocumentApp();
  doc = app.swagger() as unknown as typeof doc;
  apiRoutes = app.routeTable.filter(
    (r) => r.method !== 'HEAD' && r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'),
  );
});
afterAll(async () => {
  await app?.close();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );

describe('the table of operations (server/openapi/operations.ts)', () => {
  it('has exactly one entry for every route, and a route for every entry', () => {
    expect(apiRoutes.length).toBeGreaterThan(200);
    const routeKeys = apiRoutes.map((r) => operationKey(r.method, r.url));
    expect(new Set(routeKeys).size).toBe(routeKeys.length);
    const withoutEntry = routeKeys.filter((key) => !(key in OPERATIONS));
    expect(withoutEntry, 'routes without an entry in server/openapi/operations.ts').toEqual([]);
    const withoutRoute = Object.keys(OPERATIONS).filter((key) => !routeKeys.includes(key));
    expect(withoutRoute, 'entries of server/openapi/operations.ts without a route').toEqual([]);
  });

  it('gives unique camelCase operationIds, a tag of TAGS and a one-line description', () => {
    const ids = Object.values(OPERATIONS).map((o) => o.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const [key, op] of Object.entries(OPERATIONS)) {
      expect(op.operationId, key).toMatch(/^[a-z][a-zA-Z0-9]+$/);
      expect(Object.keys(TAGS), key).toContain(op.tag);
      expect(op.description, key).toMatch(/^[A-Z"'`].{10,150}\.$/);
      expect(op.description, key).not.toContain('\n');
    }
    // every declared tag holds operations
    const used = new Set(Object.values(OPERATIONS).map((o) => o.tag));
    expect(Object.keys(TAGS).filter((tag) => !used.has(tag as keyof typeof TAGS))).toEqual([]);
  });

  it('agrees with the tags a route still declares in its own schema', () => {
    const disagreeing = apiRoutes
      .filter((r) => Array.isArray(r.schema?.tags))
      .map((r) => ({ key: operationKey(r.method, r.url), tags: r.schema!.tags }))
      .filter(({ key, tags }) => OPERATIONS[key] && JSON.stringify(tags) !== JSON.stringify([OPERATIONS[key].tag]));
    expect(disagreeing).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  it('declares its tags with descriptions, a server, a contact and a description', () => {
    const raw = doc as unknown as { servers: { url: string }[]; info: Record<string, unknown> };
    expect(doc.tags.map((t) => t.name)).toEqual(Object.keys(TAGS));
    for (const tag of doc.tags) expect(tag.description.length).toBeGreaterThan(10);
    expect(raw.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(raw.info).toEqual(
      expect.objectContaining({
        description: expect.any(String),
        contact: expect.objectContaining({ name: expect.any(String) }),
      }),
    );
  });

  it('has every route as an operation with its operationId, tag, description and a success response', () => {
    const ops = operations();
    expect(ops.length).toBe(apiRoutes.length);
    for (const route of apiRoutes) {
      const entry = OPERATIONS[operationKey(route.method, route.url)];
      const op = doc.paths[documentPath(route.url)]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.url}`).toBeDefined();
      expect(op.operationId).toBe(entry.operationId);
      expect(op.tags).toEqual([entry.tag]);
      expect(op.description).toContain(entry.description);
      expect(
        Object.keys(op.responses).filter((s) => /^2\d\d$/.test(s)),
        op.operationId,
      ).not.toEqual([]);
      for (const [status, response] of Object.entries(op.responses))
        expect(response.description, `${op.operationId} ${status}`).toBeTruthy();
    }
  });

  it('says who may call each operation: public ones need no token, the others the bearer token and maybe a permission', () => {
    for (const route of apiRoutes) {
      const op = doc.paths[documentPath(route.url)][route.method.toLowerCase()];
      if (route.access === 'public') {
        expect(op.security, op.operationId).toEqual([]);
        expect(op.description).toContain('Public');
      } else {
        expect(op.security, op.operationId).toBeUndefined(); // the document's default: the bearer token
        expect(op.responses['401'], op.operationId).toBeDefined();
        if (route.access !== 'signed-in') {
          expect(op.description).toContain(`\`${route.access}\``);
          for (const p of permissionsFor(route.access as Action)) expect(op.description).toContain(`\`${p}\``);
          expect(op.responses['403'], op.operationId).toBeDefined();
        }
      }
    }
  });

  it('declares the files some calls answer as binary bodies of their media types, and errors as JSON', () => {
    for (const [key, entry] of Object.entries(OPERATIONS)) {
      const [method, url] = key.split(' ');
      const op = doc.paths[documentPath(url)][method.toLowerCase()];
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) >= 400)
          expect(Object.keys(response.content ?? {}), `${entry.operationId} ${status}`).toEqual(['application/json']);
      }
      if (!entry.files) continue;
      const content = op.responses['200'].content ?? {};
      for (const type of entry.files)
        expect(content[type]?.schema, `${entry.operationId} ${type}`).toEqual({ type: 'string', format: 'binary' });
    }
    const xlsx = doc.paths['/api/users/export'].get.responses['200'].content!;
    expect(Object.keys(xlsx)).toEqual(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
    // a print answers JSON, or the same as a PDF
    const print = doc.paths['/api/users/print/group/users/answers'].post.responses['200'].content!;
    expect(Object.keys(print).sort()).toEqual(['application/json', 'application/pdf']);
  });
});

describe('what the suite observes against what the document declares', () => {
  it('accepts what is declared; finds an undeclared status, an undeclared media type, a route missing from the document', () => {
    expect(
      undeclared([
        {
          method: 'GET',
          url: '/api/users/export',
          status: 200,
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        },
        { method: 'GET', url: '/api/files/photos/:name', status: 200, contentType: 'image/webp' },
        { method: 'GET', url: '/api/me', status: 401, contentType: 'application/json; charset=utf-8' },
        { method: 'GET', url: '/api/docs/json', status: 200, contentType: 'application/json' },
      ]),
    ).toEqual([]);
    expect(
      undeclared([
        { method: 'GET', url: '/api/me', status: 418, contentType: 'application/json' },
        { method: 'GET', url: '/api/users/export', status: 200, contentType: 'text/csv' },
        { method: 'GET', url: '/api/not/documented/:id', status: 200, contentType: 'application/json' },
      ]),
    ).toEqual([
      'GET /api/me answered 418, which the document does not declare',
      'GET /api/not/documented/:id: not in the OpenAPI document',
      'GET /api/users/export answered 200 as text/csv; the document declares application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
  });
});
