import { errorOut } from '../schemas';

// The schools area's shared error answers; its response schemas are in domain/schemas/schools.ts.

/** Errors a schools call may answer with, beyond the signed-in ones. */
export const conflictErrors = { 409: errorOut };
