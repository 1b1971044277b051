import type { TranslationMessages } from 'react-admin';
import { type MessageTree, merge } from '../app/nest';
import foundation from '../foundation/ar';

/**
 * Arabic: the foundation (react-admin's messages and app/ar.ts, foundation/ar.ts) and each area's
 * (areas/<area>/ar.ts, found by name).
 */
const areas = import.meta.glob<{ default: MessageTree }>('../areas/*/ar.ts', { eager: true });

export default merge(
  foundation,
  ...Object.keys(areas)
    .sort()
    .map((file) => areas[file].default),
) as unknown as TranslationMessages;
