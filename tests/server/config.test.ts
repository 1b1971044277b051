import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
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

  it('PUBLIC_URL: the README says its real default, and no server code reads the Host header instead', () => {
    const root = path.resolve(__dirname, '../..');
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://academy.example.org/' }).publicUrl).toBe('https://academy.example.org');
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const row = readme.split('\n').find((line) => line.startsWith('| `PUBLIC_URL` |'));
    expect(row).toBeDefined();
    const [, , fallback] = row!.split('|').map((cell) => cell.trim());
    expect(fallback).toMatch(/^`http:\/\/localhost:PORT`/);
    expect(fallback).not.toMatch(/request/i);
    const sources = execFileSync('git', ['ls-files', 'server'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((file) => file.endsWith('.ts'));
    expect(sources.length).toBeGreaterThan(50);
    const readers = sources.filter((file) =>
      /\brequest\.(host|hostname)\b|headers\.host\b|headers\[['"]host['"]\]|x-forwarded-host/i.test(
        fs.readFileSync(path.join(root, file), 'utf8'),
      ),
    );
    expect(readers).toEqual([]);
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
