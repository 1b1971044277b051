import type { ContentLocale } from '../../../domain/codes';
import { textsIn, type BaseTextKey } from '../../../domain/texts';

/**
 * Column headers and status names of the public area's spreadsheets, in the
 * language the admin asked for (the console sends its locale), from the
 * domain's document texts (domain/texts `public.*`). The console's own labels
 * are in src/i18n/areas/public.
 */
const KEYS = {
  id: 'public.column.id',
  created_at: 'public.column.created_at',
  email: 'public.column.email',
  entity: 'public.column.entity',
  kits_no: 'public.column.kits_no',
  contact_name: 'public.column.contact_name',
  phone_number: 'public.column.phone_number',
  address: 'public.column.address',
  comment: 'public.column.comment',
  locale: 'public.column.locale',
  status: 'public.column.status',
  note: 'public.column.note',
  handled_by_name: 'public.column.handled_by_name',
  handled_at: 'public.column.handled_at',
  new: 'public.status.new',
  handled: 'public.status.handled',
  cancelled: 'public.status.cancelled',
  orders: 'public.sheet.orders',
  answers: 'public.sheet.answers',
} as const satisfies Record<string, BaseTextKey>;

export type ExportWord = keyof typeof KEYS;

export const exportText = (locale: ContentLocale | undefined) => {
  const t = textsIn(locale ?? 'ar');
  return (word: ExportWord) => t(KEYS[word]);
};
