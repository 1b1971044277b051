import { SHORT_TEXT_LENGTH } from './codes';

/*
 * Short texts (a course's description in a list, a feedback, a lesson activity's description) show their first
 * SHORT_TEXT_LENGTH (130) characters and a way to read the rest (docs/PRODUCT.md §9 "Texts";
 * src/components/ShortText.tsx).
 */

const graphemes = (text: string): string[] =>
  typeof Intl.Segmenter === 'function'
    ? Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text), (s) => s.segment)
    : Array.from(text);

/**
 * The text cut to `limit` characters as a reader counts them (a letter with its marks, an emoji: one), without the
 * spaces the cut leaves at its end; `cut` says whether anything was left out.
 */
export function cutShortText(text: string, limit: number = SHORT_TEXT_LENGTH): { shown: string; cut: boolean } {
  const chars = graphemes(text);
  if (chars.length <= limit) return { shown: text, cut: false };
  return { shown: chars.slice(0, limit).join('').trimEnd(), cut: true };
}
