/**
 * Backs up the database and the stored files together: `npm run backup -- <folder>` (docs/DEPLOY.md "Backup and
 * restore"). Uses DATABASE_URL (pg_dump, while the servers run) or, without it, the embedded database under DATA_DIR
 * (stop the server first: the embedded database belongs to one process), and STORAGE / S3_* for the files, like the
 * server. Exit codes: 0 done, 1 failed, 2 usage.
 */
import path from 'node:path';
import { createStorage } from '../adapters/storage';
import { ConfigError, loadConfig } from '../config';
import { BackupError, takeBackup } from '../services/backup';

async function main() {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0].startsWith('-')) {
    process.stderr.write('usage: npm run backup -- <new folder>\n');
    process.exit(2);
  }
  const config = loadConfig();
  const storage = await createStorage(config.storage);
  try {
    const manifest = await takeBackup({
      database: config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : { kind: 'pglite', dir: path.join(config.dataDir, 'db') },
      storage,
      folder: path.resolve(args[0]),
      progress: (line) => process.stdout.write(`backup: ${line}\n`),
    });
    process.stdout.write(`backup: done, ${path.resolve(args[0])} (${manifest.created_at})\n`);
  } finally {
    await storage.close();
  }
}

main().catch((error) => {
  const known = error instanceof ConfigError || error instanceof BackupError;
  process.stderr.write(`backup: ${known ? error.message : (error?.stack ?? error)}\n`);
  process.exit(1);
});
