import { pickLocale, textsIn, type TextLocale, type Translate } from '../../domain/texts';

/**
 * Mails in people's languages, from the domain's texts (domain/texts `mail.*`).
 * A mail leads with its recipient's language and carries every sentence in it;
 * when that language is only a guess (the mail goes to someone other than the
 * person who caused it), the whole mail follows in a second language (Arabic,
 * or English when the first is Arabic), so nobody gets a mail they cannot read.
 */

/** The language of the person making a request: the console sends its own (Accept-Language), else Arabic. */
export const requestLocale = (request: { headers: { 'accept-language'?: string } }): TextLocale =>
  pickLocale(undefined, request.headers['accept-language'], 'ar');

/** The languages of a mail: the recipient's, then (when it is a guess) the other language of the product. */
export const mailLocales = (lead: TextLocale, known: boolean): TextLocale[] =>
  known ? [lead] : [lead, lead === 'ar' ? 'en' : 'ar'];

/** The text between two languages of one mail. */
const BETWEEN = ['', '————————', ''];

/** A mail written whole in each language; its subject says it in each, the first leading. */
export const mailIn = (
  locales: readonly TextLocale[],
  write: (t: Translate, locale: TextLocale) => { subject: string; lines: string[] },
): { subject: string; text: string } => {
  const parts = locales.map((locale) => write(textsIn(locale), locale));
  return {
    subject: parts.map((part) => part.subject).join(' / '),
    text: parts.flatMap((part, i) => (i === 0 ? part.lines : [...BETWEEN, ...part.lines])).join('\n'),
  };
};
