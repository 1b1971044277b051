/**
 * Rules of schools, regions and seats that both sides need: seat request
 * states and their order of decision, and the columns of the two enrolment
 * templates (with their headers in every language, since the server writes
 * the template in the user's language and reads any of them back).
 */

/** The languages a template can be written in (the console's). */
export const TEMPLATE_LOCALES = ['ar', 'en', 'de', 'fr'] as const;
export type Locale = (typeof TEMPLATE_LOCALES)[number];

/** Seat request status (codes.ts SEAT_REQUEST_STATUSES). */
export const SEAT_STATUS = { pending: 0, approved: 1, declined: 2 } as const;
export type SeatStatus = (typeof SEAT_STATUS)[keyof typeof SEAT_STATUS];

/** Who decides a request next: the region admin, then the platform admin; none once decided. */
export type SeatStage = 'region' | 'admin' | 'done';
export const seatStage = (request: { status: number; region_status: number }): SeatStage => {
  if (request.status !== SEAT_STATUS.pending) return 'done';
  return request.region_status === SEAT_STATUS.pending ? 'region' : 'admin';
};

/** Largest request: a school asks for at most this many seats at once. */
export const MAX_SEATS_PER_REQUEST = 10_000;
/** Largest bulk enrolment file. */
export const MAX_IMPORT_ROWS = 5_000;
/** At most this many students moved into a group in one call. */
export const MAX_GROUP_ASSIGNMENT = 500;

export type TemplateKind = 'students' | 'teachers';
export type ImportMode = 'check' | 'all' | 'valid';
export const IMPORT_MODES = ['check', 'all', 'valid'] as const satisfies readonly ImportMode[];

export interface TemplateField {
  field: string;
  headers: Record<Locale, string>;
}

export const STUDENT_TEMPLATE: readonly TemplateField[] = [
  { field: 'name', headers: { en: 'Name', ar: 'الاسم', de: 'Name', fr: 'Nom' } },
  {
    field: 'national_id',
    headers: {
      en: 'National id (14 digits)',
      ar: 'الرقم القومي (14 رقمًا)',
      de: 'Ausweisnummer (14 Ziffern)',
      fr: "Numéro d'identité (14 chiffres)",
    },
  },
  {
    field: 'gender',
    headers: {
      en: 'Gender (1 boy, 2 girl)',
      ar: 'النوع (1 ولد، 2 بنت)',
      de: 'Geschlecht (1 Junge, 2 Mädchen)',
      fr: 'Sexe (1 garçon, 2 fille)',
    },
  },
  {
    field: 'birthdate',
    headers: {
      en: 'Date of birth (YYYY-MM-DD)',
      ar: 'تاريخ الميلاد (YYYY-MM-DD)',
      de: 'Geburtsdatum (JJJJ-MM-TT)',
      fr: 'Date de naissance (AAAA-MM-JJ)',
    },
  },
  { field: 'class', headers: { en: 'Class', ar: 'الفصل', de: 'Klasse', fr: 'Classe' } },
  { field: 'mobile_no', headers: { en: 'Mobile number', ar: 'رقم الجوال', de: 'Mobilnummer', fr: 'Numéro de mobile' } },
];

export const TEACHER_TEMPLATE: readonly TemplateField[] = [
  { field: 'name', headers: { en: 'Name', ar: 'الاسم', de: 'Name', fr: 'Nom' } },
  { field: 'email', headers: { en: 'Email', ar: 'البريد الإلكتروني', de: 'E-Mail', fr: 'E-mail' } },
  {
    field: 'gender',
    headers: {
      en: 'Gender (1 male, 2 female)',
      ar: 'النوع (1 ذكر، 2 أنثى)',
      de: 'Geschlecht (1 männlich, 2 weiblich)',
      fr: 'Sexe (1 homme, 2 femme)',
    },
  },
  { field: 'mobile_no', headers: { en: 'Mobile number', ar: 'رقم الجوال', de: 'Mobilnummer', fr: 'Numéro de mobile' } },
];

export const TEMPLATES: Record<TemplateKind, readonly TemplateField[]> = {
  students: STUDENT_TEMPLATE,
  teachers: TEACHER_TEMPLATE,
};

/** The header of a template column in a language (English when unknown). */
export const templateHeader = (kind: TemplateKind, field: string, locale: string): string => {
  const column = TEMPLATES[kind].find((c) => c.field === field);
  if (!column) return field;
  return column.headers[(locale in column.headers ? locale : 'en') as Locale];
};
