import { WORD_IMPORT_FIELDS, type WordLanguage } from './schemas/dictionary';
import type { Locale, TemplateKind } from './schools';
import { inEveryLocale, type BaseTextKey } from './texts';

/**
 * The columns of the spreadsheets people fill in and send back: the two
 * enrolment templates (docs/api/schools.md) and the dictionary import
 * (docs/api/scoring.md). The server writes a template in the user's language
 * and reads any language's headers back; the headers are texts of the domain's
 * message set (domain/texts), and `former` keeps headers of earlier versions so
 * a template downloaded before a wording change still reads.
 */
export interface TemplateField {
  field: string;
  headers: Record<Locale, string>;
  /** headers this column had before (still accepted on import) */
  former?: readonly string[];
  /**
   * 'text': a phone number or an id, kept as typed (a number cell there warns: its leading 0 is lost); 'date': a day,
   * typed DD/MM/YYYY (or a date cell). Both are text-formatted in the template, with a note on how to type them
   * (texts `template.note.text`, `template.note.date`).
   */
  kind?: 'text' | 'date';
}

const column = (
  field: string,
  key: BaseTextKey,
  former?: readonly string[],
  kind?: TemplateField['kind'],
): TemplateField => ({
  field,
  headers: inEveryLocale(key),
  ...(former ? { former } : {}),
  ...(kind ? { kind } : {}),
});

/** The birthdate headers before the template asked for DD/MM/YYYY. */
const FORMER_BIRTHDATE = [
  'تاريخ الميلاد (YYYY-MM-DD)',
  'Date of birth (YYYY-MM-DD)',
  'Geburtsdatum (JJJJ-MM-TT)',
  'Date de naissance (AAAA-MM-JJ)',
];

export const STUDENT_TEMPLATE: readonly TemplateField[] = [
  column('name', 'template.students.name'),
  column('national_id', 'template.students.national_id', ["Numéro d'identité (14 chiffres)"]),
  column('gender', 'template.students.gender', ['النوع (1 ولد، 2 بنت)', 'Sexe (1 garçon, 2 fille)']),
  column('birthdate', 'template.students.birthdate', FORMER_BIRTHDATE, 'date'),
  column('class', 'template.students.class'),
  column('mobile_no', 'template.students.mobile_no', undefined, 'text'),
];

export const TEACHER_TEMPLATE: readonly TemplateField[] = [
  column('name', 'template.teachers.name'),
  column('email', 'template.teachers.email'),
  column('gender', 'template.teachers.gender', ['النوع (1 ذكر، 2 أنثى)', 'Sexe (1 homme, 2 femme)']),
  column('mobile_no', 'template.teachers.mobile_no', undefined, 'text'),
];

export const TEMPLATES: Record<TemplateKind, readonly TemplateField[]> = {
  students: STUDENT_TEMPLATE,
  teachers: TEACHER_TEMPLATE,
};

/** The header of a template column in a language (English when unknown). */
export const templateHeader = (kind: TemplateKind, field: string, locale: string): string => {
  const found = TEMPLATES[kind].find((c) => c.field === field);
  if (!found) return field;
  return found.headers[(locale in found.headers ? locale : 'en') as Locale];
};

/**
 * Column headers of the dictionary import template in each language. The
 * template is made in the user's language; an import accepts the headers of
 * any of them (or the field names).
 */
export const WORD_IMPORT_HEADERS: Readonly<
  Record<WordLanguage, Readonly<Record<(typeof WORD_IMPORT_FIELDS)[number], string>>>
> = (() => {
  const byField = Object.fromEntries(
    WORD_IMPORT_FIELDS.map((f) => [f, inEveryLocale(`template.words.${f}` as BaseTextKey)]),
  ) as Record<(typeof WORD_IMPORT_FIELDS)[number], Record<WordLanguage, string>>;
  const inLanguage = (l: WordLanguage) =>
    Object.fromEntries(WORD_IMPORT_FIELDS.map((f) => [f, byField[f][l]])) as Record<
      (typeof WORD_IMPORT_FIELDS)[number],
      string
    >;
  return { ar: inLanguage('ar'), en: inLanguage('en'), de: inLanguage('de'), fr: inLanguage('fr') };
})();
