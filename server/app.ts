import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { UPLOAD_LIMIT_BYTES, REQUEST_TIMEOUT_MS } from '../domain/codes';
import type { Config } from './config';
import type { Database } from './db/client';
import type { TokenPolicy } from './auth/tokens';
import { createJobs, queuedMailer, type Jobs } from './services/jobs';
import { createScoringJobs, type ScoringJobs } from './services/scoringJobs';
import { exportJobHandler, removeExpiredExports } from './services/exportJobs';
import { removeExpiredGuests } from './services/guestRetention';
import { createJobQueue } from './adapters/jobQueue';
import { sendResetMail } from './services/accounts';
import { eraseFiles } from './services/erasure';
import { createChallenges, type Challenges } from './adapters/challenge';
import { createMailer, type Mailer } from './adapters/mailer';
import { createFileStorage, createStorage, type FileStorage } from './adapters/storage';
import accessPlugin from './plugins/access';
import { frameworkErrors, registerErrorHandler, safeError } from './plugins/errorHandler';
import { registerInputGuard } from './plugins/inputGuard';
import capabilityParamsPlugin, { loggedPath } from './plugins/logPaths';
import rateLimitsPlugin from './plugins/rateLimits';
import operationsPlugin from './plugins/operations';
import { routes } from './routes';
import { swaggerOptions } from './openapi/document';
import { loadCommonPasswords } from '../domain/passwords';
import { loadPrerenderedPages } from './prerenderedPages';
import { loadRenderedPages } from './renderedPages';
import { familyPageSession } from './pageSession';
import { RENDER_DIR } from './pageTemplate';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: Config;
    tokenPolicy: TokenPolicy;
    mailer: Mailer;
    storage: FileStorage;
    /** the background jobs (server/services/jobs.ts) */
    jobs: Jobs;
    /** the scoring jobs, worked on the job queue (server/services/scoringJobs.ts) */
    scoringJobs: ScoringJobs;
    challenges: Challenges;
  }
}

export interface AppDeps {
  config: Config;
  db: Database;
  /** folder of the built console (dist/); served when it exists */
  consoleDir?: string;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** false: no job workers and no job queue start (the OpenAPI document is built from the routes alone) */
  runJobs?: boolean;
}

/** Headers and body paths never written to the log. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'body.password',
  'body.confirm_password',
  'body.current_password',
];

/**
 * What the log keeps of a request, of its answer and of an error: the method
 * and path (no query string: search texts are people's names; no capability:
 * a token in the path is `[redacted]`, server/plugins/logPaths.ts), the
 * answer's status alone (no headers: a Set-Cookie holds a session's token),
 * and an error's name, code and stack frames (safeError), never its message
 * or values.
 */
const SERIALIZERS = {
  req: (req: Parameters<typeof loggedPath>[0] & { method?: string }) => ({ method: req.method, url: loggedPath(req) }),
  res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
  err: safeError,
};

/** The logger options: the caller's (tests pass a stream), always with the redaction and the serializers above. */
function loggerOptions(config: Config, logger: AppDeps['logger']): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  const base = typeof logger === 'object' ? logger : { level: config.logLevel };
  return { ...base, redact: REDACT, serializers: SERIALIZERS };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  // the password rule's list, before any request can set a password (domain/passwords.ts)
  await loadCommonPasswords();
  const app = Fastify({
    logger: loggerOptions(config, deps.logger),
    trustProxy: config.trustProxy,
    requestTimeout: REQUEST_TIMEOUT_MS,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('db', deps.db);
  app.decorate('config', config);
  app.decorate('tokenPolicy', { idleMs: config.tokenIdleMs, maxMs: config.tokenMaxMs });
  // mail is delivered by the `mail` job; the app's mailer queues it (server/services/jobs.ts)
  const delivery =
    deps.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: app.log,
    });
  const boss = createJobQueue(deps.db, config.jobs);
  boss.on('error', (error) => app.log.error({ err: error, event: 'jobs.error' }, 'job queue error'));
  const jobs = createJobs(
    boss,
    {
      mail: (mail) => delivery.send(mail),
      'password-reset': ({ email, locale }) =>
        sendResetMail(
          deps.db,
          {
            mailer: app.mailer,
            publicUrl: config.publicUrl,
            resetTokenMs: config.resetTokenMs,
            windowMs: config.login.windowMs,
          },
          app.log,
          email,
          locale,
        ),
      'erase-files': ({ keys }) => eraseFiles(app.storage.objects, keys),
      score: (data, attempt) => scoring.work(data, attempt),
      'guest-retention': async () => {
        const removed = await removeExpiredGuests(deps.db, { jobs });
        app.log.info({ event: 'guests.retention', removed }, 'guests past the retention period removed');
      },
      export: exportJobHandler(deps.db, () => app.storage.objects, app.log),
      'export-cleanup': async () => {
        const removed = await removeExpiredExports(deps.db, app.storage.objects);
        app.log.info({ event: 'exports.cleanup', removed }, 'exports past their day removed');
      },
    },
    app.log,
    config.jobs,
  );
  const scoring = createScoringJobs(deps.db, () => jobs, app.log);
  app.decorate('jobs', jobs);
  app.decorate('scoringJobs', scoring);
  app.decorate('mailer', queuedMailer(jobs));
  // uploaded files: a local folder or an S3 bucket, as configured (docs/DEPLOY.md "Files")
  app.decorate('storage', createFileStorage(await createStorage(config.storage)));
  app.addHook('onClose', async () => app.storage.objects.close());
  // the workers start once what their jobs use is there; running jobs are finished, or handed back to another
  // process past the grace time
  if (deps.runJobs !== false) {
    await jobs.start();
    // a scoring job queued by a process that stopped before it queued its first step
    await scoring.queueWaiting();
  }
  app.addHook('onClose', async () => jobs.stop(config.shutdownGraceMs));
  app.decorate('challenges', createChallenges(deps.db, { secret: config.challengeSecret }));

  // 1. external plugins; first the overload guard and the metrics, so that an overloaded process refuses at once
  await app.register(operationsPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        // the exam's service worker and web app manifest (vite.config.ts, docs/api/exams.md "The exam offline")
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
      },
    },
  });
  // every route's config.rateLimit, counted in PostgreSQL (shared by every API server, kept across restarts)
  await app.register(rateLimitsPlugin);
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 60 },
    throwFileSizeLimit: true,
  });
  // the family's page-session cookie is set and cleared by the auth routes (server/pageSession.ts); hook false: no
  // request's cookies are parsed for the API, which never reads them (docs/SECURITY.md "The page session cookie")
  await app.register(cookie, { hook: false });
  await app.register(swagger, swaggerOptions);
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // 2. application plugins
  registerErrorHandler(app);
  registerInputGuard(app);
  await app.register(accessPlugin);
  await app.register(capabilityParamsPlugin);
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });

  // 3. routes
  await app.register(routes, { prefix: '/api' });

  // the built console, with client-side routing
  if (deps.consoleDir && fs.existsSync(path.join(deps.consoleDir, 'index.html'))) {
    // serve: false: every file goes through the route below, so its cache headers are the ones set there
    // (with routes of its own, @fastify/static answered the assets with 'public, max-age=0')
    // preCompressed: a file's .br or .gz copy made at build time (vite.config.ts) goes to a browser that accepts it
    await app.register(fastifyStatic, { root: deps.consoleDir, serve: false, index: false, preCompressed: true });
    // the light pages rendered at build time in each language (scripts/prerenderPages.ts)
    const prerenderedPageOf = loadPrerenderedPages(deps.consoleDir);
    // the pages that show data, rendered per request with it (server/renderedPages.ts): the certificate check and a
    // guest's report
    // and a family's profile and child pages, with the family's data when its page session says who asks
    const renderedPageOf = loadRenderedPages(deps.consoleDir, deps.db, app.log, {
      familyOf: (cookie) => familyPageSession(deps.db, app.tokenPolicy, cookie),
      inject: (call) => app.inject(call),
    });
    app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
      const file = request.url.split('?')[0];
      // /api and /api/* are never the page, escaped or not (/%61pi/x, /api%2fx): an unknown call is a 404 in JSON
      let decoded: string;
      try {
        decoded = decodeURIComponent(file);
      } catch {
        return reply.callNotFound();
      }
      if (decoded === '/api' || decoded.startsWith('/api/')) return reply.callNotFound();
      const onDisk = path.join(deps.consoleDir!, path.normalize(file));
      // the renderer for Node and its templates (scripts/prerenderPages.ts) are the server's, never the browser's
      const privateFile = path.relative(deps.consoleDir!, onDisk).split(path.sep)[0] === RENDER_DIR;
      if (
        file !== '/' &&
        !privateFile &&
        file !== '/index.html' &&
        !/\.(br|gz)$/.test(file) &&
        onDisk.startsWith(deps.consoleDir!) &&
        fs.existsSync(onDisk) &&
        fs.statSync(onDisk).isFile()
      ) {
        // hashed assets never change; every other file (the service worker sw.js, the web app manifest, the icons)
        // keeps its name across deploys and is revalidated on every use, so a deploy is never hidden behind an old
        // worker (docs/api/exams.md "The exam offline")
        if (!file.startsWith('/assets/'))
          return reply
            .header('cache-control', 'no-cache')
            .sendFile(path.relative(deps.consoleDir!, onDisk), { cacheControl: false });
        return reply.sendFile(path.relative(deps.consoleDir!, onDisk), { maxAge: '365d', immutable: true });
      }
      // a page showing data, rendered with it in the visitor's language (its own cache and Vary headers)
      const rendered = await renderedPageOf(decoded, request);
      if (rendered) return reply.code(rendered.status).headers(rendered.headers).send(rendered.body);
      // the page is checked on every visit (cacheControl false: @fastify/static would write 'public, max-age=0')
      reply.header('cache-control', 'no-cache');
      // a light page goes rendered, in the language chosen by the locale cookie, else by Accept-Language
      const prerendered = prerenderedPageOf(decoded, request.headers);
      if (prerendered)
        return reply.header('vary', 'Cookie, Accept-Language').sendFile(prerendered, { cacheControl: false });
      return reply.sendFile('index.html', { cacheControl: false });
    });
  }
  return app;
}
