import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';
import { execFileSync } from 'node:child_process';

/**
 * Every package the code imports is declared in package.json (dependencies or devDependencies),
 * so an install from the lock file alone gives each import a version the project chose.
 */
const root = path.resolve(__dirname, '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const declared = new Set([...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)]);
const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

const sources = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.js'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
const packageOf = (specifier: string) => {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
};

const IMPORT = /(?:^|\s)(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

describe('imports', () => {
  it('reads the sources', () => {
    expect(sources.length).toBeGreaterThan(100);
  });

  it('come from declared packages, node built-ins or the project itself', () => {
    const undeclared: string[] = [];
    for (const file of sources) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      for (const match of text.matchAll(IMPORT)) {
        const specifier = match[1] ?? match[2];
        if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('virtual:')) continue;
        if (builtins.has(specifier) || builtins.has(specifier.split('/')[0])) continue;
        const name = packageOf(specifier);
        if (!declared.has(name)) undeclared.push(`${file}: ${specifier}`);
      }
    }
    expect(undeclared).toEqual([]);
  });
});
