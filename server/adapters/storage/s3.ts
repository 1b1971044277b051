import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../../config';
import type { ObjectStorage } from './index';
import { checkKey, checkPrefix } from './keys';

/** How long the readiness probe waits for the bucket. */
const READY_TIMEOUT_MS = 5_000;

/** No such object. A missing bucket is an error, not a missing file: NoSuchBucket. */
const notFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  error.name !== 'NoSuchBucket' &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404);

/** What a failed call says about itself, without anything of the request (no credential, no key). */
const describeError = (error: unknown) => {
  if (error instanceof S3ServiceException) return `${error.name} (HTTP ${error.$metadata?.httpStatusCode ?? '?'})`;
  const e = error as NodeJS.ErrnoException;
  return e?.code ?? e?.name ?? 'error';
};

/**
 * Files in an S3-compatible bucket through @aws-sdk/client-s3: AWS S3, MinIO, Ceph (RGW), Cloudflare R2, and, in
 * the tests, s3rver (docs/DEPLOY.md "Files"). A key is the object's key as it is, so the bucket holds the same
 * layout as the local folder. Every API server shares the bucket: none holds a file of its own.
 *
 * For the widest compatibility the client sends and checks checksums only where a call requires one (S3-compatible
 * stores differ in the newer checksum headers), and removes objects one by one rather than with DeleteObjects, which
 * some of them refuse without a Content-MD5 header.
 */
export function createS3Storage(config: S3StorageConfig): ObjectStorage {
  const Bucket = config.bucket;
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials
      ? { accessKeyId: config.credentials.accessKeyId, secretAccessKey: config.credentials.secretAccessKey.reveal() }
      : undefined, // the SDK's own chain: AWS_* variables, a shared profile, an instance or task role
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: {
      connectionTimeout: 5_000,
      // a socket idle this long is closed (a download whose reader stopped reading, a store that hangs)
      socketTimeout: 120_000,
      httpAgent: { keepAlive: true, maxSockets: 128 },
      httpsAgent: { keepAlive: true, maxSockets: 128 },
    },
  });

  return {
    driver: 's3',
    description: `S3 bucket ${Bucket}${config.endpoint ? ` at ${new URL(config.endpoint).host}` : ''}`,

    async put(key, body, { contentType }) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkKey(key),
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
        }),
      );
    },

    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        return { body: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      // S3 answers 204 for a key that is not there
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },

    async *list(prefix) {
      checkPrefix(prefix);
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken }),
        );
        for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, size: o.Size ?? 0 };
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async ready() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(READY_TIMEOUT_MS) });
        return { ok: true };
      } catch (error) {
        return { ok: false, reason: `bucket ${Bucket} not reachable: ${describeError(error)}` };
      }
    },

    async close() {
      client.destroy();
    },
  };
}
