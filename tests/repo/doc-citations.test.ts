import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

/**
 * Every document a file cites is in the repository, and so is every section it names.
 *
 * A citation is a Markdown file name (`README.md`, `docs/api/exams.md`, `../API.md`), optionally followed by
 * sections: `§4`, `§4.2`, or a heading's name in double quotes (`"Lists"`), several joined by commas or "and"
 * (`docs/PRODUCT.md §3 "Activity", §4`). The file must be tracked by git; `§N` must be a heading numbered N in it
 * (`## 4. States`); a quoted name must begin a heading of that file (inside the section given just before it, if
 * any). Comment lines are read as one text, so a citation may run over two lines. The specification the product
 * was first built from is not in the repository: naming it (`SPEC`) is reported too. Markdown links must lead to a
 * tracked file (and an existing heading when they name one), and the README links to every document in docs/.
 */
const root = path.resolve(__dirname, '../..');
const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\n')
    .filter(Boolean);

const tracked = git('ls-files');
const trackedSet = new Set(tracked);
const trackedDirs = new Set(
  tracked.flatMap((f) =>
    f
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
  ),
);

/** Files written by tools or not text: nothing to cite there. */
const GENERATED = [
  /^package-lock\.json$/,
  /^server\/db\/migrations\//,
  /^server\/assets\//,
  /\.(png|jpe?g|gif|webp|ico|ttf|woff2?|pdf|xlsx|glb)$/i,
];

/** This file: its examples of wrong citations are wrong on purpose. */
const SELF = path.relative(root, __filename).split(path.sep).join('/');
const sources = tracked.filter((f) => f !== SELF && !GENERATED.some((g) => g.test(f)));
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

// ---------------------------------------------------------------- headings of a Markdown file

interface Heading {
  level: number;
  text: string;
  /** where it is among the file's headings */
  index: number;
}

const headingCache = new Map<string, Heading[]>();
function headingsOf(file: string): Heading[] {
  const cached = headingCache.get(file);
  if (cached) return cached;
  const headings: Heading[] = [];
  let fenced = false;
  for (const line of read(file).split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const m = !fenced && /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (m) headings.push({ level: m[1].length, text: m[2].replace(/`/g, '').trim(), index: headings.length });
  }
  headingCache.set(file, headings);
  return headings;
}

/** A heading numbered `4` (or `4.2`): `4. States`, `4 States`, `§4 States`, `4.2 Activity status`. */
const numbered = (heading: Heading, number: string) =>
  new RegExp(`^(?:§\\s?)?${number.replace(/\./g, '\\.')}(?:\\.(?!\\d)|\\s|$)`).test(heading.text);

/** The headings inside the section whose heading is `parent` (all of them without a parent). */
function within(headings: Heading[], parent: Heading | undefined): Heading[] {
  if (!parent) return headings;
  const after = headings.slice(parent.index + 1);
  const end = after.findIndex((h) => h.level <= parent.level);
  return end < 0 ? after : after.slice(0, end);
}

/** A quoted name cites the heading it begins (case aside): "Lists" → `## Lists`, "Users" → `## Users (auth)`. */
const named = (heading: Heading, name: string) => {
  const text = heading.text.replace(/^(?:§\s?)?\d+(?:\.\d+)*\.?\s+/, '').toLowerCase();
  return text.startsWith(name.replace(/`/g, '').toLowerCase());
};

/** GitHub's anchor of a heading. */
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');

// ---------------------------------------------------------------- citations

/** The tracked file a citation in `from` means: relative to the repository root, else to the citing file. */
function resolve(ref: string, from: string): string | null {
  const dir = path.posix.dirname(from);
  const candidates = ref.startsWith('.')
    ? [path.posix.join(dir, ref)]
    : [path.posix.normalize(ref), path.posix.join(dir, ref)];
  return candidates.find((c) => trackedSet.has(c)) ?? null;
}

/** A comment's lines as one text (so `docs/x.md "Two\n * words"` is one citation); addresses removed. */
const joined = (text: string) =>
  text
    .replace(/\r/g, '')
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s)>'"`]+/gi, ' ')
    .replace(/\n[ \t]*(?:\*(?!\/)|\/\/)?[ \t]*/g, ' ');

const DOC = /(?<![\w./<>*@-])((?:\.{1,2}\/)*[\w-]+(?:\/[\w.-]+)*\.md)\b/g;
const SECTION = /^(\s*(?:,|;|\band\b|\bor\b)?\s*)(?:§\s?(\d+(?:\.\d+)*)|"([^"\n]{1,80})")/;

export interface Problem {
  file: string;
  cites: string;
  problem: string;
}

/** Every citation of a document in one file's text, with what is wrong with it. */
export function citationProblems(file: string, text: string): Problem[] {
  const problems: Problem[] = [];
  const body = joined(text);
  const consumed: [number, number][] = [];
  for (const match of body.matchAll(DOC)) {
    const ref = match[1];
    const start = match.index!;
    let end = start + match[0].length;
    const target = resolve(ref, file);
    let parent: Heading | undefined;
    let cites = ref;
    for (let m = SECTION.exec(body.slice(end)); m; m = SECTION.exec(body.slice(end))) {
      end += m[0].length;
      cites += m[0];
      if (!target) continue;
      const headings = headingsOf(target);
      if (m[2]) {
        parent = headings.find((h) => numbered(h, m![2]));
        if (!parent) problems.push({ file, cites: `${ref} §${m[2]}`, problem: `no section §${m[2]} in ${target}` });
      } else if (!within(headings, parent).some((h) => named(h, m![3]))) {
        problems.push({
          file,
          cites: `${ref} "${m[3]}"`,
          problem: `no heading "${m[3]}" in ${target}${parent ? ` under "${parent.text}"` : ''}`,
        });
      }
    }
    consumed.push([start, end]);
    if (!target) problems.push({ file, cites: cites.trim(), problem: `${ref} is not a file of the repository` });
  }
  // a section with no document before it: in a Markdown file it is one of its own
  let rest = body;
  for (const [s, e] of consumed.reverse()) rest = rest.slice(0, s) + ' '.repeat(e - s) + rest.slice(e);
  for (const m of rest.matchAll(/§\s?(\d+(?:\.\d+)*)/g)) {
    if (file.endsWith('.md') && headingsOf(file).some((h) => numbered(h, m[1]))) continue;
    problems.push({
      file,
      cites: m[0],
      problem: file.endsWith('.md') ? `no section ${m[0]} in this file` : 'a section without its document',
    });
  }
  for (const m of text.matchAll(/\bSPEC\b(?!\.md)/g)) {
    problems.push({
      file,
      cites: text.slice(m.index!, m.index! + 20).split('\n')[0],
      problem: 'names the specification, which is not in the repository: cite docs/PRODUCT.md or docs/DECISIONS.md',
    });
  }
  return problems;
}

/** Markdown links `[text](target)` of a file that lead nowhere in the repository. */
export function linkProblems(file: string, text: string): Problem[] {
  const problems: Problem[] = [];
  for (const m of text.matchAll(/\[[^\]\n]*\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/g)) {
    const link = m[1];
    if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // https:, mailto:
    const [target, anchor] = link.split('#');
    const resolved = target ? path.posix.join(path.posix.dirname(file), decodeURI(target)) : file;
    if (!trackedSet.has(resolved) && !trackedDirs.has(resolved.replace(/\/$/, ''))) {
      problems.push({ file, cites: link, problem: `${resolved} is not in the repository` });
    } else if (anchor && resolved.endsWith('.md') && !headingsOf(resolved).some((h) => slug(h.text) === anchor)) {
      problems.push({ file, cites: link, problem: `no heading #${anchor} in ${resolved}` });
    }
  }
  return problems;
}

/** The tracked files a Markdown file links to. */
const linkedFrom = (file: string): Set<string> =>
  new Set(
    [...read(file).matchAll(/\]\(<?([^)\s>#]+)/g)]
      .map((m) => m[1])
      .filter((l) => !/^[a-z][a-z0-9+.-]*:/i.test(l))
      .map((l) => path.posix.join(path.posix.dirname(file), decodeURI(l))),
  );

const show = (problems: Problem[]) => problems.map((p) => `${p.file}: ${p.cites} — ${p.problem}`);

describe('citations of documents', () => {
  it('reads the sources and the docs', () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(sources).toContain('README.md');
  });

  it('recognises a citation and its sections (the checker itself)', () => {
    const file = 'docs/api/exams.md';
    expect(show(citationProblems('x.ts', '// see docs/api/exams.md "Stage rules"'))).toEqual([]);
    expect(
      show(citationProblems('x.ts', '/** the rule (docs/api/exams.md "Idempotency and\n * the offline queue") */')),
    ).toEqual([]);
    expect(citationProblems('x.ts', '// (docs/api/exams.md "No such heading")')).toHaveLength(1);
    expect(citationProblems('x.ts', `// (${'NOWHERE'}.md §3)`)).toHaveLength(1);
    expect(citationProblems('x.ts', '// README.md §42')).toHaveLength(1);
    expect(citationProblems('x.ts', '// as the spec says (§4)')).toHaveLength(1);
    expect(citationProblems('x.ts', `// ${'SP' + 'EC'}'s fixed 1`)).toHaveLength(1);
    expect(citationProblems(file, 'glob *.md and docs/api/<area>.md and https://example.org/a/README.md')).toEqual([]);
    expect(
      linkProblems('README.md', '[a](docs/nowhere.md) [b](https://example.org) [c](docs/API.md#errors)'),
    ).toHaveLength(1);
    expect(linkProblems('README.md', '[c](docs/API.md#no-such-heading)')).toHaveLength(1);
  });

  it('cite only files of the repository, and sections that exist in them', () => {
    const problems = sources.flatMap((file) => citationProblems(file, read(file)));
    expect(show(problems)).toEqual([]);
  });

  it('Markdown links lead to files (and headings) of the repository', () => {
    const problems = sources.filter((f) => f.endsWith('.md')).flatMap((file) => linkProblems(file, read(file)));
    expect(show(problems)).toEqual([]);
  });

  it('the README links to every document in docs/', () => {
    const linked = linkedFrom('README.md');
    const docs = tracked.filter((f) => f.startsWith('docs/') && f.endsWith('.md'));
    expect(docs.length).toBeGreaterThan(0);
    expect(docs.filter((d) => !linked.has(d))).toEqual([]);
  });
});
