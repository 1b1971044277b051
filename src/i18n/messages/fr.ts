import type { TranslationMessages } from 'react-admin';
import { type MessageTree, merge } from '../app/nest';
import foundation from '../foundation/fr';

/**
 * French: the foundation (react-admin's messages and app/fr.ts, foundation/fr.ts) and each area's
 * (areas/<area>/fr.ts, found by name).
 */
const areas = import.meta.glob<{ default: MessageTree }>('../areas/*/fr.ts', { eager: true });

export default merge(
  foundation,
  ...Object.keys(areas)
    .sort()
    .map((file) => areas[file].default),
) as unknown as TranslationMessages;
