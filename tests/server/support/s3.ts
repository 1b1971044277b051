import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import { Secret, type S3StorageConfig } from '../../../server/config';

/**
 * An S3 protocol server of the tests' own (s3rver, from npm): on a free port of 127.0.0.1, its buckets in a
 * temporary folder, silent. The S3 driver talks to it as to any S3-compatible store (path-style addresses, the
 * fake credentials s3rver accepts); `client` is an independent S3 client to look into the bucket from outside.
 */
export interface TestS3 {
  endpoint: string;
  client: S3Client;
  /** makes a bucket with a fresh name and answers the name */
  createBucket(): Promise<string>;
  /** removes a bucket and whatever it holds */
  removeBucket(bucket: string): Promise<void>;
  /** the driver's configuration for a bucket */
  config(bucket: string): S3StorageConfig;
  /** the environment that makes the app use a bucket (server/config.ts) */
  env(bucket: string): Record<string, string>;
  /** the keys in a bucket */
  keys(bucket: string, prefix?: string): Promise<string[]>;
  /** an object's bytes, or null */
  bytes(bucket: string, key: string): Promise<Buffer | null>;
  close(): Promise<void>;
}

const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
let buckets = 0;

export async function startS3(): Promise<TestS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'neomi-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: CREDENTIALS,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const keys = async (Bucket: string, Prefix?: string) => {
    const found: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
      found.push(...(page.Contents ?? []).map((o) => o.Key!));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return found.sort();
  };
  return {
    endpoint,
    client,
    async createBucket() {
      const bucket = `neomi-test-${process.pid}-${++buckets}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return bucket;
    },
    async removeBucket(Bucket) {
      for (const Key of await keys(Bucket)) await client.send(new DeleteObjectCommand({ Bucket, Key }));
      await client.send(new DeleteBucketCommand({ Bucket }));
    },
    config: (bucket) => ({
      driver: 's3',
      bucket,
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: CREDENTIALS.accessKeyId, secretAccessKey: new Secret(CREDENTIALS.secretAccessKey) },
    }),
    env: (bucket) => ({
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: '1',
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    }),
    keys,
    async bytes(Bucket, Key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async close() {
      client.destroy();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

/** Starts s3rver before the file's (or the describe block's) first test and stops it after its last. */
export function withS3(): () => TestS3 {
  let s3: TestS3 | undefined;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(async () => {
    await s3?.close();
  });
  return () => {
    if (!s3) throw new Error('withS3: s3rver starts in beforeAll; use it inside a hook or a test');
    return s3;
  };
}

/** The storage drivers every file test runs on (server/adapters/storage/). */
export const DRIVERS = ['local', 's3'] as const;
export type DriverName = (typeof DRIVERS)[number];

/**
 * What an app on `driver` has stored, looked at from outside the app: the files under DATA_DIR/uploads on disk,
 * or the objects in its bucket through s3rver's own client. Keys as the storage names them (`photos/abc.png`).
 */
export interface StoredView {
  keys(prefix?: string): Promise<string[]>;
  bytes(key: string): Promise<Buffer | null>;
}

export function storedView(driver: DriverName, where: { dataDir: string; s3?: TestS3; bucket?: string }): StoredView {
  if (driver === 's3') {
    const { s3, bucket } = where;
    if (!s3 || !bucket) throw new Error('storedView: the s3 driver needs s3rver and the bucket');
    return { keys: (prefix) => s3.keys(bucket, prefix), bytes: (key) => s3.bytes(bucket, key) };
  }
  const root = path.join(where.dataDir, 'uploads');
  return {
    async keys(prefix = '') {
      let names: string[];
      try {
        names = (await fs.readdir(root, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile())
          .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      return names.filter((key) => key.startsWith(prefix)).sort();
    },
    async bytes(key) {
      try {
        return await fs.readFile(path.join(root, ...key.split('/')));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}
