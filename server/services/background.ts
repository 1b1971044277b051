/**
 * Work done after the answer has gone (mails, for one): a request that must
 * not take longer for a known account than for an unknown one hands its work
 * here. A failed job is logged by name, never thrown at the client. The app
 * waits for running jobs when it closes; tests await idle().
 */
export interface Background {
  run(name: string, job: () => Promise<void>): void;
  /** resolves once every job started so far has ended */
  idle(): Promise<void>;
}

/** What the runner needs of a logger: Fastify's (pino) logger is one. */
export interface JobErrorLog {
  error(obj: object, msg: string): void;
}

export function createBackground(log: JobErrorLog): Background {
  const running = new Set<Promise<void>>();
  return {
    run(name, job) {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(job)
        .catch((error: unknown) => {
          log.error({ err: error, job: name }, 'background job failed');
        })
        .finally(() => {
          running.delete(done);
        });
      running.add(done);
    },
    async idle() {
      while (running.size) await Promise.all([...running]);
    },
  };
}
