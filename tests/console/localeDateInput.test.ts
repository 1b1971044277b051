import { describe, expect, it } from 'vitest';
import { dateOrder, formatDay, parseDay } from '../../src/components/LocaleDateInput';

/** A day typed in the page language's order (src/components/LocaleDateInput.tsx), not the browser's. */
describe('LocaleDateInput', () => {
  it('writes a stored day in each locale’s order with Latin digits', () => {
    expect(formatDay('2026-12-25', 'ar')).toBe('25/12/2026');
    expect(formatDay('2026-12-25', 'fr')).toBe('25/12/2026');
    expect(formatDay('2026-12-25', 'de')).toBe('25.12.2026');
    expect(formatDay('2026-12-25', 'en')).toBe('12/25/2026');
    expect(dateOrder('ar').order).toEqual(['day', 'month', 'year']);
    // being typed: as it is
    expect(formatDay('25/1', 'ar')).toBe('25/1');
    expect(formatDay(null, 'ar')).toBe('');
  });

  it('reads a typed day in the locale’s order, Arabic-Indic digits too; anything else stays as typed', () => {
    expect(parseDay('25/12/2026', 'ar')).toBe('2026-12-25');
    expect(parseDay('٢٥/١٢/٢٠٢٦', 'ar')).toBe('2026-12-25');
    expect(parseDay('5.3.2027', 'de')).toBe('2027-03-05');
    expect(parseDay('12/25/2026', 'en')).toBe('2026-12-25');
    // not a day: kept, so the form's own check refuses it
    expect(parseDay('31/02/2026', 'ar')).toBe('31/02/2026');
    expect(parseDay('12/25/2026', 'ar')).toBe('12/25/2026');
    expect(parseDay('25/12/26', 'fr')).toBe('25/12/26');
  });
});
