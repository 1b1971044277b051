import { appDe } from '../app/de';
import { type MessageTree, merge } from '../app/nest';
import { germanMessages } from '../ra/de';

/**
 * German: the messages every page needs, react-admin's (src/i18n/ra/) and the foundation's (app/de.ts), without
 * the areas' (areas/<area>/de.ts). The public pages start with these and the areas they name
 * (src/publicPaths.ts PUBLIC_PAGE_AREAS); the console loads them all (messages/de.ts).
 */
export default merge(germanMessages as unknown as MessageTree, appDe);
