import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { RoleKey } from '../../domain/permissions';
import type { Executor } from '../db/client';
import { accessTokens, permissions, rolePermissions, roles, userPermissions, userRoles, users } from '../db/schema';
import { sha256 } from '../services/secrets';
import { touchToken, type TokenPolicy } from './tokens';

/** The signed-in user as every route sees it. */
export interface Actor {
  id: number;
  name: string;
  type: number;
  regionId: number | null;
  schoolId: number | null;
  /**
   * The fixed keys of the built-in roles the actor holds (ROLE: 'admin',
   * 'region_admin'...), what scope and rules test; never the roles' names,
   * which admins edit. Custom roles count only through their permissions.
   */
  roles: RoleKey[];
  /** effective permission names: from roles and direct */
  permissions: Set<string>;
  tokenId: number;
}

/**
 * A user's roles, direct permissions and effective permissions, in one
 * query: each row says whether it is a role, a permission from a role, or a
 * direct permission.
 */
export async function rolesAndPermissionsOf(db: Executor, userId: number) {
  const rows = await db
    .select({
      kind: sql<'role' | 'granted' | 'direct'>`'role'`.as('kind'),
      roleId: sql<number | null>`${roles.id}`.as('role_id'),
      key: sql<string | null>`${roles.key}`.as('role_key'),
      name: roles.name,
    })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .unionAll(
      db
        .select({
          kind: sql<'granted'>`'granted'`.as('kind'),
          roleId: sql<null>`null::integer`.as('role_id'),
          key: sql<null>`null::varchar`.as('role_key'),
          name: permissions.name,
        })
        .from(rolePermissions)
        .innerJoin(userRoles, eq(userRoles.roleId, rolePermissions.roleId))
        .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
        .where(eq(userRoles.userId, userId)),
    )
    .unionAll(
      db
        .select({
          kind: sql<'direct'>`'direct'`.as('kind'),
          roleId: sql<null>`null::integer`.as('role_id'),
          key: sql<null>`null::varchar`.as('role_key'),
          name: permissions.name,
        })
        .from(userPermissions)
        .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
        .where(eq(userPermissions.userId, userId)),
    );
  const roleRows = rows.filter((r) => r.kind === 'role');
  const permissionRows = rows.filter((r) => r.kind !== 'role');
  return {
    roleIds: roleRows.map((r) => Number(r.roleId)),
    /** the roles' names, for display */
    roles: roleRows.map((r) => r.name).sort(),
    /** the built-in roles' fixed keys */
    roleKeys: roleRows.flatMap((r) => (r.key ? [r.key as RoleKey] : [])).sort(),
    direct: permissionRows
      .filter((p) => p.kind === 'direct')
      .map((p) => p.name)
      .sort(),
    permissions: [...new Set(permissionRows.map((p) => p.name))].sort(),
  };
}

/**
 * The one statement behind every signed-in request: the live token (this
 * hash, not revoked, before its expiry, used within the idle window), its
 * active user, the user's built-in role keys and effective permission names.
 * Prepared once per database handle: built once, planned once per connection.
 */
function prepareActorQuery(db: Executor) {
  return db
    .select({
      tokenId: accessTokens.id,
      lastUsedAt: accessTokens.lastUsedAt,
      id: users.id,
      name: users.name,
      type: users.type,
      regionId: users.regionId,
      schoolId: users.schoolId,
      roleKeys: sql<string[]>`array(
      select ${roles.key} from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
      where ${userRoles.userId} = ${users.id} and ${roles.key} is not null order by 1)::text[]`,
      permissions: sql<string[]>`array(
      select ${permissions.name} from ${rolePermissions}
        join ${userRoles} on ${userRoles.roleId} = ${rolePermissions.roleId}
        join ${permissions} on ${permissions.id} = ${rolePermissions.permissionId}
        where ${userRoles.userId} = ${users.id}
      union
      select ${permissions.name} from ${userPermissions} join ${permissions} on ${permissions.id} = ${userPermissions.permissionId}
        where ${userPermissions.userId} = ${users.id})::text[]`,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(
      and(
        eq(accessTokens.tokenHash, sql.placeholder('hash')),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, sql`now()`),
        gt(accessTokens.lastUsedAt, sql.placeholder('idleSince')),
        eq(users.removed, 0),
      ),
    )
    .prepare('actor_for_token');
}

const actorQueries = new WeakMap<Executor, ReturnType<typeof prepareActorQuery>>();

/** The actor behind a bearer token: null when the token is not live or its user is gone or deactivated. */
export async function actorForToken(db: Executor, token: string, policy: TokenPolicy): Promise<Actor | null> {
  let query = actorQueries.get(db);
  if (!query) actorQueries.set(db, (query = prepareActorQuery(db)));
  const [row] = await query.execute({ hash: sha256(token), idleSince: new Date(Date.now() - policy.idleMs) });
  if (!row) return null;
  await touchToken(db, row.tokenId, row.lastUsedAt);
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    regionId: row.regionId,
    schoolId: row.schoolId,
    roles: row.roleKeys as RoleKey[],
    permissions: new Set(row.permissions),
    tokenId: row.tokenId,
  };
}
