import { appEn } from '../app/en';
import { type MessageTree, merge } from '../app/nest';
import englishMessages from 'ra-language-english';

/**
 * English: the messages every page needs, react-admin's (src/i18n/ra/) and the foundation's (app/en.ts), without
 * the areas' (areas/<area>/en.ts). The public pages start with these and the areas they name
 * (src/publicPaths.ts PUBLIC_PAGE_AREAS); the console loads them all (messages/en.ts).
 */
export default merge(englishMessages as unknown as MessageTree, appEn);
