import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RowsOrCards } from '../../src/components/RowsOrCards';
import { SectionCard } from '../../src/components/SectionCard';
import { inAdmin } from './helpers';

/**
 * The list sections of the profile and the course page (src/components/SectionCard.tsx, RowsOrCards.tsx): each
 * state of the load, and the same columns and actions as a table on a desktop and as cards on a phone.
 */
interface Row {
  id: number;
  name: string;
  city: string;
}
const rows: Row[] = [
  { id: 1, name: 'Drawing A', city: 'Cairo' },
  { id: 2, name: 'Stories 1', city: 'Giza' },
];
const Rows = () => (
  <RowsOrCards
    label="Groups"
    rows={rows}
    rowKey={(row) => row.id}
    columns={[
      { label: 'Name', value: (row) => row.name },
      { label: 'City', value: (row) => row.city },
    ]}
    actions={(row) => <button type="button">Open {row.name}</button>}
    selected={(row) => row.id === 2}
  />
);
const section = (props: Partial<Parameters<typeof SectionCard>[0]>) => (
  <SectionCard title="Groups" emptyText="No groups yet" {...props}>
    <Rows />
  </SectionCard>
);

/** A phone-sized screen: MUI's media queries for "below sm" match. */
const onPhone = () =>
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );

afterEach(() => vi.restoreAllMocks());

describe('a list section', () => {
  it('while it loads: a heading and a spinner (react-admin shows it after a second), no rows', async () => {
    render(await inAdmin(section({ isPending: true, empty: true })));
    expect(screen.getByRole('heading', { level: 2, name: 'Groups' })).toBeInTheDocument();
    expect(await screen.findByRole('progressbar', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('when the load fails: the translated error instead of the rows', async () => {
    render(await inAdmin(section({ error: new Error('ra.notification.http_error'), empty: true }), { locale: 'ar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('خطأ في الاتصال بالخادم');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('No groups yet')).toBeNull();
  });

  it('when the list is empty: a sentence that says so', async () => {
    render(await inAdmin(section({ empty: true })));
    expect(screen.getByText('No groups yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('on a desktop: a table named like the section, a column each and the actions last', async () => {
    render(await inAdmin(section({})));
    const table = screen.getByRole('table', { name: 'Groups' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'City', '']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Drawing A', 'Cairo', 'Open Drawing A']);
    expect(second).toHaveClass('Mui-selected');
  });

  it('on a phone: a card each, headed by the first column, with the other fields and the actions', async () => {
    onPhone();
    render(await inAdmin(section({})));
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Groups' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByRole('heading', { level: 3, name: 'Drawing A' })).toBeInTheDocument();
    expect(within(cards[0]).getByText('City')).toBeInTheDocument();
    expect(within(cards[0]).getByText('Cairo')).toBeInTheDocument();
    expect(within(cards[1]).getByRole('button', { name: 'Open Stories 1' })).toBeInTheDocument();
  });
});
