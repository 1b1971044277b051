import { describe, expect, it } from 'vitest';
import { indexDictionary } from '../../domain/scoring';
import { DEMO_CATEGORY_SETS, DEMO_SET_OF_QUESTION } from '../../server/seed/scoring';

describe('demo dictionary', () => {
  it('keeps one normalised form in one subcategory per set, as the database requires', () => {
    for (const set of DEMO_CATEGORY_SETS) {
      const words = Object.entries(set.categories).flatMap(([category, subs]) =>
        Object.entries(subs).flatMap(([subcategory, byLanguage]) =>
          Object.values(byLanguage)
            .flat()
            .map((word) => ({ word: word as string, category, subcategory })),
        ),
      );
      expect(() => indexDictionary(words), set.code).not.toThrow();
      expect(indexDictionary(words).size).toBe(words.length);
    }
  });

  it('has a set for every sample word question (2 exam types × 3 challenges), each with codes that exist', () => {
    const codes = new Set(DEMO_CATEGORY_SETS.map((s) => s.code));
    const wanted = Object.values(DEMO_SET_OF_QUESTION).flatMap((byChallenge) => Object.values(byChallenge));
    expect(wanted).toHaveLength(6);
    for (const code of wanted) expect(codes.has(code), code).toBe(true);
  });
});
