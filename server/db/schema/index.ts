/**
 * The database schema, one file per area (drizzle-kit reads this index).
 * An area's tables live in its own file; a table of another area is imported from there.
 */
export * from './schools';
export * from './seats';
export * from './people';
export * from './access';
export * from './admin';
export * from './teaching';
export * from './activities';
export * from './exams';
export * from './public';
export * from './scoring';
export * from './marking';
export * from './reports';
