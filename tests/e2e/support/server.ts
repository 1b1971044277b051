import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);

const newestMtime = (entry: string): number => {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
};

/**
 * Builds the console (npm run build) when dist/ is missing, older than its sources (the build's prerender and the
 * page template it shares with the server among them) or without the renderer the server renders pages with.
 */
export const ensureBuilt = (): void => {
  const built = path.join(ROOT, 'dist', 'index.html');
  const renderer = path.join(ROOT, 'dist', 'render', 'render.mjs');
  const sources = [
    'src',
    'domain',
    'index.html',
    'vite.config.ts',
    'scripts/prerenderPages.ts',
    'server/pageTemplate.ts',
  ]
    .map((p) => path.join(ROOT, p))
    .filter((p) => fs.existsSync(p));
  if (
    fs.existsSync(built) &&
    fs.existsSync(renderer) &&
    fs.statSync(built).mtimeMs >= Math.max(...sources.map(newestMtime))
  )
    return;
  // a production build whatever NODE_ENV the test runner set
  execFileSync(bin('vite'), ['build'], { cwd: ROOT, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } });
};

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Stops the server and removes its data folder (or moves it to `keepDataIn`). */
  stop: (options?: { keepDataIn?: string }) => Promise<void>;
}

/**
 * Starts the API server (which serves dist/) on a free port with a fresh data folder and the demo accounts;
 * `env`: more settings (e.g. TRUST_PROXY=1, so a test can send requests from several addresses).
 * `template`: a data folder to start from (a copy of it, see prepareDataTemplate), so that the server skips
 * creating, migrating and seeding its embedded database (≈ 12 s of each start on a 2-core machine).
 * `entry`: the server built into JavaScript (tests/support/serverBundle.ts, built once a run by the globalSetup),
 * started with node: 5–8 s of CPU less a start than `tsx server/main.ts`, which is what runs without it.
 */
export const startServer = async (
  env: Record<string, string> = {},
  template?: string,
  entry?: string,
): Promise<RunningServer> => {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neomi-e2e-'));
  if (template) fs.cpSync(template, dataDir, { recursive: true });
  const [command, args] = entry ? [process.execPath, [entry]] : [bin('tsx'), ['server/main.ts']];
  const child: ChildProcess = spawn(command, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      NEOMI_DEMO: '1',
      LOG_LEVEL: 'warn',
      // the overload guard off, as in the API tests: the suite's own load on a small machine is not a process's
      // overload, and a script of the console answered 503 fails to load (a ChunkLoadError seen in CI under load)
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const stop = async ({ keepDataIn }: { keepDataIn?: string } = {}) => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    if (keepDataIn) {
      if (child.exitCode !== 0) throw new Error(`the server did not close cleanly (${child.exitCode}):\n${output}`);
      fs.cpSync(dataDir, keepDataIn, { recursive: true });
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + Number(process.env.E2E_START_TIMEOUT_MS ?? 90_000);
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server stopped:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/api/me`);
      if (response.status === 401) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // no server left running nor data folder left behind
      await stop();
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, dataDir, stop };
};

/**
 * A data folder with the migrated database and the demo data, made once for the whole run by a server that is
 * started and stopped (SIGTERM closes the database cleanly); each file's server starts from a copy of it.
 * Its remover is returned.
 */
export const prepareDataTemplate = async (entry?: string): Promise<{ dir: string; remove: () => void }> => {
  const server = await startServer({}, undefined, entry);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'neomi-e2e-template-'));
  await server.stop({ keepDataIn: dir });
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
};

/** The reset link of the newest mail sent to `to` (DATA_DIR/outbox/*.eml). */
export const resetLinkFromOutbox = (dataDir: string, to: string): string | undefined => {
  const outbox = path.join(dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return undefined;
  const mails = fs
    .readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .reverse();
  for (const file of mails) {
    // quoted-printable: join soft line breaks, decode =XX
    const raw = fs
      .readFileSync(path.join(outbox, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
    if (!raw.toLowerCase().includes(`to: ${to.toLowerCase()}`)) continue;
    const link = raw.match(/https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/);
    if (link) return link[0];
  }
  return undefined;
};
