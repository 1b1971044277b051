import { afterEach, describe, expect, it } from 'vitest';
import { calendarDay } from '../../src/components/calendarDay';

describe("calendarDay: a stored day (birth date, course dates) in the reader's language", () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('writes the day stored, also in a browser west of Greenwich', () => {
    process.env.TZ = 'America/Montreal';
    // what the profile and the student page wrote before: the day before
    expect(new Date('2018-03-01').toLocaleDateString('en-US')).toBe('2/28/2018');
    expect(calendarDay('2018-03-01', 'en-US')).toBe('3/1/2018');
    expect(calendarDay('2018-03-01', 'fr')).toBe('01/03/2018');
    expect(calendarDay('2018-03-01', 'de')).toBe('1.3.2018');
  });

  it('reads the day of a full timestamp and writes nothing for no day or a wrong one', () => {
    process.env.TZ = 'Asia/Riyadh';
    expect(calendarDay('2018-03-01T00:00:00.000Z', 'en-US')).toBe('3/1/2018');
    expect(calendarDay(null, 'ar')).toBe('');
    expect(calendarDay('', 'ar')).toBe('');
    expect(calendarDay('not a day', 'ar')).toBe('');
  });
});
