import fs from 'node:fs';
import path from 'node:path';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Empty, ListNoResults, ResourceContextProvider, useGetResourceLabel, useTranslate } from 'react-admin';
import { flatten } from '../../src/i18n/app/nest';
import ar from '../../src/i18n/messages/ar';
import { inAdmin } from './helpers';

/**
 * Every resource's list title and empty-list messages, in Arabic, as react-admin 5.15 makes them:
 * the title is `resources.<r>.page.list`, else `ra.page.list` with the label for 2
 * (useListController), which Arabic would say in the dual («نشاطان»); the empty list
 * (<Empty>) and the list without results (<ListNoResults>) put the label for 0 into
 * `ra.page.empty` / `ra.navigation.no_results` / `no_filtered_results`. None may show a dual,
 * a negation inside the quotes («لا نتائج»), an English fallback («Examguests») or a placeholder.
 */
const SRC = path.resolve(__dirname, '../../src');
const sources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });

/** The resources of the console: <Resource name>, <List resource>, <ResourceContextProvider value>. */
const RESOURCES = [
  ...new Set(
    sources(SRC).flatMap((file) =>
      [
        ...fs
          .readFileSync(file, 'utf8')
          .matchAll(/(?:<Resource\s+name|\bresource|<ResourceContextProvider\s+value)=["']([a-zA-Z]+)["']/g),
      ].map((m) => m[1]),
    ),
  ),
].sort();

const messages = flatten(ar);
const forms = (resource: string) => (messages[`resources.${resource}.name`] ?? '').split('||||').map((f) => f.trim());
/** Every resource's dual (form 2 of six): none may reach a title or an empty message. */
const DUALS = [...new Set(RESOURCES.map((r) => forms(r)[2]).filter(Boolean))];

/** What react-admin writes for a resource: the list's default title, and its label for 0. */
const Title = ({ resource }: { resource: string }) => {
  const translate = useTranslate();
  const getResourceLabel = useGetResourceLabel();
  // ra-core useListController's defaultTitle
  const title = translate(`resources.${resource}.page.list`, {
    _: translate('ra.page.list', { name: getResourceLabel(resource, 2) }),
  });
  return <h1>{title}</h1>;
};

const Probe = ({ resource }: { resource: string }) => (
  <ResourceContextProvider value={resource}>
    <section data-testid={resource}>
      <Title resource={resource} />
      <div data-testid="empty">
        <Empty />
      </div>
      <div data-testid="no-results">
        <ListNoResults resource={resource} filterValues={{}} setFilters={() => undefined} />
      </div>
      <div data-testid="no-filtered-results">
        <ListNoResults resource={resource} filterValues={{ q: 'x' }} setFilters={() => undefined} />
      </div>
    </section>
  </ResourceContextProvider>
);

describe('list titles and empty lists in Arabic, for every resource', () => {
  it('finds the resources of the console', () => {
    expect(RESOURCES).toEqual(expect.arrayContaining(['activities', 'examGuests', 'schools', 'scores', 'users']));
    expect(RESOURCES.length).toBeGreaterThan(30);
  });

  it('names every resource in six forms whose zero is a definite plural (not a singular, not «لا …»)', () => {
    const wrong = RESOURCES.filter((r) => {
      const f = forms(r);
      return f.length !== 6 || f[0] === f[1] || f[0].startsWith('لا ') || !/(^|\s)ال/.test(f[0]);
    });
    expect(wrong).toEqual([]);
  });

  it('renders each title and empty message as a whole sentence: no dual, no «لا» in quotes, no English', async () => {
    render(
      await inAdmin(
        <>
          {RESOURCES.map((r) => (
            <Probe key={r} resource={r} />
          ))}
        </>,
        { locale: 'ar' },
      ),
    );
    const problems: string[] = [];
    for (const resource of RESOURCES) {
      const section = within(screen.getByTestId(resource));
      const zero = forms(resource)[0];
      const title = section.getByRole('heading', { level: 1 }).textContent ?? '';
      const empty = section.getByTestId('empty').textContent ?? '';
      const noResults = section.getByTestId('no-results').textContent ?? '';
      const noFiltered = section.getByTestId('no-filtered-results').textContent ?? '';
      const texts = { title, empty, noResults, noFiltered };
      if (title !== messages[`resources.${resource}.page.list`]) problems.push(`${resource}: title ${title}`);
      if (!/(^|\s)ال/.test(title)) problems.push(`${resource}: title is not definite: ${title}`);
      if (!empty.startsWith(`لا يوجد شيء في «${zero}» بعد.`)) problems.push(`${resource}: empty ${empty}`);
      if (!noResults.includes(`لا توجد نتائج في «${zero}».`)) problems.push(`${resource}: no results ${noResults}`);
      if (!noFiltered.includes(`لا نتائج في «${zero}» تطابق عوامل التصفية الحالية.`))
        problems.push(`${resource}: no filtered results ${noFiltered}`);
      for (const [what, text] of Object.entries(texts)) {
        const shown = what === 'noFiltered' ? text.replace(messages['ra.navigation.clear_filters'], '') : text;
        if (/[A-Za-z]/.test(shown)) problems.push(`${resource}: ${what} has Latin letters: ${shown}`);
        if (shown.includes('%{')) problems.push(`${resource}: ${what} has a placeholder: ${shown}`);
        if (shown.includes('«لا')) problems.push(`${resource}: ${what} negates inside the quotes: ${shown}`);
        const spaced = ` ${shown.replace(/[«».،:]/g, ' ').replace(/\s+/g, ' ')} `;
        const dual = DUALS.find((d) => spaced.includes(` ${d} `));
        if (dual) problems.push(`${resource}: ${what} says the dual «${dual}»: ${shown}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
