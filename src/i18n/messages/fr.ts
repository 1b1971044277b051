import type { TranslationMessages } from 'react-admin';
import { appFr } from '../app/fr';
import { type MessageTree, merge } from '../app/nest';
import { frenchMessages } from '../ra/fr';

/**
 * French: the react-admin base (src/i18n/ra/fr.ts) and our messages: the foundation's (app/fr.ts) and each
 * area's (areas/<area>/fr.ts, found by name).
 */
const areas = import.meta.glob<{ default: MessageTree }>('../areas/*/fr.ts', { eager: true });

export default merge(
  frenchMessages as unknown as MessageTree,
  appFr,
  ...Object.keys(areas)
    .sort()
    .map((file) => areas[file].default),
) as unknown as TranslationMessages;
