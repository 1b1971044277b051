import type { FastifyInstance } from 'fastify';
import { call } from './testApp';

/** Helpers of the exam tests: multipart bodies with repeated fields, stage payloads from the bank. */

export type Entry = [string, string];

/** A multipart body from fields in order (a name may repeat) and files. */
export function form(entries: Entry[], ...files: { name: string; filename: string; data: Buffer; type?: string }[]) {
  const boundary = `----neomiexam${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of entries)
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.type ?? 'image/png'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export interface BankQuestion {
  id: number;
  kind: string;
  stage: number;
  options: { key: string; text: Record<string, string> }[];
}

export async function bank(
  app: FastifyInstance,
  token: string,
  examType = 1,
  challenge = 1,
): Promise<Record<string, BankQuestion[]>> {
  const res = await call(app, { url: `/api/questions?exam_type=${examType}&challenge=${challenge}`, token });
  return res.json().questions;
}

/** A complete stage as the console sends it: items[n][question_id], [option], [answer][], [other]. */
export function stageEntries(stage: number, questions: BankQuestion[], base: Entry[]): Entry[] {
  const entries: Entry[] = [...base, ['stage', String(stage)]];
  questions.forEach((q, n) => {
    if (q.kind === 'image_upload') return;
    entries.push([`items[${n}][question_id]`, String(q.id)]);
    if (q.kind === 'checklist')
      entries.push([`items[${n}][option][]`, q.options[0].key], [`items[${n}][option][]`, q.options[2].key]);
    if (q.kind === 'repeated_draw')
      entries.push([`items[${n}][answer][]`, 'دراجة'], [`items[${n}][answer][]`, 'نظارة']);
    if (q.kind === 'graph') entries.push([`items[${n}][option]`, q.options[n % 11].key]);
    if (q.kind === 'single_choice') entries.push([`items[${n}][option]`, q.options[1].key]);
    if (q.kind === 'free_text')
      entries.push([`items[${n}][answer][]`, 'قارب'], [`items[${n}][answer][]`, 'قبعة للمطر']);
  });
  return entries;
}

/** A bank question as GET /questions answers it to a real server's client (fetch, not inject). */
export interface ServedQuestion {
  id: number;
  kind: string;
  options: { key: string }[];
}

/**
 * A stage as the console sends it to a running server (FormData for fetch): the learner, the test, the stage, its
 * submission key, an answer to every question that is not the photo itself, and the photo.
 */
export function stageFormData(
  stage: number,
  questions: ServedQuestion[],
  ref: { studentId: number; submissionKey: string },
  image: Buffer,
): FormData {
  const form = new FormData();
  for (const [k, v] of [
    ['student_id', ref.studentId],
    ['exam_type', 1],
    ['challenge', 1],
    ['stage', stage],
    ['submission_key', ref.submissionKey],
  ])
    form.append(String(k), String(v));
  questions
    .filter((q) => q.kind !== 'image_upload')
    .forEach((q, n) => {
      form.append(`items[${n}][question_id]`, String(q.id));
      if (q.options.length) form.append(`items[${n}][option]`, q.options[n % q.options.length].key);
      else form.append(`items[${n}][answer]`, `فكرة ${n}`);
    });
  form.append('img', new Blob([new Uint8Array(image)], { type: 'image/png' }), `stage${stage}.png`);
  return form;
}
