import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { hitRateLimit, pruneRateLimits, readRateLimit } from '../repositories/rateLimits';

/** How often a process deletes the counters of windows that are over. */
export const PRUNE_EVERY_MS = 60_000;

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What @fastify/rate-limit hands a store: its options, and for a route's store, the route (routeInfo). */
interface StoreOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A store for @fastify/rate-limit that counts in PostgreSQL (table
 * rate_limits), so every API server shares each limit and a restart resets
 * none (docs/API.md "Rate limits"). Each route counts under its own key
 * (method, path pattern, then the client key: the address), in fixed
 * windows on the database's clock. This store offers neither
 * `continueExceeding` nor `exponentialBackoff`: a route asking for one
 * refuses to register, rather than silently counting another way.
 */
export function postgresRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  let lastPrune = 0;
  const prune = async () => {
    if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = Date.now();
    await pruneRateLimits(db);
  };

  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      options: StoreOptions,
      private readonly prefix = '*|',
    ) {
      if (options.continueExceeding || options.exponentialBackoff) {
        throw new Error(
          'The PostgreSQL rate-limit store counts fixed windows: no continueExceeding, no exponentialBackoff',
        );
      }
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      prune()
        .then(() => hitRateLimit(db, this.prefix + key, timeWindow))
        .then(({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }), callback);
    }

    /** The count without counting (@fastify/rate-limit's `{ increment: false }`). */
    read(key: string, callback: Callback): void {
      readRateLimit(db, this.prefix + key).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        callback,
      );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      const options = routeOptions as StoreOptions;
      const route = options.routeInfo ?? {};
      return new PostgresRateLimitStore(options, `${[route.method].flat().join(',')} ${route.url ?? ''}|`);
    }
  }
  return PostgresRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}

/**
 * @fastify/rate-limit, registered once for the whole app with the
 * PostgreSQL store: a route opts in with `config.rateLimit: { max,
 * timeWindow }`, counted per client address (request.ip: see TRUST_PROXY);
 * a refusal is 429 app.errors.tooManyAttempts with Retry-After.
 */
export default fp(
  async function rateLimitsPlugin(app: FastifyInstance) {
    await app.register(rateLimit, { global: false, store: postgresRateLimitStore(app.db) });
  },
  { name: 'rate-limits' },
);
