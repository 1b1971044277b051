import type { FamilyPath } from './familyPaths';

/**
 * Starts the download of the family page's own chunk (and, through vite's preloads, its parts) beside the family
 * app's, rather than once the app has rendered down to it (src/routes.tsx ProfilePage, FamilyApp.tsx
 * StudentDetailsPage import the same modules). A module of its own, imported by main.tsx for a family's first load
 * only, importing nothing of main.tsx's: the list of those parts stays out of the chunk every page loads.
 */
export const preloadFamilyPage = (page: FamilyPath): Promise<unknown> =>
  page === '/profile'
    ? import('../custom-pages/profile/ProfilePage')
    : import('../custom-pages/student-details/StudentDetailsPage');
