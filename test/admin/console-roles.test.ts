// The back office decides what to show from the server's role table, served with sign-in and
// `auth/me` (src/http/admin/auth.ts, `roleTable`), never from a copy of its own.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { roleAllows, rolesHolding } from '../../client/backoffice/src/roles.ts';
import { PERMISSIONS, ROLE_PERMISSIONS, rolesWith, STAFF_ROLES } from '../../src/domain/staff.ts';
import { roleTable } from '../../src/http/admin/auth.ts';

const CLIENT = path.resolve(import.meta.dirname, '../../client');

function clientSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'dist' || entry.name === 'node_modules' ? [] : clientSources(full);
    return /\.(ts|html)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe("the console's roles", () => {
  it('serves every role with exactly the permissions of ROLE_PERMISSIONS, most first', () => {
    expect(roleTable()).toEqual(
      STAFF_ROLES.map((role) => ({ role, permissions: [...ROLE_PERMISSIONS[role]] })),
    );
  });

  it('allows in the console exactly what the server allows, for every role and permission', () => {
    const table = roleTable();
    for (const role of STAFF_ROLES)
      for (const permission of PERMISSIONS)
        expect(roleAllows(table, role, permission), `${role} ${permission}`).toBe(
          ROLE_PERMISSIONS[role].includes(permission),
        );
  });

  it('names the roles an action needs as the server counts them, fewest permissions first', () => {
    const table = roleTable();
    for (const permission of PERMISSIONS) {
      const words = rolesHolding(table, permission);
      const holders = rolesWith(permission);
      if (holders.length === STAFF_ROLES.length) expect(words).toBe('any role');
      else expect(words.split(' or ').sort()).toEqual([...holders].sort());
    }
    expect(rolesHolding(table, 'reports')).toBe('finance or admin');
    expect(rolesHolding(table, 'support')).toBe('support or admin');
  });

  it('has no copy of the role table anywhere in the client', () => {
    const files = clientSources(CLIENT);
    expect(files.length).toBeGreaterThan(20);
    const roleList = /\b(admin|support|finance|viewer)\s*:\s*\[\s*'(read|support|reports|admin)'/;
    const roleWords = /'(support or admin|finance or admin)'/;
    const copies = files.filter((file) => {
      const text = readFileSync(file, 'utf8');
      return roleList.test(text) || roleWords.test(text);
    });
    expect(copies.map((file) => path.relative(CLIENT, file))).toEqual([]);
  });
});
