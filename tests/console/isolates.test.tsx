import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { RecordContextProvider } from 'react-admin';
import { DecisionField } from '../../src/resources/seatRequests/SeatStatusField';
import { formatDate } from '../../domain/format';
import { inAdmin } from './helpers';

/**
 * A cell that joins a status, a name and a date isolates each part (<bdi>): in Arabic, "declined · Nadia Admin ·
 * 21/11/2026" otherwise renders with the date split around the Latin name (the Unicode bidi algorithm joins the
 * Latin name and the digits into one left-to-right run).
 */
const parts = (cell: Element) => Array.from(cell.querySelectorAll('bdi')).map((b) => b.textContent);

describe('mixed-direction cells', () => {
  it("a seat request's decision: status, name and date each in an isolate, in Arabic", async () => {
    const record = {
      id: 1,
      status: 2,
      region_status: 1,
      region_decided_by_name: 'Nadia Admin',
      region_decided_at: '2026-11-21T10:00:00Z',
      region_note: 'OK لهذا العام',
    };
    render(
      await inAdmin(
        <div data-testid="cell">
          <RecordContextProvider value={record}>
            <DecisionField step="region" />
          </RecordContextProvider>
        </div>,
        { locale: 'ar' },
      ),
    );
    const cell = await screen.findByTestId('cell');
    await screen.findByText('Nadia Admin');
    const day = formatDate(record.region_decided_at, 'ar');
    expect(day.replace(/\u200f/g, '')).toBe('21/11/2026');
    expect(parts(cell)).toEqual(['مقبول', 'Nadia Admin', day, 'OK لهذا العام']);
    // outside the isolates only the separators
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    const loose: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if (!node.parentElement?.closest('bdi')) loose.push(node.textContent ?? '');
    expect(loose.filter((t) => !/^[\s·]*$/.test(t))).toEqual([]);
  });
});
