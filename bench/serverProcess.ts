/**
 * The API as it runs in production for the benchmarks: server/main.ts in a
 * process of its own (its own event loop and CPU), on a free port.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/**
 * Starts server/main.ts with `env` and waits until `url` answers (at most
 * `timeoutMs`: a first start with the demo data takes a minute or more on a
 * busy machine). `profileDir`: the server writes a V8 CPU profile there when it stops.
 */
export async function startServerProcess(
  env: Record<string, string>,
  url: string,
  profileDir?: string,
  timeoutMs = 120_000,
  /** the checkout whose server/main.ts runs (and whose dist/ it serves): this one by default */
  root = ROOT,
  /** what node runs: server/main.ts through tsx, or the server built into JavaScript (tests/support/serverBundle.ts) */
  script: readonly string[] = ['--import', 'tsx', 'server/main.ts'],
): Promise<ChildProcess> {
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...profile, ...script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (c) => (output += c));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
    try {
      if ((await fetch(`${url}/api/me`)).status === 401) return child;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Stops a server started above (SIGTERM: it closes its database pool and writes its profile). */
export async function stopServerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
