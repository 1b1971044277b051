import type { TranslationMessages } from 'react-admin';
import { appAr } from '../app/ar';
import { type MessageTree, merge } from '../app/nest';
import { arabicMessages } from '../ra/ar';

/**
 * Arabic: our react-admin base (src/i18n/ra/ar.ts) and our messages: the foundation's (app/ar.ts) and each
 * area's (areas/<area>/ar.ts, found by name).
 */
const areas = import.meta.glob<{ default: MessageTree }>('../areas/*/ar.ts', { eager: true });

export default merge(
  arabicMessages as unknown as MessageTree,
  appAr,
  ...Object.keys(areas)
    .sort()
    .map((file) => areas[file].default),
) as unknown as TranslationMessages;
