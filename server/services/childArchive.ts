import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { textsFor, type TextLocale } from '../../domain/texts';
import type { Actor } from '../auth/actor';
import type { FileStorage } from '../adapters/storage';
import type { Executor } from '../db/client';
import { children } from '../db/schema';
import { activitiesOfChild, presentActivity } from '../repositories/activities';
import { examsOfLearner } from '../repositories/examAnswers';
import { findChildInScope } from '../repositories/children';
import { presentExam, stagesOf, submittedStages, testDuration } from '../repositories/exams';
import { examFileNames } from '../repositories/storedFiles';
import { presentChild } from '../repositories/users';
import { IMAGE_FOLDER as ACTIVITY_FOLDER } from './activities';
import { MODEL_FOLDER, STAGE_IMAGE_FOLDER } from './examFiles';
import { learnerScores } from './learnerReports';

/**
 * The family's archive of a child (docs/API.md "Users", GET /children/{id}/archive): one zip with everything the
 * platform holds about the child — README.txt (a readable summary in the family's language), child.json (the
 * profile), activities.json, tests.json (every stage with its answers), scores.json — and every stored file of the
 * child under files/<folder>/<name> (profile photo, activity pictures, test drawings and photos, 3D models), each
 * named in the JSON by its `file`. The files are streamed from the folder or the bucket one after the other, never
 * held whole. Only the child's own family (the parent account) may have it: anyone else, admins included, gets 404.
 */

/** A file of the archive: where it is in the store, and its name in the zip. */
interface ArchiveFile {
  folder: string;
  name: string;
  path: string;
}

const PROFILE_FOLDER = 'photos';
const fileEntry = (folder: string, name: string): ArchiveFile => ({ folder, name, path: `files/${folder}/${name}` });

/** Everything of the child for the zip: the JSON parts, the summary's facts and the files. */
async function collect(db: Executor, childId: number) {
  const [row] = await db.select().from(children).where(eq(children.id, childId));
  const files: ArchiveFile[] = [];
  const add = (folder: string, name: string | null | undefined) => {
    if (!name) return null;
    const entry = fileEntry(folder, name);
    if (!files.some((f) => f.path === entry.path)) files.push(entry);
    return entry.path;
  };

  const profile = { ...presentChild(row), file: add(PROFILE_FOLDER, row.image) };
  const activities = (await activitiesOfChild(db, childId)).map((a) => ({
    ...presentActivity(a),
    file: add(ACTIVITY_FOLDER, a.activity.image),
  }));

  const exams = await examsOfLearner(db, childId, {});
  const ids = exams.map((e) => e.id);
  const [stages, done, duration] = await Promise.all([stagesOf(db, ids), submittedStages(db, ids), testDuration(db)]);
  const fileIds = [...stages.values()].flat().flatMap((s) => [s.image?.id, s.model?.id].filter((id) => id != null));
  const names = await examFileNames(db, fileIds as number[]);
  const tests = exams.map((e) => ({
    exam: presentExam({ childId, examType: e.examType, challenge: e.challenge }, e, done.get(e.id)!, duration),
    stages: stages.get(e.id)!.map((s) => ({
      ...s,
      image: s.image && { ...s.image, file: add(STAGE_IMAGE_FOLDER, names.get(s.image.id)) },
      model: s.model && { ...s.model, file: add(MODEL_FOLDER, names.get(s.model.id)) },
    })),
  }));
  const scores = await learnerScores(db, childId);
  return { row, profile, activities, tests, scores, files };
}

type Collected = Awaited<ReturnType<typeof collect>>;

/** README.txt: what the archive holds, in words, in the locale asked for. */
function summary(data: Collected, locale: TextLocale, now: Date): string {
  const t = textsFor(locale, data.row);
  const day = (iso: string) => iso.slice(0, 10);
  const lines = [
    t('archive.title', { name: data.row.name }),
    t('archive.made', { date: day(now.toISOString()) }),
    '',
    t('archive.profile'),
    `- ${t('archive.name', { name: data.row.name })}`,
    ...(data.row.birthdate ? [`- ${t('archive.birthdate', { date: String(data.row.birthdate) })}`] : []),
    ...(data.row.language ? [`- ${t('archive.language', { language: data.row.language })}`] : []),
    '',
    t('archive.activities', { count: data.activities.length }),
    ...data.activities.map((a) => `- ${t('archive.activity', { date: day(a.created_at), title: a.title })}`),
    '',
    t('archive.tests', { count: data.tests.length }),
    ...data.tests.map(
      (e) => `- ${t('archive.test', { type: e.exam.exam_type, challenge: e.exam.challenge, stages: e.stages.length })}`,
    ),
    '',
    t('archive.scores'),
    ...(data.scores.tests.length
      ? data.scores.tests.map(
          (s) =>
            `- ${t('archive.score', { type: s.exam_type, fluency: s.fluency, flexibility: s.flexibility, originality: s.originality, total: s.total })}`,
        )
      : [`- ${t('archive.noScores')}`]),
    '',
    t('archive.files', { count: data.files.length }),
    t('archive.data'),
    '',
  ];
  return lines.join('\n');
}

/** The zip was closed before it was finished: its reader went away. Not an error of the server. */
class ArchiveClosed extends Error {}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export interface ChildArchive {
  filename: string;
  /** the zip, produced as it is read */
  stream: Readable;
}

/**
 * The archive of a child of the caller's own family; 404 for any other child (scope first, before a byte is
 * written, so the refusal is a JSON error). A file the store no longer holds is left out of the zip (its `file`
 * stays in the JSON); a store that fails while the zip is being written ends the response early, and `onError`
 * hears of it (the route logs it).
 */
export async function childArchive(
  db: Executor,
  storage: FileStorage,
  actor: Actor,
  childId: number,
  locale: TextLocale,
  onError: (error: unknown) => void,
): Promise<ChildArchive> {
  await findChildInScope(db, childId, eq(children.parentId, actor.id));
  const data = await collect(db, childId);
  const now = new Date();
  // loaded with the first archive, not with the process
  const { default: archiver } = await import('archiver');
  const zip = archiver('zip', { zlib: { level: 6 } });

  /** the zip's reader went away (the download was cancelled): nothing more is read from the store */
  let closed = false;
  zip.once('close', () => (closed = true));
  /** a cancelled download destroys the zip with an AbortError: no failure of ours */
  const cancelled = (error: Error) => zip.destroyed && error.name === 'AbortError';
  /** the zip's own failure, heard whenever it comes (an 'error' with no listener would end the process) */
  let failure: Error | undefined;
  zip.on('error', (error) => {
    if (!cancelled(error)) failure ??= error;
  });

  /**
   * Adds one entry and waits until archiver has written it, so that one file at a time is open in the store; gives
   * up when the zip fails or is closed before (a cancelled download), closing the file's stream.
   */
  const addEntry = (source: Readable | Buffer | string, name: string, store = false) =>
    new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        zip.off('entry', written);
        zip.off('error', failed);
        zip.off('close', gone);
        if (!error) return resolve();
        if (typeof source === 'object' && 'destroy' in source) source.destroy();
        reject(error);
      };
      const written = (entry: { name: string }) => entry.name === name && done();
      const gone = () => done(new ArchiveClosed());
      // a zip destroyed by its reader (a cancelled download) fails with an AbortError: that is a close too
      const failed = (error: Error) => done(cancelled(error) ? new ArchiveClosed() : error);
      if (closed) return done(new ArchiveClosed());
      zip.on('entry', written);
      zip.on('error', failed);
      zip.on('close', gone);
      zip.append(source, { name, date: now, store });
    });

  const produce = async () => {
    await addEntry(summary(data, locale, now), 'README.txt');
    await addEntry(json(data.profile), 'child.json');
    await addEntry(json(data.activities), 'activities.json');
    await addEntry(json(data.tests), 'tests.json');
    await addEntry(json(data.scores), 'scores.json');
    for (const file of data.files) {
      const stored = await storage.read(file.folder, file.name);
      if (!stored) continue;
      // pictures and models are compressed already: stored as they are
      await addEntry(stored.body, file.path, true);
    }
    await zip.finalize();
  };
  produce().catch((error) => {
    const cause = failure ?? error;
    if (!(cause instanceof ArchiveClosed)) onError(cause);
    zip.abort();
  });

  // no control character, no character a file name cannot hold on any system
  const safeName =
    [...data.row.name]
      .filter((c) => c >= ' ')
      .join('')
      .replace(/[\\/:*?"<>|]/g, '_')
      .trim() || 'child';
  return { filename: `${safeName}-${childId}-neomi.zip`, stream: zip };
}
