import type { TranslationMessages } from 'react-admin';
import { appFr } from '../app/fr';
import { type MessageTree, merge } from '../app/nest';
import { frenchMessages } from '../ra/fr';

/** French: the react-admin base (src/i18n/ra/fr.ts) and our messages. */
export default merge(frenchMessages as unknown as MessageTree, appFr) as unknown as TranslationMessages;
