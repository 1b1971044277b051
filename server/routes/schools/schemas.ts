import type { Permission } from '../../../domain/permissions';
import type { Actor } from '../../auth/actor';
import { forbidden } from '../../errors';
import { errorOut } from '../schemas';

// The schools area's small shared helpers; its response schemas are in domain/schemas/schools.ts.

/** Errors a schools call may answer with, beyond the signed-in ones. */
export const conflictErrors = { 409: errorOut };

/** 403 unless the actor holds one of the permissions. */
export function requireAny(actor: Actor, permissions: readonly Permission[]): void {
  if (!permissions.some((p) => actor.permissions.has(p))) throw forbidden();
}
