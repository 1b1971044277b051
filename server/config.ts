import path from 'node:path';
import { inspect } from 'node:util';
import { z } from 'zod';

/** Configuration from the environment, validated at boot (README.md "Configuration"). */
const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().default('Neomi Academy <no-reply@neomi.academy>'),
    PUBLIC_URL: z.string().url().optional(),
    NEOMI_DEMO: z.enum(['0', '1']).default('1'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TOKEN_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .positive()
      .default(60 * 24),
    TOKEN_MAX_DAYS: z.coerce.number().int().positive().default(30),
    RESET_TOKEN_MINUTES: z.coerce.number().int().positive().default(60),
    LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
    LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(20),
    LOGIN_CHALLENGE_AFTER_FAILURES: z.coerce.number().int().positive().optional(),
    /** the earlier name of LOGIN_CHALLENGE_AFTER_FAILURES, still read */
    LOGIN_CAPTCHA_AFTER_FAILURES: z.coerce.number().int().positive().optional(),
    LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
    /** signs the proof-of-work challenges; without it the server makes one and keeps it in the database */
    CHALLENGE_SECRET: z.string().min(32, 'at least 32 characters').optional(),
    TRUST_PROXY: z.enum(['0', '1']).default('0'),
    /** the bearer token Prometheus sends to GET /metrics; without it /metrics does not exist */
    METRICS_TOKEN: z.string().min(32, 'at least 32 characters').optional(),
    /** overload: answer 503 with Retry-After when the event loop lags or is this busy (docs/DEPLOY.md "Overload") */
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
    OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0),
    OVERLOAD_SAMPLE_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
    OVERLOAD_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(600).default(5),
    /** background jobs (pg-boss): seconds between a worker's looks for jobs, and between maintenance runs (which give
     * the jobs of a process that died to another) */
    JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
    JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** how long a job's try may run before it counts as lost (its process died) and another process takes it;
     * unset, each queue's own (server/services/jobs.ts QUEUE_POLICY) */
    JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).max(86_400).optional(),
    /** an export of at most this many rows is written in the request, a larger one by the `export` job
     * (docs/DECISIONS.md "Exports: one path, inline when small") */
    EXPORT_INLINE_ROWS: z.coerce.number().int().min(0).max(1_000_000).default(2000),
    /** how long a stopping server waits for requests in flight and running jobs before it exits anyway */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
    // uploaded files (docs/DEPLOY.md "Files")
    STORAGE: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
    S3_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens',
      )
      .optional(),
    S3_ENDPOINT: z
      .string()
      .regex(/^https?:\/\/[^/\s]+\/?$/, 'must be an address such as https://s3.example.org or http://127.0.0.1:9000')
      .optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: z.enum(['0', '1']).default('0'),
  })
  .superRefine((e, ctx) => {
    if (e.NEOMI_DEMO === '0' && !e.PUBLIC_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'required when NEOMI_DEMO=0: the address people open, used in the links of mails',
      });
    if (e.STORAGE === 's3' && !e.S3_BUCKET)
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'required when STORAGE=s3: the bucket that holds the uploaded files',
      });
    if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY)
      ctx.addIssue({
        code: 'custom',
        path: [e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message:
          'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (set both, or neither to use the AWS credential chain)',
      });
  });

/**
 * A value that must never reach a log: printed, inspected or turned into JSON it reads "[redacted]";
 * reveal() gives it to the one place that needs it (the S3 client).
 */
export class Secret {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  reveal(): string {
    return this.#value;
  }
  toString() {
    return '[redacted]';
  }
  toJSON() {
    return '[redacted]';
  }
  [inspect.custom]() {
    return '[redacted]';
  }
}

/** Where uploaded files live: server/adapters/storage/ (docs/DEPLOY.md "Files"). */
export type StorageConfig = LocalStorageConfig | S3StorageConfig;
export interface LocalStorageConfig {
  driver: 'local';
  /** DATA_DIR/uploads */
  dir: string;
}
export interface S3StorageConfig {
  driver: 's3';
  bucket: string;
  region: string;
  /** absent for AWS S3 itself */
  endpoint?: string;
  /** the bucket in the path (http://host/bucket/key) rather than in the host name: MinIO, Ceph, s3rver */
  forcePathStyle: boolean;
  /** absent: the AWS SDK's own credential chain (AWS_* variables, a profile, an instance or task role) */
  credentials?: { accessKeyId: string; secretAccessKey: Secret };
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** base of the links in mails (password reset): PUBLIC_URL, or http://localhost:PORT for a demo; never a request's Host */
  publicUrl: string;
  /** whether PUBLIC_URL was given (else publicUrl is this computer's address, and `npm start` warns: server/startup.ts) */
  publicUrlConfigured: boolean;
  demo: boolean;
  logLevel: string;
  tokenIdleMs: number;
  tokenMaxMs: number;
  resetTokenMs: number;
  /** login rate limit: failures per account from one address, per address, and per account from all addresses (then the proof-of-work challenge) */
  login: { maxPerAccount: number; maxPerAddress: number; challengeAfter: number; windowMs: number };
  /** the key that signs challenges, when configured; else one kept in the database (server/adapters/challenge.ts) */
  challengeSecret?: string;
  trustProxy: boolean;
  /** GET /metrics answers only this bearer token; undefined: no /metrics route */
  metricsToken?: string;
  /** @fastify/under-pressure's limits (0 switches a check off) */
  overload: {
    maxEventLoopDelayMs: number;
    maxEventLoopUtilization: number;
    sampleIntervalMs: number;
    retryAfterSeconds: number;
  };
  shutdownGraceMs: number;
  jobs: { pollingIntervalSeconds: number; maintenanceIntervalSeconds: number; expireInSeconds?: number };
  /** rows up to which an export is written in the request (EXPORT_INLINE_ROWS) */
  exportInlineRows: number;
  /** where uploaded files live (STORAGE and S3_*) */
  storage: StorageConfig;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    publicUrlConfigured: e.PUBLIC_URL !== undefined,
    demo: e.NEOMI_DEMO === '1',
    logLevel: e.LOG_LEVEL,
    tokenIdleMs: e.TOKEN_IDLE_MINUTES * 60_000,
    tokenMaxMs: e.TOKEN_MAX_DAYS * 86_400_000,
    resetTokenMs: e.RESET_TOKEN_MINUTES * 60_000,
    login: {
      maxPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      challengeAfter: e.LOGIN_CHALLENGE_AFTER_FAILURES ?? e.LOGIN_CAPTCHA_AFTER_FAILURES ?? 10,
      windowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
    },
    trustProxy: e.TRUST_PROXY === '1',
    challengeSecret: e.CHALLENGE_SECRET,
    metricsToken: e.METRICS_TOKEN,
    overload: {
      maxEventLoopDelayMs: e.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
      maxEventLoopUtilization: e.OVERLOAD_MAX_EVENT_LOOP_UTILIZATION,
      sampleIntervalMs: e.OVERLOAD_SAMPLE_INTERVAL_MS,
      retryAfterSeconds: e.OVERLOAD_RETRY_AFTER_SECONDS,
    },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    jobs: {
      pollingIntervalSeconds: e.JOB_POLL_SECONDS,
      maintenanceIntervalSeconds: e.JOB_MAINTENANCE_SECONDS,
      expireInSeconds: e.JOB_EXPIRE_SECONDS,
    },
    exportInlineRows: e.EXPORT_INLINE_ROWS,
    storage:
      e.STORAGE === 's3'
        ? {
            driver: 's3',
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
            forcePathStyle: e.S3_FORCE_PATH_STYLE === '1',
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: new Secret(e.S3_SECRET_ACCESS_KEY) }
                : undefined,
          }
        : { driver: 'local', dir: path.join(path.resolve(e.DATA_DIR), 'uploads') },
  };
}
