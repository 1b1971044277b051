import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { can } from '../../domain/access';
import { USER_STATUS, USER_TYPE } from '../../domain/codes';
import { ROLE, type RoleKey } from '../../domain/permissions';
import type { ExportJobOut, ExportKind, ExportRequest } from '../../domain/schemas/jobs';
import { textsIn } from '../../domain/texts';
import type { ObjectStorage } from '../adapters/storage';
import { XLSX_MIME, workbookBuffer, type SheetSpec } from '../adapters/xlsx';
import type { Actor } from '../auth/actor';
import { usersInScope } from '../auth/scope';
import type { Database, Executor } from '../db/client';
import { exportJobs, users } from '../db/schema';
import { AppError, forbidden, notFound, conflict } from '../errors';
import { userPagesInScope, type UserRow } from '../repositories/documents';
import { groupInScope, memberIds } from '../repositories/reportCohorts';
import { documentLocale, type DocumentLocale } from './certificate';
import { requireReportViewer } from './cohortReports';
import type { JobAttempt, Jobs } from './jobs';
import { examResultsSheets } from './reportExports';
import { randomToken } from './secrets';

/**
 * Exports as jobs (docs/api/jobs.md "Exports as jobs", docs/DECISIONS.md "Exports: one path, inline when small"):
 * the console asks for an export, gets its id, follows its progress in rows and downloads the file once done.
 *
 * One code path: the request checks the permission and the scope and counts the rows; an export of at most
 * `inlineRows` rows is written at once, in the request, by the same `runExport` that the `export` job runs for a
 * larger one on any process. The row of export_jobs keeps what was asked, the actor as they were at the request
 * (roles, permissions, region and school: the scope the job works in) and the progress; the file goes to the
 * object store under `exports/<id>-<random>.xlsx`. Only the user who asked sees the export (any other id: 404). The
 * `export-cleanup` job, every hour, removes the exports a day old, file and row (and any file under `exports/` with
 * no row, e.g. of a deleted account).
 */

/** The folder of the export files in the object store. */
export const EXPORT_FOLDER = 'exports';
/** Rows written between two notes of the progress. */
const PROGRESS_EVERY = 250;

// ---------------------------------------------------------------- the users workbook (GET /users/export too)

/** users.xlsx in a locale: its sheet, headers and the labels of codes in its cells (domain/texts `users.*`). */
const userTexts = (locale: DocumentLocale) => {
  const t = textsIn(locale);
  return {
    sheet: t('users.sheet'),
    headers: (['id', 'name', 'email', 'type', 'country', 'city', 'mobile_no', 'status', 'created_at'] as const).map(
      (c) => t(`users.column.${c}`),
    ),
    types: {
      [USER_TYPE.family]: t('users.type.family'),
      [USER_TYPE.teacher]: t('users.type.teacher'),
      [USER_TYPE.guest]: t('users.type.guest'),
    } as Record<number, string>,
    roles: {
      [ROLE.admin]: t('users.role.admin'),
      [ROLE.regionAdmin]: t('users.role.region_admin'),
      [ROLE.schoolAdmin]: t('users.role.admin_school'),
      [ROLE.marker]: t('users.role.marker'),
    } as Record<string, string>,
    active: t('users.active'),
    inactive: t('users.inactive'),
  };
};

/** The roles shown before the account type, the widest first (a teacher who also marks is shown as a teacher). */
const ADMIN_ROLES = [ROLE.admin, ROLE.regionAdmin, ROLE.schoolAdmin] as const;

/**
 * What a user is, in the export's "account type" column: an admin (platform, region, school) by that role, else a
 * teacher or guest by the account type, else a marker by the role, else a family.
 */
const accountTypeOf = (u: UserRow, text: ReturnType<typeof userTexts>): string => {
  const admin = ADMIN_ROLES.find((r) => u.roleKeys.includes(r));
  if (admin) return text.roles[admin];
  if (u.type === USER_TYPE.family && u.roleKeys.includes(ROLE.marker)) return text.roles[ROLE.marker];
  return text.types[u.type] ?? String(u.type);
};

/** The sheet of users.xlsx: the users in the actor's scope, a page of the query at a time. */
export function usersSheets(db: Executor, actor: Actor, locale: DocumentLocale): SheetSpec<UserRow>[] {
  const text = userTexts(locale);
  const values: ((u: UserRow) => string | number | Date | null)[] = [
    (u) => u.id,
    (u) => u.name,
    (u) => u.email,
    (u) => accountTypeOf(u, text),
    (u) => u.country,
    (u) => u.city,
    (u) => u.mobileNo,
    (u) => (u.removed === USER_STATUS.active ? text.active : text.inactive),
    (u) => u.createdAt,
  ];
  return [
    {
      name: text.sheet,
      rtl: locale === 'ar',
      rows: userPagesInScope(db, actor),
      columns: text.headers.map((header, i) => ({ header, value: values[i], width: i === 2 ? 32 : 18 })),
    },
  ];
}

const countUsersInScope = async (db: Executor, actor: Actor) =>
  (await db.select({ n: count() }).from(users).where(usersInScope(actor)))[0].n;

// ---------------------------------------------------------------- what an export is

/** What an export is of: the request without its language (kept apart). */
type ExportParams = ExportRequest extends infer R ? (R extends unknown ? Omit<R, 'locale'> : never) : never;

/** The actor as kept with the job: what the scope and the permission checks read. */
interface ActorSnapshot {
  id: number;
  name: string;
  type: number;
  regionId: number | null;
  schoolId: number | null;
  roles: RoleKey[];
  permissions: string[];
  tokenId: number;
}

const snapshotOf = (actor: Actor): ActorSnapshot => ({
  id: actor.id,
  name: actor.name,
  type: actor.type,
  regionId: actor.regionId,
  schoolId: actor.schoolId,
  roles: [...actor.roles],
  permissions: [...actor.permissions].sort(),
  tokenId: actor.tokenId,
});

const actorFrom = (s: ActorSnapshot): Actor => ({ ...s, roles: [...s.roles], permissions: new Set(s.permissions) });

/** Checks that the actor may export this (403 without the permission, 404 outside the scope); answers the rows to write. */
async function checkAndCount(db: Executor, actor: Actor, params: ExportParams): Promise<number> {
  if (params.kind === 'users') {
    if (!can(actor.permissions, 'users.manage')) throw forbidden();
    return countUsersInScope(db, actor);
  }
  requireReportViewer(actor);
  const group = await groupInScope(db, actor, params.group_id);
  return (await memberIds(db, group.id)).length;
}

const filenameOf = (kind: ExportKind) => (kind === 'users' ? 'users.xlsx' : 'exam_results.xlsx');

/** The sheets of an export and the rows they hold (known for the results; counted for users). */
async function sheetsOf(
  db: Executor,
  actor: Actor,
  params: ExportParams,
  locale: DocumentLocale,
): Promise<{ sheets: SheetSpec<unknown>[]; total: number }> {
  if (params.kind === 'users') {
    if (!can(actor.permissions, 'users.manage')) throw forbidden();
    return {
      sheets: usersSheets(db, actor, locale) as SheetSpec<unknown>[],
      total: await countUsersInScope(db, actor),
    };
  }
  const sheets = await examResultsSheets(db, actor, params, locale);
  const total = sheets.reduce((n, s) => n + [...(s.rows as Iterable<unknown[]>)].reduce((m, b) => m + b.length, 0), 0);
  return { sheets, total };
}

/** The sheets with their rows counted as they are written, in batches of at most PROGRESS_EVERY. */
function counted(sheets: SheetSpec<unknown>[], onRows: (n: number) => Promise<void>): SheetSpec<unknown>[] {
  return sheets.map((sheet) => ({
    ...sheet,
    rows: (async function* () {
      for await (const batch of sheet.rows) {
        for (let i = 0; i < batch.length; i += PROGRESS_EVERY) {
          const part = batch.slice(i, i + PROGRESS_EVERY);
          yield part;
          await onRows(part.length);
        }
      }
    })(),
  }));
}

// ---------------------------------------------------------------- running one

type ExportRow = typeof exportJobs.$inferSelect;

export const presentExport = (row: ExportRow): ExportJobOut => ({
  id: row.id,
  kind: row.kind as ExportKind,
  status: row.status as ExportJobOut['status'],
  total: row.total,
  processed: row.processed,
  filename: row.filename,
  size: row.size,
  error: row.error,
  created_at: row.createdAt.toISOString(),
  finished_at: row.finishedAt?.toISOString() ?? null,
  expires_at: row.expiresAt.toISOString(),
});

export interface ExportLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Writes an export's file and stores it; its row shows the progress. A refusal (403, 404, 409: the scope changed
 * since the request, nobody took the test) fails the export at once with its message key; any other error is
 * retried by the queue, and fails the export on the last try. `rethrow`: the refusal is thrown too (inline).
 */
export async function runExport(
  db: Database,
  storage: ObjectStorage,
  id: number,
  log: ExportLog,
  options: { lastTry: boolean; rethrow?: boolean },
): Promise<void> {
  const [row] = await db
    .update(exportJobs)
    .set({ status: 'running', startedAt: sql`coalesce(${exportJobs.startedAt}, now())`, processed: 0 })
    .where(and(eq(exportJobs.id, id), inArray(exportJobs.status, ['pending', 'running'])))
    .returning();
  if (!row) return; // done, failed or removed
  try {
    const actor = actorFrom(row.actor as ActorSnapshot);
    const { sheets, total } = await sheetsOf(db, actor, row.params as ExportParams, row.locale as DocumentLocale);
    await db.update(exportJobs).set({ total }).where(eq(exportJobs.id, id));
    let processed = 0;
    const body = await workbookBuffer(
      counted(sheets, async (n) => {
        processed += n;
        await db.update(exportJobs).set({ processed }).where(eq(exportJobs.id, id));
      }),
    );
    const key = `${EXPORT_FOLDER}/${id}-${randomToken(12)}.xlsx`;
    await storage.put(key, body, { contentType: XLSX_MIME });
    await db
      .update(exportJobs)
      .set({
        status: 'done',
        fileKey: key,
        size: body.length,
        processed,
        total: sql`greatest(${exportJobs.total}, ${processed})`,
        error: null,
        finishedAt: sql`now()`,
        expiresAt: sql`now() + interval '1 day'`,
      })
      .where(eq(exportJobs.id, id));
    log.info(
      { event: 'export.done', exportId: id, kind: row.kind, rows: processed, bytes: body.length },
      'export done',
    );
  } catch (error) {
    const refused = error instanceof AppError && error.statusCode < 500;
    if (refused || options.lastTry) {
      await db
        .update(exportJobs)
        .set({ status: 'failed', error: refused ? error.key : 'app.exports.failed', finishedAt: sql`now()` })
        .where(eq(exportJobs.id, id));
    }
    if (refused && !options.rethrow) return;
    log.error({ event: 'export.failed', exportId: id, err: error, lastTry: options.lastTry }, 'export failed');
    throw error;
  }
}

/** The `export` job's handler. */
export const exportJobHandler =
  (db: Database, storage: () => ObjectStorage, log: ExportLog) =>
  ({ exportJobId }: { exportJobId: number }, attempt: JobAttempt) =>
    runExport(db, storage(), exportJobId, log, { lastTry: attempt.retryCount >= attempt.retryLimit });

export interface ExportDeps {
  db: Database;
  storage: ObjectStorage;
  jobs: Pick<Jobs, 'send'>;
  log: ExportLog;
  /** at most this many rows: written in the request (docs/DECISIONS.md) */
  inlineRows: number;
}

/**
 * Asks for an export (POST /exports): checks and counts, keeps the row, then writes it at once (small) or queues
 * it. A small export refused on writing (a group nobody took the test in: 409) answers that refusal, as the
 * synchronous call does, and leaves no row.
 */
export async function requestExport(
  deps: ExportDeps,
  actor: Actor,
  input: ExportRequest,
  acceptLanguage: string | undefined,
): Promise<ExportJobOut> {
  const { db } = deps;
  const { locale: asked, ...params } = input;
  const locale = documentLocale(asked, acceptLanguage);
  const rows = await checkAndCount(db, actor, params);
  const [row] = await db
    .insert(exportJobs)
    .values({
      kind: params.kind,
      params,
      actor: snapshotOf(actor),
      locale,
      requestedBy: actor.id,
      filename: filenameOf(params.kind),
      total: rows,
    })
    .returning();
  if (rows <= deps.inlineRows) {
    try {
      await runExport(db, deps.storage, row.id, deps.log, { lastTry: true, rethrow: true });
    } catch (error) {
      await db.delete(exportJobs).where(eq(exportJobs.id, row.id));
      throw error;
    }
    return presentExport((await ownExport(db, actor, row.id))!);
  }
  await deps.jobs.send('export', { exportJobId: row.id });
  // as queued (docs/api/jobs.md): a worker may already be writing it, which GET /exports/{id} tells; reading the row
  // again here answered 'running' or 'done' when one was quick
  return presentExport(row);
}

/** An export of the actor's own; undefined for any other id (the route answers 404). */
async function ownExport(db: Executor, actor: Actor, id: number): Promise<ExportRow | undefined> {
  const [row] = await db
    .select()
    .from(exportJobs)
    .where(and(eq(exportJobs.id, id), eq(exportJobs.requestedBy, actor.id), sql`${exportJobs.expiresAt} > now()`));
  return row;
}

export async function showExport(db: Executor, actor: Actor, id: number): Promise<ExportJobOut> {
  const row = await ownExport(db, actor, id);
  if (!row) throw notFound();
  return presentExport(row);
}

/** The actor's exports still kept, newest first (the console's list of its exports). */
export async function myExports(db: Executor, actor: Actor): Promise<ExportJobOut[]> {
  const rows = await db
    .select()
    .from(exportJobs)
    .where(and(eq(exportJobs.requestedBy, actor.id), sql`${exportJobs.expiresAt} > now()`))
    .orderBy(desc(exportJobs.id))
    .limit(20);
  return rows.map(presentExport);
}

/** The file of a finished export of the actor's own: 404 for any other, 409 while it is not done. */
export async function exportFile(db: Executor, storage: ObjectStorage, actor: Actor, id: number) {
  const row = await ownExport(db, actor, id);
  if (!row) throw notFound();
  if (row.status !== 'done' || !row.fileKey) throw conflict('app.exports.notReady');
  const file = await storage.get(row.fileKey);
  if (!file) throw notFound();
  return { filename: row.filename, ...file };
}

/** The `export-cleanup` job: the exports past their day, file then row, and files under exports/ with no row. */
export async function removeExpiredExports(db: Database, storage: ObjectStorage): Promise<number> {
  const expired = await db
    .select({ id: exportJobs.id, fileKey: exportJobs.fileKey })
    .from(exportJobs)
    .where(lt(exportJobs.expiresAt, sql`now()`));
  for (const row of expired) {
    if (row.fileKey) await storage.delete(row.fileKey);
    await db.delete(exportJobs).where(eq(exportJobs.id, row.id));
  }
  const kept = new Set(
    (await db.select({ key: exportJobs.fileKey }).from(exportJobs)).map((r) => r.key).filter(Boolean),
  );
  let orphans = 0;
  for await (const object of storage.list(`${EXPORT_FOLDER}/`)) {
    if (kept.has(object.key)) continue;
    // a file being written has no key on its row yet: only those named after a row that is gone
    const id = Number(/^exports\/(\d+)-/.exec(object.key)?.[1]);
    if (!id) continue;
    const [live] = await db.select({ id: exportJobs.id }).from(exportJobs).where(eq(exportJobs.id, id));
    if (live) continue;
    await storage.delete(object.key);
    orphans += 1;
  }
  return expired.length + orphans;
}
