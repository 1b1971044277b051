/*
 * What the public pages' forms (the kit order, the published forms; docs/api/public.md) share without zod: the
 * browser's kit order page needs these as it opens, and zod with the schemas (domain/schemas/public.ts, which
 * re-exports them) only once a form is judged (docs/PERFORMANCE.md "Phone").
 */
import type { LocalizedText } from './schemas/public';

/**
 * The honeypot: a field people never see (it is off screen and skipped by
 * the keyboard) but form-filling robots do. A send with it filled is
 * answered like a good one and nothing is stored or mailed.
 */
export const HONEYPOT_FIELD = 'website';

/** The kit order's fields in the form's order (the console, the confirmation and the mail list them so). */
export const KIT_ORDER_FIELDS = [
  'email',
  'entity',
  'kits_no',
  'contact_name',
  'phone_number',
  'address',
  'comment',
] as const;
export type KitOrderField = (typeof KIT_ORDER_FIELDS)[number];

/** A localized text in a locale, English standing in for a missing German or French one. */
export const inLocale = (text: Partial<LocalizedText> | null | undefined, locale: string): string => {
  if (!text) return '';
  return (text as Record<string, string | undefined>)[locale] || text.en || text.ar || '';
};
