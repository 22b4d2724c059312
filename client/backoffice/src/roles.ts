// What a staff role may do in the console, read from the server's role table (sent with sign-in and
// `auth/me`), never written here: a role or permission changed on the server changes the console too.

import type { Permission, StaffRole } from '../../../src/domain/staff.ts';
import type { RoleTableEntry } from '../../../src/http/admin/auth.ts';

export type RoleTable = readonly RoleTableEntry[];

export function roleAllows(table: RoleTable, role: StaffRole, permission: Permission): boolean {
  return table.some((entry) => entry.role === role && entry.permissions.includes(permission));
}

/** The roles that hold `permission` in words, fewest permissions first: "any role", "finance or admin". */
export function rolesHolding(table: RoleTable, permission: Permission): string {
  const holders = table.filter((entry) => entry.permissions.includes(permission)).map((entry) => entry.role);
  if (holders.length > 0 && holders.length === table.length) return 'any role';
  return holders.reverse().join(' or ') || 'no role';
}
