import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Nginx, type NginxOptions, type ServedRequest, startNginx } from '../../../bench/nginx';
import { freePort } from '../../../bench/serverProcess';
import { startApiProcess } from './serverScript';
import { databaseUrl } from './globalSetup.postgres';
import { startS3, type TestS3 } from './s3';

/**
 * Several API processes behind nginx (docs/DEPLOY.md "Several processes"), for the tests that need the whole
 * arrangement (tests/server/cluster.test.ts, tests/server/cluster-fault.test.ts): processes of server/main.ts on
 * one database of the real PostgreSQL server, their files in one S3 bucket (s3rver), each with a data folder of its
 * own and TRUST_PROXY=1, and Debian's nginx in front on 127.0.0.1 with the shipped deploy/nginx.conf
 * (bench/nginx.ts). Which process served a request through nginx is read from nginx's access log (the shipped log
 * format names the upstream).
 */
export interface ClusterApi {
  name: string;
  port: number;
  url: string;
  dataDir: string;
  child?: ChildProcess;
}

export interface Cluster {
  apis: ClusterApi[];
  /** nginx's address */
  front: string;
  nginx: Nginx;
  s3: TestS3;
  bucket: string;
  databaseUrl: string;
  /** a client on the processes' database */
  db: pg.Client;
  served(): ServedRequest[];
  /** the process (its name) an upstream address of the access log stands for */
  nameOf(upstream: string): string | undefined;
  /** kills a process with SIGKILL (no shutdown of any kind) and waits until it is gone */
  kill(api: ClusterApi): Promise<void>;
  stop(): Promise<void>;
}

export async function startCluster(options: {
  /** the PostgreSQL server's admin URL (inject('postgresUrl')) */
  adminUrl: string;
  /** the processes' names, one process each */
  names: string[];
  /** settings added to every process's environment */
  env?: Record<string, string>;
  /** options of the access log (bench/nginx.ts) */
  logField?: NginxOptions['logField'];
}): Promise<Cluster> {
  const dbName = `neomi_cluster_${process.pid}_${options.names.join('').toLowerCase()}`;
  const apis: ClusterApi[] = [];
  let s3: TestS3 | undefined;
  let bucket = '';
  let nginx: Nginx | undefined;
  let db: pg.Client | undefined;
  const admin = new pg.Client({ connectionString: options.adminUrl });
  await admin.connect();

  const stop = async () => {
    await nginx?.stop();
    for (const api of apis) {
      const child = api.child;
      if (child && child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGKILL');
        await exited;
      }
      fs.rmSync(api.dataDir, { recursive: true, force: true });
    }
    await db?.end();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    if (s3) {
      if (bucket) await s3.removeBucket(bucket);
      await s3.close();
    }
  };

  try {
    s3 = await startS3();
    bucket = await s3.createBucket();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`create database ${dbName}`);
    const url = databaseUrl(options.adminUrl, dbName);
    for (const name of options.names) {
      const port = await freePort();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `neomi-cluster-${name}-`));
      apis.push({ name, port, url: `http://127.0.0.1:${port}`, dataDir });
    }
    // one after the other: the first migrates and seeds the empty database, the next ones find it ready
    for (const api of apis) {
      api.child = await startApiProcess(
        {
          HOST: '127.0.0.1',
          PORT: String(api.port),
          DATABASE_URL: url,
          DATA_DIR: api.dataDir,
          NEOMI_DEMO: '1',
          LOG_LEVEL: 'warn',
          TRUST_PROXY: '1',
          ...s3.env(bucket),
          ...options.env,
        },
        api.url,
      );
    }
    db = new pg.Client({ connectionString: url });
    await db.connect();
    nginx = await startNginx({ upstreamPorts: apis.map((api) => api.port), logField: options.logField });
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    apis,
    front: nginx.url,
    nginx,
    s3,
    bucket,
    databaseUrl: databaseUrl(options.adminUrl, dbName),
    db,
    served: nginx.served,
    nameOf: (upstream) => apis.find((api) => upstream === `127.0.0.1:${api.port}`)?.name,
    async kill(api) {
      const child = api.child!;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
    stop,
  };
}
