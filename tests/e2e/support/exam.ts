import sharp from 'sharp';

/**
 * A whole Neomi test taken through the API (docs/api/exams.md): every
 * stage of a challenge with an answer to each question and a drawing, as
 * the console sends it (multipart). For the tests whose subject is what
 * comes after the test (reports, prints), not the taking.
 */

interface BankQuestion {
  id: number;
  kind: string;
  stage: number;
  options: { key: string }[];
}

const drawing = () =>
  sharp({ create: { width: 120, height: 90, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

/** The answers of one stage: an option or words per question (image questions get the drawing instead). */
function stageForm(
  stage: number,
  questions: BankQuestion[],
  envelope: Record<string, string>,
  words: string[],
  png: Buffer,
): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries({ ...envelope, stage: String(stage) })) body.append(k, v);
  questions.forEach((q, n) => {
    if (q.kind === 'image_upload') return;
    body.append(`items[${n}][question_id]`, String(q.id));
    if (q.kind === 'checklist')
      for (const o of [q.options[0], q.options[2]]) body.append(`items[${n}][option][]`, o.key);
    if (q.kind === 'repeated_draw') for (const w of ['دراجة', 'نظارة']) body.append(`items[${n}][answer][]`, w);
    if (q.kind === 'graph') body.append(`items[${n}][option]`, q.options[n % q.options.length].key);
    if (q.kind === 'single_choice') body.append(`items[${n}][option]`, q.options[1].key);
    if (q.kind === 'free_text') for (const w of words) body.append(`items[${n}][answer][]`, w);
  });
  body.append('img', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'drawing.png');
  return body;
}

/** Takes every stage of a challenge for a learner with `token`; `words` are the free-text uses of stage 3. */
export async function takeWholeTest(
  baseUrl: string,
  token: string,
  studentId: number,
  words: string[],
  examType = 1,
  challenge = 1,
): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const started = await fetch(`${baseUrl}/api/exam/start`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ student_id: studentId, exam_type: examType, challenge }),
  });
  if (!started.ok) throw new Error(`exam/start: ${started.status} ${await started.text()}`);
  const bank = (await (
    await fetch(`${baseUrl}/api/questions?exam_type=${examType}&challenge=${challenge}`, { headers })
  ).json()) as { questions: Record<string, BankQuestion[]> };
  const envelope = { student_id: String(studentId), exam_type: String(examType), challenge: String(challenge) };
  const png = await drawing();
  for (const stage of [1, 2, 3]) {
    const url = stage === 1 ? '/api/answers/add' : '/api/answers/add/second';
    const res = await fetch(`${baseUrl}${url}`, {
      method: 'POST',
      headers,
      body: stageForm(stage, bank.questions[stage], envelope, words, png),
    });
    if (res.status !== 201) throw new Error(`stage ${stage}: ${res.status} ${await res.text()}`);
  }
}
