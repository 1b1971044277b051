import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

/**
 * The rooms of the server (docs/ARCHITECTURE.md §2): a route declares (access, schemas) and delegates; SQL lives
 * in server/repositories/, workflows with their transaction in server/services/, and neither of those knows Fastify.
 */
const root = path.resolve(__dirname, '../..');
const filesUnder = (folder: string) =>
  execFileSync('git', ['ls-files', `${folder}/*.ts`], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((f) => f && fs.existsSync(path.join(root, f)));

/** Imports the query builder or the tables, or opens a transaction. */
const WRITES_SQL = /from '(drizzle-orm[^']*|[./]*(server\/)?db\/schema[^']*)'|\.transaction\(/;
const KNOWS_FASTIFY = /from 'fastify'|from '@fastify\//;

describe('thin routes', () => {
  const routes = filesUnder('server/routes');

  it('reads the route files', () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  it('no route file writes SQL or opens a transaction', () => {
    const offenders = routes.filter((f) => WRITES_SQL.test(fs.readFileSync(path.join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('services and repositories know no Fastify types', () => {
    const files = [...filesUnder('server/services'), ...filesUnder('server/repositories')];
    expect(files.length).toBeGreaterThan(10);
    const knowing = files.filter((f) => KNOWS_FASTIFY.test(fs.readFileSync(path.join(root, f), 'utf8')));
    expect(knowing).toEqual([]);
  });
});
