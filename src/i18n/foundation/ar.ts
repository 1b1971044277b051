import { appAr } from '../app/ar';
import { type MessageTree, merge } from '../app/nest';
import { arabicMessages } from '../ra/ar';

/**
 * Arabic: the messages every page needs, react-admin's (src/i18n/ra/) and the foundation's (app/ar.ts), without
 * the areas' (areas/<area>/ar.ts). The public pages start with these and the areas they name
 * (src/publicPaths.ts PUBLIC_PAGE_AREAS); the console loads them all (messages/ar.ts).
 */
export default merge(arabicMessages as unknown as MessageTree, appAr);
