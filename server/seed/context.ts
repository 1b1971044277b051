import type { RoleName } from '../../domain/permissions';
import type { FileStorage } from '../adapters/storage';

/**
 * What the core demo data created (server/seed/demo.ts), for each area's demo data to build on. Its own module so
 * that the areas' seeders and demo.ts, which calls them, both import it without an import circle.
 */
export interface DemoContext {
  /** user id of each demo account, by role */
  accounts: Map<RoleName, number>;
  regionId: number;
  /** Nile Creative School (the school admin's and the teacher's) and Delta Future School */
  schoolIds: [number, number];
  /** the demo family's children: Yousef (Nile school) and Laila (Delta school) */
  childIds: [number, number];
  /** where demo pictures go (the server's storage); absent in the tests' template, which has none */
  storage?: FileStorage;
}
