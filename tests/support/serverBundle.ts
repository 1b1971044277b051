import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

/**
 * The API server (and its scripts) built once per test run into plain JavaScript, for the tests that start it as a
 * process of its own (docs/TESTING.md "Server processes"). `tsx server/main.ts` transforms and loads ~250 TypeScript
 * modules through tsx's loader thread at every start: measured on this 2-core machine under load, 13–20 s of CPU a
 * start against 9–10 s for `node` on the bundle (the rest is PGlite's and fastify's own start). The bundle holds the
 * repository's own code only; packages stay in node_modules (`packages: 'external'`), loaded as `npm start` loads them.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The entry points a test may start: the server, and the scripts the API tests run as a person would. */
export const SERVER_ENTRIES = {
  main: 'server/main.ts',
  createAdmin: 'server/scripts/createAdmin.ts',
  backup: 'server/scripts/backup.ts',
  restore: 'server/scripts/restore.ts',
} as const;
export type ServerEntry = keyof typeof SERVER_ENTRIES;

/**
 * Each module keeps its own `import.meta.url` (its source file's URL), so the paths the server finds beside its
 * modules (server/db/migrations, server/assets/fonts, dist/) are the same as under tsx.
 */
const sourceUrls: esbuild.Plugin = {
  name: 'source-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.split(path.sep).includes('node_modules')) return undefined;
      const source = await fs.promises.readFile(args.path, 'utf8');
      return {
        contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: 'ts',
      };
    });
  },
};

export interface ServerBundle {
  /** the folder of the built files: inside the repository, so that node finds node_modules from there */
  dir: string;
  /** the built file of each entry point */
  entries: Record<ServerEntry, string>;
  remove: () => void;
}

/** Builds the server and its scripts into a fresh folder under test-results/ (ignored by git). */
export async function buildServerBundle(): Promise<ServerBundle> {
  const parent = path.join(ROOT, 'test-results');
  fs.mkdirSync(parent, { recursive: true });
  const dir = fs.mkdtempSync(path.join(parent, 'server-bundle-'));
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries(Object.entries(SERVER_ENTRIES)),
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    plugins: [sourceUrls],
    logLevel: 'warning',
  });
  const entries = Object.fromEntries(
    Object.keys(SERVER_ENTRIES).map((name) => [name, path.join(dir, `${name}.mjs`)]),
  ) as Record<ServerEntry, string>;
  return { dir, entries, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
