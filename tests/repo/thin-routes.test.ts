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
  'server/services/accountSecurity.ts',
  'server/services/background.ts',
  'server/routes/activities/activities.ts',
  'server/routes/activities/dashboard.ts',
  'server/routes/activities/evaluation.ts',
  'server/routes/activities/feedback.ts',
  'server/routes/activities/gallery.ts',
  'server/routes/activities/messages.ts',
  'server/routes/activities/notifications.ts',
  'server/routes/activities/students.ts',
  'server/routes/auth/index.ts',
  'server/routes/files.ts',
  'server/routes/logs/index.ts',
  'server/routes/marking/index.ts',
  'server/routes/public/forms.ts',
  'server/routes/public/notify.ts',
  'server/routes/public/orders.ts',
  'server/routes/reports/build.ts',
  'server/routes/reports/exports.ts',
  'server/routes/reports/levels.ts',
  'server/routes/reports/scores.ts',
  'server/routes/reports/student.ts',
  'server/routes/roles/index.ts',
  'server/routes/schools/accounts.ts',
  'server/routes/schools/classes.ts',
  'server/routes/schools/groups.ts',
  'server/routes/schools/imports.ts',
  'server/routes/schools/regions.ts',
  'server/routes/schools/reports.ts',
  'server/routes/schools/schools.ts',
  'server/routes/schools/seats.ts',
  'server/routes/schools/students.ts',
  'server/routes/schools/teachers.ts',
  'server/routes/scores/index.ts',
  'server/routes/scoring/index.ts',
  'server/routes/teaching/access.ts',
  'server/routes/teaching/courses.ts',
  'server/routes/teaching/documents.ts',
  'server/routes/teaching/groups.ts',
  'server/routes/teaching/lessons.ts',
  'server/routes/teaching/members.ts',
  'server/routes/users/children.ts',
  'server/routes/users/index.ts',
  'server/routes/users/teachers.ts',
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
