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

  it('keeps files in DATA_DIR/uploads unless STORAGE=s3 names a bucket (docs/DEPLOY.md "Files")', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/x' }).storage).toEqual({ driver: 'local', dir: '/tmp/x/uploads' });
    const s3 = loadConfig({
      STORAGE: 's3',
      S3_BUCKET: 'neomi-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_FORCE_PATH_STYLE: '1',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'the-secret-value',
    }).storage;
    expect(s3).toMatchObject({
      driver: 's3',
      bucket: 'neomi-files',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key-id' },
    });
    // the secret is for the S3 client only: printed or logged it reads [redacted]
    expect(JSON.stringify(s3)).not.toContain('the-secret-value');
    expect(String(s3.driver === 's3' && s3.credentials?.secretAccessKey)).toBe('[redacted]');
    expect(s3.driver === 's3' && s3.credentials?.secretAccessKey.reveal()).toBe('the-secret-value');
    // no credentials: the AWS SDK's own chain
    expect(loadConfig({ STORAGE: 's3', S3_BUCKET: 'neomi-files' }).storage).toMatchObject({ credentials: undefined });
  });

  it('refuses a storage configuration that cannot work, naming the variable', () => {
    const refused = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error(`accepted ${JSON.stringify(env)}`);
    };
    expect(refused({ STORAGE: 'gcs' })).toMatch(/STORAGE: must be local or s3/);
    expect(refused({ STORAGE: 's3' })).toMatch(/S3_BUCKET: required when STORAGE=s3/);
    expect(refused({ STORAGE: 's3', S3_BUCKET: 'Bad_Bucket' })).toMatch(/S3_BUCKET: must be a bucket name/);
    expect(refused({ STORAGE: 's3', S3_BUCKET: 'ok-bucket', S3_ENDPOINT: 'minio:9000' })).toMatch(/S3_ENDPOINT/);
    expect(refused({ STORAGE: 's3', S3_BUCKET: 'ok-bucket', S3_ACCESS_KEY_ID: 'id' })).toMatch(
      /S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    );
    expect(refused({ STORAGE: 's3', S3_BUCKET: 'ok-bucket', S3_FORCE_PATH_STYLE: 'yes' })).toMatch(
      /S3_FORCE_PATH_STYLE/,
    );
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
