import { and, eq, inArray, isNull } from 'drizzle-orm';
import { DEFAULT_ROLES, PERMISSIONS, ROLE } from '../../domain/permissions';
import type { Database } from './client';
import { permissions, rolePermissions, roles, settings } from './schema';
import { SETTING_DEFAULTS } from '../repositories/settings';

/**
 * What every installation needs, run at each start and idempotent: the
 * permission names, the default roles (created once, then the admins' to
 * edit; admin always holds every permission), and the default settings.
 */
export async function bootstrapDatabase(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(permissions)
      .values(PERMISSIONS.map((p) => ({ name: p.name, groupName: p.group })))
      .onConflictDoNothing();
    const allPermissions = await tx.select().from(permissions);
    const idOf = new Map(allPermissions.map((p) => [p.name, p.id]));
    for (const [key, granted] of Object.entries(DEFAULT_ROLES)) {
      if ((await tx.select({ id: roles.id }).from(roles).where(eq(roles.key, key))).length) continue;
      // an installation from before role keys: its built-in role, found by its original name
      const [named] = await tx
        .update(roles)
        .set({ key })
        .where(and(eq(roles.name, key), isNull(roles.key)))
        .returning();
      if (named) continue;
      const [created] = await tx.insert(roles).values({ name: key, key }).returning();
      if (granted.length) {
        await tx
          .insert(rolePermissions)
          .values(granted.map((p) => ({ roleId: created.id, permissionId: idOf.get(p)! })));
      }
    }
    const [admin] = await tx.select().from(roles).where(eq(roles.key, ROLE.admin));
    await tx
      .insert(rolePermissions)
      .values(allPermissions.map((p) => ({ roleId: admin.id, permissionId: p.id })))
      .onConflictDoNothing();
    await tx
      .insert(settings)
      .values(Object.entries(SETTING_DEFAULTS).map(([key, value]) => ({ key, value })))
      .onConflictDoNothing();
  });
}

/** Ids of built-in roles by their fixed key. */
export async function roleIdsByKey(db: Database, keys: string[]) {
  const rows = await db.select({ id: roles.id, key: roles.key }).from(roles).where(inArray(roles.key, keys));
  return new Map(rows.map((r) => [r.key!, r.id]));
}
