import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/seed/accounts';

/**
 * The README's table of demo accounts is the list the seed creates and the
 * browser tests sign in as (server/seed/accounts.ts): same emails, same
 * roles, same order, and the password it names is theirs.
 */
const readme = fs.readFileSync(path.resolve(__dirname, '../../README.md'), 'utf8');

/** The rows of the markdown table whose header is `| email | role |`: [email, role (the first word)]. */
const tableRows = (): [string, string][] => {
  const lines = readme.split('\n');
  const start = lines.findIndex((l) => /^\|\s*email\s*\|\s*role\s*\|$/.test(l.trim()));
  expect(start, 'the README has a table of demo accounts').toBeGreaterThan(-1);
  const rows: [string, string][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.trim().startsWith('|')) break;
    const [email, role] = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    rows.push([email, role.split(/\s/)[0]]);
  }
  return rows;
};

describe('the demo accounts in the README', () => {
  it('lists every demo account with its role, in the seed’s order', () => {
    expect(tableRows()).toEqual(DEMO_ACCOUNTS.map((a) => [a.email, a.role]));
  });

  it('names their password', () => {
    expect(readme).toContain(`password \`${DEMO_PASSWORD}\``);
  });
});
