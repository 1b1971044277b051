import path from 'node:path';
import type { Config } from './config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/accounts';

/** A host only this computer reaches. */
const LOOPBACK = /^(localhost|127(\.\d+){3}|\[::1\]|0\.0\.0\.0)$/i;

/**
 * The warning `npm start` prints when the links the server gives (mails, PDFs, certificates, guest report links:
 * README.md "Configuration", `PUBLIC_URL`) point at this computer: PUBLIC_URL unset (a demo falls back to
 * http://localhost:PORT) or set to a loopback address. None when they point elsewhere.
 */
export const publicUrlWarning = (config: Pick<Config, 'publicUrl' | 'publicUrlConfigured'>): string | undefined => {
  const host = new URL(config.publicUrl).hostname;
  if (config.publicUrlConfigured && !LOOPBACK.test(host)) return undefined;
  const why = config.publicUrlConfigured ? `PUBLIC_URL is ${config.publicUrl}` : 'PUBLIC_URL is not set';
  return [
    `  WARNING: ${why}: links in mails, PDFs and certificates point at ${config.publicUrl},`,
    '  which opens only on this computer. Set PUBLIC_URL to the address people open (e.g. https://academy.example.org).',
  ].join('\n');
};

/** What `npm start` prints once the server listens: where it is, its database, the demo accounts, the warning. */
export const startupBanner = (
  config: Pick<Config, 'publicUrl' | 'publicUrlConfigured' | 'demo' | 'dataDir'>,
  run: { url: string; database: 'pglite' | 'postgres'; seeded: boolean },
): string => {
  const lines = [
    '',
    `Neomi Academy is running at ${run.url}`,
    `  database: ${run.database === 'pglite' ? `embedded PostgreSQL (PGlite) in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  API docs: ${run.url}/api/docs`,
  ];
  if (config.demo) {
    lines.push(`  demo data ${run.seeded ? 'created' : 'present'}; sign in with password "${DEMO_PASSWORD}" as:`);
    for (const account of DEMO_ACCOUNTS) lines.push(`    ${account.email.padEnd(20)} ${account.role}`);
  } else {
    lines.push('  demo data off (NEOMI_DEMO=0); create the first admin with: npm run create-admin -- <email>');
  }
  const warning = publicUrlWarning(config);
  if (warning) lines.push('', warning);
  return `${lines.join('\n')}\n\n`;
};
