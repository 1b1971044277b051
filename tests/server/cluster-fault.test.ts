import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeTakers } from '../../bench/examDay';
import { type Cluster, startCluster } from './support/cluster';
import { type ServedQuestion, stageFormData } from './support/exams';

/**
 * A process killed during an exam day (issue 23 "What it must show"; docs/DEPLOY.md "Several processes"): two API
 * processes on one PostgreSQL server and one bucket behind nginx with the shipped deploy/nginx.conf
 * (tests/server/support/cluster.ts). TAKERS guest takers send their three stages through nginx as the exam's
 * offline-safe client does (src/custom-pages/exam-taking/offlineQueue.ts): each stage with its submission key, and
 * sent again, the same bytes with the same key, on a network error or an answer of 502 or more. When a third of the
 * stages are acknowledged, process B is killed with SIGKILL, with stages in flight on it. Afterwards every stage
 * that got a 2xx is in the database once (per learner, stage and key), its image is in the bucket and served by the
 * surviving process with the same bytes, and every try sent after the kill — the resends of the stages B was
 * working on among them — was served by A (nginx's access log, with the try named in a header the test adds to the
 * log line). server-pg only: it needs the PostgreSQL server.
 */
const TAKERS = 40;
const STAGES = [1, 2, 3] as const;
/** the client's pause before a resend (the console's is longer: RETRY_MS in useExamSession.ts) */
const RESEND_MS = 100;

interface Try {
  key: string;
  n: number;
  /** the answer's status, 0 for a network error */
  status: number;
  afterKill: boolean;
}

describe.runIf(process.env.TEST_DB === 'postgres')('an API process killed during an exam day (PostgreSQL, S3)', () => {
  let cluster: Cluster;

  beforeAll(async () => {
    cluster = await startCluster({ adminUrl: inject('postgresUrl'), names: ['A', 'B'], logField: '$http_x_try' });
  }, 300_000);

  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  it('every acknowledged stage is stored once with its image; the resends land on the surviving process', async () => {
    const [A, B] = cluster.apis;
    const takers = await makeTakers(cluster.db, TAKERS, 'fault');
    const bank = (
      (await (
        await fetch(`${cluster.front}/api/questions?exam_type=1&challenge=1`, {
          headers: { authorization: `Bearer ${takers[0].token}` },
        })
      ).json()) as { questions: Record<string, ServedQuestion[]> }
    ).questions;
    // a photo per stage, large enough (about 400 KB) that a process is busy with several stages at once
    const photos = await Promise.all(
      STAGES.map((stage) =>
        sharp({
          create: {
            width: 1000,
            height: 750,
            channels: 3,
            background: ['#d64545', '#2f80ed', '#27ae60'][stage - 1],
            noise: { type: 'gaussian', mean: 120, sigma: 40 },
          },
        })
          .jpeg({ quality: 90 })
          .toBuffer(),
      ),
    );

    const total = TAKERS * STAGES.length;
    const tries: Try[] = [];
    /** the key of each acknowledged stage, with its answer */
    const acknowledged = new Map<string, { status: number; takerIndex: number; stage: number }>();
    let killed = false;
    let killing: Promise<void> | undefined;
    let inFlightAtKill = 0;
    let inFlight = 0;

    const sendStage = async (takerIndex: number, stage: number) => {
      const taker = takers[takerIndex];
      const key = `fault-${takerIndex}-stage-${stage}`;
      for (let n = 1; n <= 40; n++) {
        const afterKill = killed;
        let status = 0;
        inFlight++;
        try {
          const res = await fetch(`${cluster.front}/api/${stage === 1 ? 'answers/add' : 'answers/add/second'}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${taker.token}`, 'x-try': `${key}#${n}` },
            // the same stage each time: the same fields, the same photo, the same key
            body: stageFormData(
              stage,
              bank[stage],
              { studentId: taker.studentId, submissionKey: key },
              photos[stage - 1],
            ),
          });
          status = res.status;
          await res.arrayBuffer();
        } catch {
          // the connection dropped: no answer (status stays 0)
        } finally {
          inFlight--;
        }
        tries.push({ key, n, status, afterKill });
        if (status >= 200 && status < 300) {
          acknowledged.set(key, { status, takerIndex, stage });
          // a third of the way in, B dies with stages in flight
          if (!killing && acknowledged.size >= total / 3) {
            inFlightAtKill = inFlight;
            killing = cluster.kill(B).then(() => {
              killed = true;
            });
          }
          return;
        }
        // the offline-safe client keeps the stage and sends it again on no answer or a 502/503/504, and only then
        expect(status === 0 || status >= 502, `${key} try ${n}: ${status}`).toBe(true);
        await new Promise((r) => setTimeout(r, RESEND_MS));
      }
      throw new Error(`${key}: never acknowledged`);
    };

    // the takers start within two seconds and send their stages one after the other
    await Promise.all(
      takers.map(async (_, i) => {
        await new Promise((r) => setTimeout(r, (2000 * i) / TAKERS));
        for (const stage of STAGES) await sendStage(i, stage);
      }),
    );
    await killing;
    expect(killed).toBe(true);
    expect(inFlightAtKill).toBeGreaterThan(1);
    expect(acknowledged.size).toBe(total);

    // the kill hit stages in flight on B: nginx answered them 502 (or the connection dropped), and they were resent
    const failed = tries.filter((t) => t.status === 0 || t.status >= 500);
    expect(failed.length).toBeGreaterThan(0);
    const resent = tries.filter((t) => t.n > 1);
    expect(resent.length).toBeGreaterThan(0);

    // nginx's log: each try by its header; every try sent after the kill, the resends among them, was served by A
    // (some first tried on B, refused, and passed on to A by nginx: a POST not yet sent may be)
    const log = cluster.served().filter((entry) => entry.extra && entry.extra !== '-');
    const byTry = new Map(log.map((entry) => [entry.extra!, entry]));
    const aPort = `127.0.0.1:${A.port}`;
    const bPort = `127.0.0.1:${B.port}`;
    for (const t of tries.filter((t) => t.afterKill)) {
      const entry = byTry.get(`${t.key}#${t.n}`)!;
      expect(entry, `${t.key}#${t.n} in nginx's log`).toBeDefined();
      expect(entry.upstream.endsWith(aPort)).toBe(true);
      expect(entry.clientStatus).toBe(t.status);
    }
    // the tries that failed were B's, in flight when it died (502 from nginx, upstream B); a try A refused as
    // overloaded (503 with Retry-After: docs/DEPLOY.md "Overload") is resent the same way, and is the only other kind
    const onB = failed.filter((t) => byTry.get(`${t.key}#${t.n}`)?.upstream.split(', ').pop() === bPort);
    expect(onB.length).toBeGreaterThan(0);
    for (const t of failed.filter((t) => !onB.includes(t))) expect(t.status).toBe(503);
    // each stage that failed on B was acknowledged by A when sent again
    for (const key of new Set(onB.map((t) => t.key))) {
      const last = tries.filter((t) => t.key === key).pop()!;
      expect(last.status === 200 || last.status === 201).toBe(true);
      expect(byTry.get(`${key}#${last.n}`)!.upstream.endsWith(aPort)).toBe(true);
    }
    // before the kill both processes took stages
    const stageTries = log.filter((entry) => entry.request.startsWith('POST /api/answers/add'));
    expect(new Set(stageTries.map((entry) => cluster.nameOf(entry.upstream.split(', ').pop()!)))).toEqual(
      new Set(['A', 'B']),
    );

    // the database: every acknowledged stage once, under its own key; no other stage of these takers
    const { rows } = await cluster.db.query<{ child_id: number; stage: number; submission_key: string; n: number }>(
      `select e.child_id, s.stage, s.submission_key, cast(count(*) as integer) as n
         from exam_submissions s join exams e on e.id = s.exam_id join children c on c.id = e.child_id
        where c.name like 'Taker %' group by e.child_id, s.stage, s.submission_key`,
    );
    expect(rows).toHaveLength(total);
    expect(rows.every((row) => row.n === 1)).toBe(true);
    const stored = new Map(rows.map((row) => [row.submission_key, row]));
    for (const [key, ack] of acknowledged) {
      expect(stored.get(key)).toMatchObject({ child_id: takers[ack.takerIndex].studentId, stage: ack.stage });
    }
    const perStage = await cluster.db.query<{ n: number }>(
      `select cast(count(*) as integer) as n from exam_submissions s join exams e on e.id = s.exam_id
        join children c on c.id = e.child_id where c.name like 'Taker %' group by e.child_id, s.stage having count(*) > 1`,
    );
    expect(perStage.rows).toEqual([]);

    // each stage's image: in the bucket, a picture, and served by A (the survivor) with the same bytes
    const images = await cluster.db.query<{ submission_key: string; name: string }>(
      `select s.submission_key, f.name from exam_files f join exam_submissions s on s.id = f.submission_id
        join exams e on e.id = s.exam_id join children c on c.id = e.child_id
       where c.name like 'Taker %' and f.kind = 'image'`,
    );
    expect(images.rows).toHaveLength(total);
    const bucketBytes = new Map<string, Buffer>();
    for (const image of images.rows) {
      const bytes = await cluster.s3.bytes(cluster.bucket, `exams/${image.name}`);
      expect(bytes, `exams/${image.name}`).not.toBeNull();
      expect((await sharp(bytes!).metadata()).width).toBeGreaterThan(0);
      bucketBytes.set(image.submission_key, bytes!);
    }
    for (const [index, taker] of takers.entries()) {
      const res = await fetch(`${A.url}/api/getAnswers`, {
        method: 'POST',
        headers: { authorization: `Bearer ${taker.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ student_id: taker.studentId, exam_type: 1, challenge: 1 }),
      });
      expect(res.status).toBe(200);
      const { exams } = (await res.json()) as {
        exams: { stages: { stage: number; submission_key: string; image: { url: string } | null }[] }[];
      };
      expect(exams[0].stages.map((s) => s.stage).sort()).toEqual([...STAGES]);
      for (const stage of exams[0].stages) {
        expect(stage.submission_key).toBe(`fault-${index}-stage-${stage.stage}`);
        const file = await fetch(`${A.url}${stage.image!.url}`, {
          headers: { authorization: `Bearer ${taker.token}` },
        });
        expect(file.status).toBe(200);
        expect(file.headers.get('content-type')).toMatch(/^image\//);
        expect(Buffer.from(await file.arrayBuffer()).equals(bucketBytes.get(stage.submission_key)!)).toBe(true);
      }
    }
    const replayed = [...acknowledged.values()].filter((ack) => ack.status === 200).length;
    process.stdout.write(
      `cluster-fault: ${total} stages, ${tries.length} tries, ${failed.length} failed on B when it was killed ` +
        `(${inFlightAtKill} in flight), ${resent.length} resends, ${replayed} answered as stored already\n`,
    );
  }, 120_000);
});
