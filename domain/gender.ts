/**
 * Texts addressed to (or about) a person in their grammatical gender: one
 * rule for the console (src/i18n/gender.tsx) and the server's documents
 * (domain/texts). A message key may have variants `<key>_female` and
 * `<key>_male`; the person's gender (domain/codes.ts GENDER: 1 male, 2
 * female) picks the variant, and the key itself is the text when there is no
 * variant or the gender is not known (docs/GLOSSARY.md "Gender").
 */
const GENDER_SUFFIX: Readonly<Record<number, '_male' | '_female'>> = { 1: '_male', 2: '_female' };

/** The keys to try for a person of this gender, the gendered variant first. */
export const genderedKeys = (key: string, gender: number | null | undefined): string[] => {
  const suffix = gender === null || gender === undefined ? undefined : GENDER_SUFFIX[gender];
  return suffix ? [`${key}${suffix}`, key] : [key];
};

/** True for a variant key (`…_female`, `…_male`). */
export const isGenderVariant = (key: string): boolean => /_(female|male)$/.test(key);
