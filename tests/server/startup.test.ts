import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { publicUrlWarning, startupBanner } from '../../server/startup';

/**
 * `npm start` says where the links of mails, PDFs and certificates point (README.md "Configuration", PUBLIC_URL):
 * a demo without PUBLIC_URL gets links to http://localhost:PORT, which open only on the computer running it, and
 * is told so.
 */
const run = { url: 'http://localhost:3000', database: 'pglite' as const, seeded: true };

describe('the startup banner and PUBLIC_URL', () => {
  it('warns when PUBLIC_URL is unset: the links point at localhost', () => {
    const config = loadConfig({ PORT: '3000' });
    expect(config.publicUrlConfigured).toBe(false);
    const banner = startupBanner(config, run);
    expect(banner).toContain('Neomi Academy is running at http://localhost:3000');
    expect(banner).toContain('WARNING: PUBLIC_URL is not set');
    expect(banner).toContain('links in mails, PDFs and certificates point at http://localhost:3000');
    expect(banner).toContain('Set PUBLIC_URL');
  });

  it('warns when PUBLIC_URL itself is this computer', () => {
    for (const url of ['http://localhost:8080', 'http://127.0.0.1:3000'])
      expect(publicUrlWarning(loadConfig({ PUBLIC_URL: url }))).toContain(`PUBLIC_URL is ${url}`);
  });

  it('says nothing when PUBLIC_URL is the address people open', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://academy.example.org/' });
    expect(config).toMatchObject({ publicUrl: 'https://academy.example.org', publicUrlConfigured: true });
    expect(publicUrlWarning(config)).toBeUndefined();
    expect(startupBanner(config, run)).not.toContain('WARNING');
    expect(startupBanner({ ...config, demo: false }, { ...run, database: 'postgres' })).not.toContain('WARNING');
  });

  it('lists the demo accounts in a demo only', () => {
    expect(startupBanner(loadConfig({}), run)).toContain('sign in with password');
    expect(startupBanner(loadConfig({ NEOMI_DEMO: '0', PUBLIC_URL: 'https://a.example' }), run)).toContain(
      'demo data off',
    );
  });
});
