import { ROLE } from '../../domain/permissions';

/**
 * The demo accounts: one per built-in role, all with one password. The one
 * list that the seed creates (seed/demo.ts), `npm start` prints, the browser
 * tests sign in as (tests/e2e/support/harness.ts) and the README's table
 * shows (tests/repo/demo-accounts.test.ts holds the README to it). Pure data,
 * so the tests import it without the server.
 */
export const DEMO_PASSWORD = 'demo1234';

export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.test', role: ROLE.admin, name: 'Nadia Admin' },
  { email: 'region@demo.test', role: ROLE.regionAdmin, name: 'Rami Region' },
  { email: 'school@demo.test', role: ROLE.schoolAdmin, name: 'Salma School' },
  { email: 'teacher@demo.test', role: ROLE.teacher, name: 'Tarek Teacher' },
  // the family account (the student role): Yousef's and Laila's parent
  { email: 'family@demo.test', role: ROLE.student, name: 'Fatima Family' },
  { email: 'marker@demo.test', role: ROLE.marker, name: 'Mona Marker' },
] as const;

export type DemoAccount = (typeof DEMO_ACCOUNTS)[number];
/** The role of a demo account: 'admin' | 'region_admin' | 'admin_school' | 'teacher' | 'student' | 'marker'. */
export type DemoRole = DemoAccount['role'];

/** The demo account holding `role`. */
export const demoAccount = (role: DemoRole): DemoAccount => DEMO_ACCOUNTS.find((a) => a.role === role)!;
