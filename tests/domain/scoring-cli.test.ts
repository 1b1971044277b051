import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/** `npm run score -- FILE.json`: the engine checked from outside, through the script a person runs. */
const run = promisify(execFile);
const tsx = path.resolve('node_modules/.bin/tsx');
const script = path.resolve('server/scripts/score.ts');
const score = (...args: string[]) =>
  run(tsx, [script, ...args]).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );

describe('npm run score', () => {
  it('prints the worked example of docs/SCORING.md as JSON', async () => {
    const { code, stdout } = await score('tests/fixtures/scoring/sample.json');
    expect(code).toBe(0);
    const out = JSON.parse(stdout);
    expect(Object.keys(out)).toHaveLength(200);
    expect(out.amal).toEqual({ fluency: 5, flexibility: 3, originality: 3, originality_per_answer: 0.6 });
    expect(out.ben).toEqual({ fluency: 5, flexibility: 3, originality: 2, originality_per_answer: 0.4 });
    expect(out.carla).toEqual({ fluency: 5, flexibility: 2, originality: 3, originality_per_answer: 0.6 });
    expect(out.dina).toEqual({ fluency: 3, flexibility: 2, originality: 2, originality_per_answer: 0.67 });
    expect(out.t009).toEqual({ fluency: 1, flexibility: 1, originality: 1, originality_per_answer: 1 });
  }, 30_000);

  it('explains a file it cannot score and exits 1; no file is a usage error (2)', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'score-'));
    const write = async (name: string, text: string) => {
      await fs.writeFile(path.join(dir, name), text);
      return path.join(dir, name);
    };
    const [notJson, wrongShape, conflict, usage] = await Promise.all([
      write('a.json', '{nope').then((f) => score(f)),
      write('b.json', JSON.stringify({ question: 1, dictionary: {}, takers: [{ taker: 'a', answers: 'x' }] })).then(
        (f) => score(f),
      ),
      write('c.json', JSON.stringify({ question: 1, dictionary: { a: { x: ['شاي'], y: ['شَاي'] } }, takers: [] })).then(
        (f) => score(f),
      ),
      score(),
    ]);
    expect(notJson.code).toBe(1);
    expect(notJson.stderr).toMatch(/cannot read .* as JSON/);
    expect(wrongShape.code).toBe(1);
    expect(wrongShape.stderr).toMatch(/takers\.0\.answers/);
    expect(conflict.code).toBe(1);
    expect(conflict.stderr).toMatch(/conflict/);
    expect(usage.code).toBe(2);
    await fs.rm(dir, { recursive: true, force: true });
  }, 30_000);
});
