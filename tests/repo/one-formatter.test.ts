import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

/**
 * Numbers and dates are written by one formatter (domain/format.ts; the digit rule in docs/DECISIONS.md "Latin
 * digits in every language"). A page that called toLocaleString or Intl itself would print Arabic-Indic digits
 * beside another page's Latin ones, as the product did before.
 */
const root = path.resolve(__dirname, '../..');
const FORMATTER = 'domain/format.ts';
const sources = execFileSync('git', ['ls-files', 'src', 'server', 'domain'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.tsx?$/.test(f) && f !== FORMATTER && fs.existsSync(path.join(root, f)));

/** Formatting a number or a date by itself, or react-admin's fields that format in the browser's language. */
const OWN_FORMATTING = [
  /\.toLocale(Date|Time)?String\(/,
  /\bIntl\.(NumberFormat|DateTimeFormat|ListFormat|RelativeTimeFormat|PluralRules)\b/,
  /\bimport\s*\{[^}]*\b(DateField|NumberField)\b[^}]*\}\s*from\s*'react-admin'/,
];
/** The two fields that wrap react-admin's with the formatter's locale tag. */
const WRAPPERS = new Set(['src/components/LocaleDateField.tsx', 'src/components/LocaleNumberField.tsx']);

const strip = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

describe('one formatter for numbers and dates', () => {
  it('reads the sources', () => {
    expect(sources.length).toBeGreaterThan(300);
    expect(sources).toContain('src/resources/seatRequests/SeatStatusField.tsx');
  });

  it('no file but domain/format.ts formats a number or a date itself', () => {
    const offenders = sources.flatMap((file) => {
      const text = strip(fs.readFileSync(path.join(root, file), 'utf8'));
      return OWN_FORMATTING.filter((rule) => rule.test(text))
        .filter((rule) => !(WRAPPERS.has(file) && rule === OWN_FORMATTING[2]))
        .map((rule) => `${file}: ${rule}`);
    });
    expect(offenders).toEqual([]);
  });

  it('finds what it looks for', () => {
    const probe = "const a = n.toLocaleString(locale); import { List, DateField } from 'react-admin';";
    expect(OWN_FORMATTING.filter((rule) => rule.test(probe))).toHaveLength(2);
    expect(OWN_FORMATTING[1].test('new Intl.DateTimeFormat(locale)')).toBe(true);
  });
});
