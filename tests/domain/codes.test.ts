import { describe, expect, it } from 'vitest';
import { AGE_GROUPS, BADGES, codeIds, COUNTRIES, COUNTRY_OTHER, DAYS, isBadgeShown } from '../../domain/codes';

describe('codes of docs/PRODUCT.md §4 and §9', () => {
  it('shows a badge only above 1 (1 means no evaluation)', () => {
    expect([undefined, null, 0, 1].map(isBadgeShown)).toEqual([false, false, false, false]);
    expect([2, 3, 4, 5].map(isBadgeShown)).toEqual([true, true, true, true]);
    expect(codeIds(BADGES)).toEqual([1, 2, 3, 4, 5]);
  });

  it('lists the age groups with 5 for all ages, days Sunday to Saturday, and "other" as the last country', () => {
    expect(codeIds(AGE_GROUPS)).toEqual([1, 2, 3, 4, 5]);
    expect(DAYS.map((d) => d.labelKey.split('.').pop())).toEqual(['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']);
    expect(codeIds(COUNTRIES).at(-1)).toBe(COUNTRY_OTHER);
  });
});
