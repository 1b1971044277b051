import { ensureBuilt } from './server';

/** Builds the console once before the browser tests (when dist/ is missing or older than its sources). */
export default function setup(): void {
  ensureBuilt();
}
