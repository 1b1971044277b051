/**
 * `npm run bench -- stage-cpu`: the API process's CPU time for one stage of a test, with the photo as a phone's
 * camera takes it and as the exam page now sends it, scaled down on the device to STAGE_IMAGE_MAX_SIDE
 * (src/custom-pages/exam-taking/photoForUpload.ts; docs/DEPLOY.md "Less work per stage").
 *
 * One server/main.ts process on a fresh PostgreSQL database, stages sent one at a time (nothing else for the
 * process to do, so its CPU time between the request and the answer is the stage's), the two photos taking turns
 * so that both meet the same machine. The CPU time is read from Linux's /proc (10 ms ticks: hence many stages and
 * medians). Not a test: nothing here passes or fails.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { type Bank, cpuMs, makeTakers, onePhoto, percentile, photoAsSent, stageForm } from './examDay';
import { freePort, startServerProcess, stopServerProcess } from './serverProcess';

/** takers per photo; each sends the first challenge's three stages */
const TAKERS = Number(process.env.BENCH_STAGE_TAKERS ?? 20);

interface Photo {
  name: string;
  bytes: Buffer;
}

/** A 12-megapixel camera picture, and the same as photoForUpload sends it (longest side 1600, JPEG quality 0.85). */
async function photos(): Promise<Photo[]> {
  const taken = await onePhoto(4032, 3024);
  const sent = await photoAsSent(taken);
  const size = async (b: Buffer) => {
    const { width, height } = await sharp(b).metadata();
    return `${width} × ${height}, ${(b.length / 1e6).toFixed(2)} MB`;
  };
  return [
    { name: `as taken (${await size(taken)})`, bytes: taken },
    { name: `scaled on the device (${await size(sent)})`, bytes: sent },
  ];
}

interface Sample {
  cpu: number;
  wall: number;
}

export async function printStageCpuBench(adminUrl: string | undefined): Promise<void> {
  if (!adminUrl) {
    process.stdout.write(
      '\nCPU per stage: not measured (it runs against a real PostgreSQL server: `scripts/with-postgres.sh npm run bench -- stage-cpu`)\n',
    );
    return;
  }
  const name = 'neomi_stage_cpu';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${name}`;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'neomi-stage-cpu-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await startServerProcess(
    { HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: dbUrl.toString(), NEOMI_DEMO: '1' },
    url,
  );
  const client = new pg.Client({ connectionString: dbUrl.toString() });
  try {
    await client.connect();
    const kinds = await photos();
    const takers = await makeTakers(client, TAKERS * kinds.length, 'cpu');
    const bank = (
      (await (
        await fetch(`${url}/api/questions?exam_type=1&challenge=1`, {
          headers: { authorization: `Bearer ${takers[0].token}` },
        })
      ).json()) as { questions: Bank }
    ).questions;
    const samples = new Map<string, Sample[]>(kinds.map((k) => [k.name, []]));
    for (let i = 0; i < TAKERS; i++) {
      for (const stage of [1, 2, 3]) {
        // the two photos take turns, stage by stage
        for (const [k, kind] of kinds.entries()) {
          const taker = takers[i * kinds.length + k];
          const form = stageForm(stage, taker.studentId, bank, kind.bytes, crypto.randomBytes(12).toString('hex'));
          const cpu0 = await cpuMs(server.pid!);
          const t0 = performance.now();
          const res = await fetch(`${url}/api/${stage === 1 ? 'answers/add' : 'answers/add/second'}`, {
            method: 'POST',
            body: form,
            headers: { authorization: `Bearer ${taker.token}` },
          });
          await res.text();
          const wall = performance.now() - t0;
          if (res.status !== 201 && res.status !== 200) throw new Error(`stage ${stage}: ${res.status}`);
          samples.get(kind.name)!.push({ cpu: (await cpuMs(server.pid!)) - cpu0, wall });
        }
      }
    }
    const summary = kinds.map((kind) => {
      const cpu = samples
        .get(kind.name)!
        .map((s) => s.cpu)
        .sort((a, b) => a - b);
      const wall = samples
        .get(kind.name)!
        .map((s) => s.wall)
        .sort((a, b) => a - b);
      return {
        kind,
        n: cpu.length,
        cpu50: percentile(cpu, 50),
        cpu99: percentile(cpu, 99),
        wall50: percentile(wall, 50),
        wall99: percentile(wall, 99),
      };
    });
    const [before, after] = summary;
    process.stdout.write(
      `\nCPU per stage (the API process, one stage at a time, on PostgreSQL; ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}):\n` +
        '| photo | stages | CPU ms median | CPU ms p99 | answer ms median | answer ms p99 |\n' +
        '| --- | --- | --- | --- | --- | --- |\n' +
        summary
          .map(
            (s) =>
              `| ${s.kind.name} | ${s.n} | ${s.cpu50.toFixed(0)} | ${s.cpu99.toFixed(0)} | ${s.wall50.toFixed(0)} | ${s.wall99.toFixed(0)} |`,
          )
          .join('\n') +
        `\nscaled ÷ as taken: CPU median ${(after.cpu50 / before.cpu50).toFixed(2)}, answer median ${(after.wall50 / before.wall50).toFixed(2)}\n`,
    );
  } finally {
    await client.end();
    await stopServerProcess(server);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
