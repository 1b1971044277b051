/**
 * Restores a backup of `npm run backup` into a fresh database and a fresh folder or bucket:
 * `npm run restore -- <folder> [--force]` (docs/DEPLOY.md "Backup and restore"). The target is what DATABASE_URL (or
 * DATA_DIR for the embedded database) and STORAGE / S3_* name, like the server; no server may run on it. A target
 * that holds data is refused unless --force. Exit codes: 0 done, 1 failed, 2 usage.
 */
import path from 'node:path';
import { createStorage } from '../adapters/storage';
import { ConfigError, loadConfig } from '../config';
import { BackupError, restoreBackup } from '../services/backup';

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const rest = args.filter((a) => a !== '--force');
  if (rest.length !== 1 || rest[0].startsWith('-')) {
    process.stderr.write('usage: npm run restore -- <backup folder> [--force]\n');
    process.exit(2);
  }
  const config = loadConfig();
  const storage = await createStorage(config.storage);
  try {
    await restoreBackup({
      database: config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : { kind: 'pglite', dir: path.join(config.dataDir, 'db') },
      storage,
      folder: path.resolve(rest[0]),
      force,
      progress: (line) => process.stdout.write(`restore: ${line}\n`),
    });
    process.stdout.write('restore: done\n');
  } finally {
    await storage.close();
  }
}

main().catch((error) => {
  const known = error instanceof ConfigError || error instanceof BackupError;
  process.stderr.write(`restore: ${known ? error.message : (error?.stack ?? error)}\n`);
  process.exit(1);
});
