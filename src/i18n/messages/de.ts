import type { TranslationMessages } from 'react-admin';
import { type MessageTree, merge } from '../app/nest';
import foundation from '../foundation/de';

/**
 * German: the foundation (react-admin's messages and app/de.ts, foundation/de.ts) and each area's
 * (areas/<area>/de.ts, found by name).
 */
const areas = import.meta.glob<{ default: MessageTree }>('../areas/*/de.ts', { eager: true });

export default merge(
  foundation,
  ...Object.keys(areas)
    .sort()
    .map((file) => areas[file].default),
) as unknown as TranslationMessages;
