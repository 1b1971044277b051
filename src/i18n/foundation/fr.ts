import { appFr } from '../app/fr';
import { type MessageTree, merge } from '../app/nest';
import { frenchMessages } from '../ra/fr';

/**
 * French: the messages every page needs, react-admin's (src/i18n/ra/) and the foundation's (app/fr.ts), without
 * the areas' (areas/<area>/fr.ts). The public pages start with these and the areas they name
 * (src/publicPaths.ts PUBLIC_PAGE_AREAS); the console loads them all (messages/fr.ts).
 */
export default merge(frenchMessages as unknown as MessageTree, appFr);
