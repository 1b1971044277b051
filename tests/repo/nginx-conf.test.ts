import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REQUEST_TIMEOUT_MS, UPLOAD_LIMIT_BYTES } from '../../domain/codes';

/**
 * The shipped load balancer (deploy/nginx.conf) keeps the API's own limits: a body the API would take is never cut
 * by nginx, and nginx waits for a process as long as the API works on a request. Changing a constant in
 * domain/codes.ts without the config fails here. (tests/server/cluster.test.ts runs the file under nginx.)
 */
const conf = fs.readFileSync(path.resolve(__dirname, '../../deploy/nginx.conf'), 'utf8').replace(/#.*$/gm, '');
const directive = (name: string) => {
  const found = [...conf.matchAll(new RegExp(`^\\s*${name}\\s+([^;]+);`, 'gm'))].map((m) => m[1].trim());
  expect(found, name).toHaveLength(1);
  return found[0];
};
const MIB = 1024 * 1024;
const seconds = (value: string) => {
  const [, n, unit] = /^(\d+)(s|m)?$/.exec(value)!;
  return Number(n) * (unit === 'm' ? 60 : 1);
};

describe('deploy/nginx.conf', () => {
  it('takes the largest stage the API takes: two files of UPLOAD_LIMIT_BYTES and 1 MiB of fields', () => {
    const [, n, unit] = /^(\d+)([km])$/.exec(directive('client_max_body_size'))!;
    expect(Number(n) * (unit === 'm' ? MIB : 1024)).toBe(2 * UPLOAD_LIMIT_BYTES + MIB);
  });

  it('waits for a process as long as REQUEST_TIMEOUT_MS', () => {
    for (const name of ['proxy_read_timeout', 'proxy_send_timeout', 'client_body_timeout']) {
      expect(seconds(directive(name)), name).toBe(REQUEST_TIMEOUT_MS / 1000);
    }
  });

  it('passes the client address nginx saw, not one the client wrote, and retries idempotent requests only', () => {
    expect(directive('proxy_set_header X-Forwarded-For')).toBe('$remote_addr');
    expect(directive('proxy_set_header X-Forwarded-Proto')).toBe('$scheme');
    expect(directive('proxy_next_upstream')).toBe('error timeout http_502 http_503');
    expect(conf).not.toMatch(/non_idempotent/);
  });
});
