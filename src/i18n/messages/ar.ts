import type { TranslationMessages } from 'react-admin';
import { appAr } from '../app/ar';
import { type MessageTree, merge } from '../app/nest';
import { arabicMessages } from '../ra/ar';

/** Arabic: our react-admin base (src/i18n/ra/ar.ts) and our messages. */
export default merge(arabicMessages as unknown as MessageTree, appAr) as unknown as TranslationMessages;
