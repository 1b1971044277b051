import type { Database } from '../db/client';
import type { FileStorage } from '../adapters/storage';
import { pingDatabase } from '../repositories/health';

const ready = async (storage: FileStorage) => {
  const answer = await storage.objects.ready();
  if (!answer.ok) throw new Error(answer.reason);
};

/** Whether each thing a request needs answers now (GET /api/ready); a check that throws or hangs past 2 s is false. */
export async function readiness(deps: { db: Database; storage: FileStorage }) {
  const within = async (work: Promise<unknown>) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), 2000)));
    try {
      await Promise.race([work, late]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  };
  const [database, storage] = await Promise.all([within(pingDatabase(deps.db)), within(ready(deps.storage))]);
  return { database, storage };
}
