import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

/** A round trip to the database (GET /api/ready). */
export async function pingDatabase(db: Executor): Promise<void> {
  await db.execute(sql`select 1`);
}
