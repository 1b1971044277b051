import type { TranslationMessages } from 'react-admin';
import { appDe } from '../app/de';
import { type MessageTree, merge } from '../app/nest';
import { germanMessages } from '../ra/de';

/**
 * German: our react-admin base (src/i18n/ra/de.ts) and our messages: the foundation's (app/de.ts) and each
 * area's (areas/<area>/de.ts, found by name).
 */
const areas = import.meta.glob<{ default: MessageTree }>('../areas/*/de.ts', { eager: true });

export default merge(
  germanMessages as unknown as MessageTree,
  appDe,
  ...Object.keys(areas)
    .sort()
    .map((file) => areas[file].default),
) as unknown as TranslationMessages;
