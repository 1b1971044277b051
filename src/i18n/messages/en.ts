import type { TranslationMessages } from 'react-admin';
import { type MessageTree, merge } from '../app/nest';
import foundation from '../foundation/en';

/**
 * English: the foundation (react-admin's messages and app/en.ts, foundation/en.ts) and each area's
 * (areas/<area>/en.ts, found by name).
 */
const areas = import.meta.glob<{ default: MessageTree }>('../areas/*/en.ts', { eager: true });

export default merge(
  foundation,
  ...Object.keys(areas)
    .sort()
    .map((file) => areas[file].default),
) as unknown as TranslationMessages;
