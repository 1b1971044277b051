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

/** Route files not yet moved (issue 21, item 1): this list only shrinks; the test fails when a file moved is still here. */
const NOT_YET_THIN = new Set([
  'server/routes/exams/answers.ts',
  'server/routes/exams/files.ts',
  'server/routes/exams/groupGate.ts',
  'server/routes/exams/guests.ts',
  'server/routes/exams/questions.ts',
  'server/routes/exams/submit.ts',
]);

describe('thin routes', () => {
  const routes = filesUnder('server/routes');

  it('reads the route files', () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  it('no route file writes SQL or opens a transaction', () => {
    const offenders = routes.filter((f) => WRITES_SQL.test(fs.readFileSync(path.join(root, f), 'utf8')));
    expect(offenders.filter((f) => !NOT_YET_THIN.has(f))).toEqual([]);
    // a file that was moved leaves the list, so that it cannot slip back
    const stillListed = [...NOT_YET_THIN].filter((f) => f.startsWith('server/routes/'));
    expect(stillListed.filter((f) => !offenders.includes(f))).toEqual([]);
  });

  it('services and repositories know no Fastify types', () => {
    const files = [...filesUnder('server/services'), ...filesUnder('server/repositories')];
    expect(files.length).toBeGreaterThan(10);
    const knowing = files.filter((f) => KNOWS_FASTIFY.test(fs.readFileSync(path.join(root, f), 'utf8')));
    expect(knowing.filter((f) => !NOT_YET_THIN.has(f))).toEqual([]);
  });
});
