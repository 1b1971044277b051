import type { ContentLocale } from '../../../domain/codes';

/**
 * Column headers and status names of the public area's spreadsheets, in the
 * language the admin asked for (the console sends its locale). The console's
 * own labels are in src/i18n/areas/public; a spreadsheet is written here.
 */
const TEXT = {
  ar: {
    id: 'الرقم',
    created_at: 'التاريخ',
    email: 'البريد الإلكتروني',
    entity: 'الجهة',
    kits_no: 'عدد الحقائب',
    contact_name: 'اسم المسؤول',
    phone_number: 'رقم الهاتف',
    address: 'العنوان',
    comment: 'ملاحظات',
    locale: 'اللغة',
    status: 'الحالة',
    note: 'ملاحظة المشرف',
    handled_by_name: 'عالجه',
    handled_at: 'تاريخ المعالجة',
    new: 'جديد',
    handled: 'تمت معالجته',
    cancelled: 'ملغى',
    orders: 'طلبات الحقائب',
    answers: 'الإجابات',
  },
  en: {
    id: 'No.',
    created_at: 'Date',
    email: 'Email',
    entity: 'Entity',
    kits_no: 'Number of kits',
    contact_name: 'Contact name',
    phone_number: 'Phone number',
    address: 'Address',
    comment: 'Comment',
    locale: 'Language',
    status: 'Status',
    note: 'Admin note',
    handled_by_name: 'Handled by',
    handled_at: 'Handled on',
    new: 'New',
    handled: 'Handled',
    cancelled: 'Cancelled',
    orders: 'Kit orders',
    answers: 'Answers',
  },
  de: {
    id: 'Nr.',
    created_at: 'Datum',
    email: 'E-Mail',
    entity: 'Einrichtung',
    kits_no: 'Anzahl der Kits',
    contact_name: 'Ansprechpartner',
    phone_number: 'Telefonnummer',
    address: 'Adresse',
    comment: 'Kommentar',
    locale: 'Sprache',
    status: 'Status',
    note: 'Notiz',
    handled_by_name: 'Bearbeitet von',
    handled_at: 'Bearbeitet am',
    new: 'Neu',
    handled: 'Bearbeitet',
    cancelled: 'Storniert',
    orders: 'Kit-Bestellungen',
    answers: 'Antworten',
  },
  fr: {
    id: 'N°',
    created_at: 'Date',
    email: 'E-mail',
    entity: 'Établissement',
    kits_no: 'Nombre de kits',
    contact_name: 'Nom du contact',
    phone_number: 'Téléphone',
    address: 'Adresse',
    comment: 'Commentaire',
    locale: 'Langue',
    status: 'Statut',
    note: 'Note',
    handled_by_name: 'Traité par',
    handled_at: 'Traité le',
    new: 'Nouvelle',
    handled: 'Traitée',
    cancelled: 'Annulée',
    orders: 'Commandes de kits',
    answers: 'Réponses',
  },
} as const satisfies Record<ContentLocale, Record<string, string>>;

export type ExportWord = keyof (typeof TEXT)['en'];

export const exportText = (locale: ContentLocale | undefined) => {
  const words = TEXT[locale ?? 'ar'];
  return (word: ExportWord) => words[word];
};
