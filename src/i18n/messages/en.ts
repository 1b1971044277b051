import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';
import { appEn } from '../app/en';
import { type MessageTree, merge } from '../app/nest';

/** English: react-admin's messages and ours. */
export default merge(englishMessages as unknown as MessageTree, appEn) as unknown as TranslationMessages;
