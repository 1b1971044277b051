import { type ComponentType, lazy } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../domain/codes';

/**
 * A lazily loaded part of the console (a page's or a resource's chunk) that failed to load, or had not arrived after
 * CHUNK_LOAD_TIMEOUT_MS (120,000 ms). The page boundary (src/components/PageState.tsx) shows it translated, with a
 * reload button: React keeps a failed lazy load failed, so only a reload fetches the part again.
 */
export class ChunkLoadError extends Error {
  constructor(
    readonly reason: 'failed' | 'timeout',
    options?: { cause?: unknown },
  ) {
    super(
      reason === 'timeout'
        ? `A part of the console took longer than ${CHUNK_LOAD_TIMEOUT_MS} ms to load`
        : 'A part of the console failed to load',
      options,
    );
    this.name = 'ChunkLoadError';
  }
}

/** `load()`, or a ChunkLoadError when it fails or has not settled within `ms`. */
export const withLoadTimeout = <T>(load: () => Promise<T>, ms: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), ms);
    load().then(
      (loaded) => {
        clearTimeout(timer);
        resolve(loaded);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('failed', { cause: error }));
      },
    );
  });

/** React.lazy with the time limit: the one way the console splits off a part (tests/console/textsAndLimits.test.tsx). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own signature: any component's props
export const lazyPart = <C extends ComponentType<any>>(load: () => Promise<{ default: C }>) =>
  lazy(() => withLoadTimeout(load));
