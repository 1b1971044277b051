import path from 'node:path';
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
    /** how long a stopping server waits for requests in flight and running jobs before it exits anyway */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  })
  .refine((e) => e.NEOMI_DEMO === '1' || e.PUBLIC_URL, {
    path: ['PUBLIC_URL'],
    message: 'required when NEOMI_DEMO=0: the address people open, used in the links of mails',
  });

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
  jobs: { pollingIntervalSeconds: number; maintenanceIntervalSeconds: number };
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
    jobs: { pollingIntervalSeconds: e.JOB_POLL_SECONDS, maintenanceIntervalSeconds: e.JOB_MAINTENANCE_SECONDS },
  };
}
