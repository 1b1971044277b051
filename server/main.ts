import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openConfiguredDatabase } from './db/open';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/accounts';
import { seedDemo } from './seed/demo';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main() {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  const app = await buildApp({ config, db: database.db, consoleDir: path.join(root, 'dist') });
  const seeded = config.demo ? await seedDemo(database.db, app.storage) : false;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  const url = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  const lines = [
    '',
    `Neomi Academy is running at ${url}`,
    `  database: ${database.kind === 'pglite' ? `embedded PostgreSQL (PGlite) in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  API docs: ${url}/api/docs`,
  ];
  if (config.demo) {
    lines.push(`  demo data ${seeded ? 'created' : 'present'}; sign in with password "${DEMO_PASSWORD}" as:`);
    for (const account of DEMO_ACCOUNTS) lines.push(`    ${account.email.padEnd(20)} ${account.role}`);
  } else {
    lines.push('  demo data off (NEOMI_DEMO=0); create the first admin with: npm run create-admin -- <email>');
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : (error?.stack ?? error)}\n`);
  process.exit(1);
});
