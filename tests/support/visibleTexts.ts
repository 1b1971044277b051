/**
 * What a reader meets on a page: every text, and every accessible name, description and hint (aria-label, title,
 * placeholder, alt), each trimmed. Hidden inputs' values are not read.
 */
export const visibleTexts = (root: ParentNode = document.body): string[] => {
  const texts: string[] = [];
  const walker = document.createTreeWalker(root as Node, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent && ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
    const text = node.textContent?.trim();
    if (text) texts.push(text);
  }
  for (const el of Array.from((root as Element).querySelectorAll?.('*') ?? [])) {
    for (const attribute of ['aria-label', 'title', 'placeholder', 'alt', 'aria-valuetext']) {
      const value = el.getAttribute(attribute)?.trim();
      if (value) texts.push(value);
    }
  }
  return texts;
};

/** MUI's built-in English texts (its components' defaults when no locale pack is in the theme). */
export const ENGLISH_MUI_DEFAULTS: RegExp[] = [
  /\bGo to (first|last|next|previous) page\b/,
  /\bGo to page\b/,
  /\bRows per page\b/,
  /^\d+(\.\d+)? Stars?$/,
  /^Empty$/,
  /^(Open|Close|Clear)$/,
  /^No options$/,
  /^Loading…$/,
  /^Show path$/,
  /^pagination navigation$/,
  /^\d+–\d+ of (\d+|more than \d+)$/,
];

/** An identifier as the code writes it (admin_approve, import_students, access_neomi), not a word for a reader. */
export const RAW_CODE = /^[a-z]+(_[a-z0-9]+)+$/;

/** Arabic-Indic digits, which the product does not write (docs/DECISIONS.md "Latin digits in every language"). */
export const ARABIC_INDIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/;

/** The texts that break a rule: English MUI defaults, raw codes, Arabic-Indic digits. */
export const offendingTexts = (texts: string[]) =>
  texts.filter(
    (t) => ENGLISH_MUI_DEFAULTS.some((rule) => rule.test(t)) || RAW_CODE.test(t) || ARABIC_INDIC_DIGITS.test(t),
  );
