/**
 * The OpenAPI document, without a server (docs/API.md "OpenAPI"):
 * - `npm run openapi -- FILE` writes it to FILE (`-` or nothing: standard output), e.g. to generate a client;
 * - `npm run lint:openapi` writes it to a temporary file and lints it with Stoplight Spectral and the
 *   ruleset `.spectral.yaml` (`spectral:oas`), failing on any warning. `npm run lint` runs it, so CI does.
 * Exit codes: 0 written / no finding, 1 findings or failure, 2 usage.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from '../openapi/standalone';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function main() {
  const args = process.argv.slice(2);
  const lint = args[0] === '--lint';
  if (args.length > 1 || (args[0]?.startsWith('--') && !lint)) {
    process.stderr.write('usage: npm run openapi [-- FILE] | npm run lint:openapi\n');
    process.exit(2);
  }
  const text = `${JSON.stringify(await buildOpenApiDocument(), null, 2)}\n`;
  if (!lint) {
    if (!args[0] || args[0] === '-') process.stdout.write(text);
    else fs.writeFileSync(args[0], text);
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'neomi-openapi-'));
  try {
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, text);
    const spectral = path.join(root, 'node_modules', '.bin', 'spectral');
    const run = spawnSync(
      spectral,
      ['lint', '--fail-severity=warn', '--ruleset', path.join(root, '.spectral.yaml'), file],
      { stdio: 'inherit' },
    );
    if (run.error) throw run.error;
    process.exitCode = run.status ?? 1;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`openapi: ${error?.stack ?? error}\n`);
  process.exit(1);
});
