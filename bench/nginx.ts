/**
 * Debian's nginx in front of API processes, with the shipped deploy/nginx.conf included as it is (docs/DEPLOY.md
 * "The load balancer"): the benchmarks (bench/examDay.ts) and the tests with several processes
 * (tests/server/support/cluster.ts) start it the same way. Only the two site files the shipped configuration
 * includes are written (neomi/upstream.conf, neomi/server.conf), with a free port of 127.0.0.1 and the given
 * upstreams, in a temporary folder that also holds nginx's temporary files, its pid file and its logs.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './serverProcess';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SHIPPED_NGINX_CONF = path.join(ROOT, 'deploy/nginx.conf');
export const NGINX_BINARY = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p)) ?? 'nginx';

/** One line of the access log in the shipped `neomi_upstream` format. */
export interface ServedRequest {
  /** `POST /api/answers/add HTTP/1.1` */
  request: string;
  /** the upstream(s) nginx tried, `127.0.0.1:port` or `127.0.0.1:a, 127.0.0.1:b` when it passed the request on */
  upstream: string;
  /** the last upstream's answer (what the client got, unless nginx answered itself) */
  status: number;
  /** the `$status` nginx answered the client */
  clientStatus: number;
  /** what the optional extra log field (`logField`) held, `-` if the request had none */
  extra?: string;
}

export interface Nginx {
  url: string;
  dir: string;
  child: ChildProcess;
  /** every request nginx has logged so far, in order */
  served(): ServedRequest[];
  stop(): Promise<void>;
}

export interface NginxOptions {
  /** the API processes' ports on 127.0.0.1 */
  upstreamPorts: number[];
  /** nginx's worker processes (1 in the tests; the benchmark gives it one per core, like Debian's `auto`) */
  workers?: number;
  /** a variable added to each access log line, e.g. `$http_x_attempt` (a header the client sends) */
  logField?: string;
  timeoutMs?: number;
}

export async function startNginx(options: NginxOptions): Promise<Nginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'neomi-nginx-'));
  // run as root, nginx's workers are `nobody`: they must reach the folder (nginx makes the temp folders theirs)
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const accessLog = path.join(dir, 'access.log');
  fs.mkdirSync(path.join(dir, 'neomi'));
  fs.writeFileSync(
    path.join(dir, 'neomi/upstream.conf'),
    options.upstreamPorts.map((p) => `server 127.0.0.1:${p} max_fails=3 fail_timeout=10s;\n`).join(''),
  );
  // the shipped format, or the shipped format and one more field (defined beside it, in the http block)
  const extraFormat = options.logField
    ? `  log_format neomi_test '$remote_addr [$time_local] "$request" $status $body_bytes_sent ' ` +
      `'upstream=$upstream_addr upstream_status=$upstream_status ' ` +
      `'request_time=$request_time upstream_time=$upstream_response_time extra="${options.logField}"';\n`
    : '';
  fs.writeFileSync(
    path.join(dir, 'neomi/server.conf'),
    `listen 127.0.0.1:${port};\nserver_name localhost;\n` +
      `access_log ${accessLog} ${options.logField ? 'neomi_test' : 'neomi_upstream'};\n`,
  );
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `  ${kind}_temp_path ${path.join(dir, kind)};\n`)
    .join('');
  const workers = options.workers ?? 1;
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes ${workers};\nevents { worker_connections ${Math.max(256, 2048 / workers)}; }\n` +
      `http {\n${temp}${extraFormat}  include ${SHIPPED_NGINX_CONF};\n}\n`,
  );
  const child = spawn(
    NGINX_BINARY,
    [
      '-p',
      dir,
      '-c',
      path.join(dir, 'nginx.conf'),
      '-e',
      path.join(dir, 'error.log'),
      '-g',
      `daemon off; pid ${path.join(dir, 'nginx.pid')};`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (c) => (output += c));
  child.stderr?.on('data', (c) => (output += c));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      // SIGTERM: nginx's master stops its workers, then exits (killed, it would leave them running)
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx stopped:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) break;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const served = () =>
    fs
      .readFileSync(accessLog, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line): ServedRequest => {
        const extra = / extra="([^"]*)"$/.exec(line)?.[1];
        return {
          request: /"([^"]*)"/.exec(line)![1],
          clientStatus: Number(/" (\d{3}) /.exec(line)![1]),
          upstream: /upstream=(.+?) upstream_status=/.exec(line)![1],
          status: Number(/upstream_status=(?:.*, )?(\S+) request_time=/.exec(line)![1]),
          ...(extra === undefined ? {} : { extra }),
        };
      });
  return { url, dir, child, served, stop };
}
