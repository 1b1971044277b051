import type { TranslationMessages } from 'react-admin';
import { appEn } from '../app/en';
import { type MessageTree, merge } from '../app/nest';
import englishMessages from 'ra-language-english';

/**
 * English: react-admin's messages and our messages: the foundation's (app/en.ts) and each
 * area's (areas/<area>/en.ts, found by name).
 */
const areas = import.meta.glob<{ default: MessageTree }>('../areas/*/en.ts', { eager: true });

export default merge(
  englishMessages as unknown as MessageTree,
  appEn,
  ...Object.keys(areas)
    .sort()
    .map((file) => areas[file].default),
) as unknown as TranslationMessages;
