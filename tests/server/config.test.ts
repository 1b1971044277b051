import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

describe('configuration from the environment', () => {
  it('has the README defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', dataDir: path.resolve('./data'), demo: true });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u:p@h:5432/d',
      SMTP_URL: 'smtp://h:25',
      NEOMI_DEMO: '0',
      PUBLIC_URL: 'https://academy.example.org',
      TOKEN_IDLE_MINUTES: '30',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u:p@h:5432/d',
      smtpUrl: 'smtp://h:25',
      demo: false,
      publicUrl: 'https://academy.example.org',
      tokenIdleMs: 30 * 60_000,
    });
  });

  it('stops with a clear message on a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/DATABASE_URL: must start with postgres/);
    }
  });
});
