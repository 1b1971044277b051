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

/** A translate function: a message key and its arguments (`_`: the text when the key is unknown, as polyglot's). */
type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * `translate` for texts addressed to a person of this gender: each key's variant of that gender, else the key's own
 * text (its fallback). The console's react-admin pages (src/i18n/gender.tsx) and its light pages (src/signin/) both
 * translate through it.
 */
export const translateGendered =
  (translate: Translate, gender: number | null | undefined): Translate =>
  (key, options = {}) => {
    const keys = genderedKeys(key, gender);
    // the base key's text is the fallback of its variant
    return keys
      .slice(0, -1)
      .reduceRight(
        (fallback, variant) => translate(variant, { ...options, _: fallback }),
        translate(keys[keys.length - 1], options),
      );
  };
