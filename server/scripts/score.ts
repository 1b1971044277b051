/**
 * Scores a file with the scoring engine and its default settings:
 * `npm run score -- FILE.json` (format in docs/SCORING.md, sample in
 * tests/fixtures/scoring/sample.json). Prints
 * `{<taker>: {fluency, flexibility, originality, originality_per_answer}}` as JSON.
 * Exit codes: 0 scored, 1 the file cannot be scored, 2 usage.
 */
import fs from 'node:fs/promises';
import { ZodError } from 'zod';
import { DictionaryError, scoreFile } from '../../domain/scoring';

async function main() {
  const file = process.argv[2];
  if (!file || process.argv.length > 3) {
    process.stderr.write('usage: npm run score -- FILE.json\n');
    process.exit(2);
  }
  let data: unknown;
  try {
    data = JSON.parse(await fs.readFile(file, 'utf8'));
  } catch (error) {
    process.stderr.write(`score: cannot read ${file} as JSON: ${(error as Error).message}\n`);
    process.exit(1);
  }
  try {
    process.stdout.write(`${JSON.stringify(scoreFile(data as never), null, 2)}\n`);
  } catch (error) {
    if (error instanceof ZodError) {
      const lines = error.issues.map((i) => `  ${i.path.join('.') || '(file)'}: ${i.message}`);
      process.stderr.write(`score: ${file} is not a scoring file:\n${lines.join('\n')}\n`);
    } else if (error instanceof DictionaryError || error instanceof RangeError) {
      process.stderr.write(`score: ${error.message}\n`);
    } else throw error;
    process.exit(1);
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
