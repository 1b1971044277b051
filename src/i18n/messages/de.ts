import type { TranslationMessages } from 'react-admin';
import { appDe } from '../app/de';
import { type MessageTree, merge } from '../app/nest';
import { germanMessages } from '../ra/de';

/** German: our react-admin base (src/i18n/ra/de.ts) and our messages. */
export default merge(germanMessages as unknown as MessageTree, appDe) as unknown as TranslationMessages;
