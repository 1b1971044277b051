import { eq, inArray } from 'drizzle-orm';
import { DEFAULT_ROLES, PERMISSIONS, ROLE } from '../../domain/permissions';
import type { Database } from '../db/client';
import { permissions, rolePermissions, roles, settings } from '../db/schema';
import { SETTING_DEFAULTS } from '../repositories/settings';

/**
 * What every installation needs, run at each start and idempotent: the
 * permission names, the default roles (created once, then the admins' to
 * edit; admin always holds every permission), and the default settings.
 */
export async function seedBase(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(permissions).values(PERMISSIONS.map((p) => ({ name: p.name, groupName: p.group }))).onConflictDoNothing();
    const allPermissions = await tx.select().from(permissions);
    const idOf = new Map(allPermissions.map((p) => [p.name, p.id]));
    for (const [name, granted] of Object.entries(DEFAULT_ROLES)) {
      const [created] = await tx.insert(roles).values({ name }).onConflictDoNothing().returning();
      if (created && granted.length) {
        await tx.insert(rolePermissions).values(granted.map((p) => ({ roleId: created.id, permissionId: idOf.get(p)! })));
      }
    }
    const [admin] = await tx.select().from(roles).where(eq(roles.name, ROLE.admin));
    await tx.insert(rolePermissions).values(allPermissions.map((p) => ({ roleId: admin.id, permissionId: p.id }))).onConflictDoNothing();
    await tx.insert(settings).values(Object.entries(SETTING_DEFAULTS).map(([key, value]) => ({ key, value }))).onConflictDoNothing();
  });
}

export async function roleIdsByName(db: Database, names: string[]) {
  const rows = await db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.name, names));
  return new Map(rows.map((r) => [r.name, r.id]));
}
