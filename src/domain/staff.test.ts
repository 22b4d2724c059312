import { describe, expect, it } from 'vitest';
import {
  type AuditEntryFields,
  actorLabel,
  auditHash,
  canonicalJson,
  GENESIS_HASH,
  normalEmail,
  passwordProblem,
  roleAllows,
  rolesWith,
  routePermission,
  verifyChain,
} from './staff.ts';

describe('permission matrix', () => {
  it('gives admin everything and the others what their work needs', () => {
    const table = Object.fromEntries(
      (['admin', 'support', 'finance', 'viewer'] as const).map((role) => [
        role,
        (['read', 'support', 'reports', 'admin'] as const).filter((p) => roleAllows(role, p)),
      ]),
    );
    expect(table).toEqual({
      admin: ['read', 'support', 'reports', 'admin'],
      support: ['read', 'support'],
      finance: ['read', 'reports'],
      viewer: ['read'],
    });
    expect(rolesWith('reports')).toEqual(['admin', 'finance']);
    expect(rolesWith('admin')).toEqual(['admin']);
  });

  it('defaults to read for GET and HEAD and to admin for everything else', () => {
    expect(routePermission('GET', undefined)).toBe('read');
    expect(routePermission('HEAD', undefined)).toBe('read');
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
      expect(routePermission(method, undefined)).toBe('admin');
    expect(routePermission('POST', 'support')).toBe('support');
    expect(routePermission('GET', 'reports')).toBe('reports');
    expect(routePermission('GET', 'nonsense')).toBe('read');
  });
});

describe('staff input', () => {
  it('normalises e-mail addresses and refuses what is not one', () => {
    expect(normalEmail('  Ada@Example.COM ')).toBe('ada@example.com');
    expect(normalEmail('ada')).toBeNull();
    expect(normalEmail('a b@example.com')).toBeNull();
    expect(normalEmail(42)).toBeNull();
  });

  it('asks for 12 to 256 characters', () => {
    expect(passwordProblem('password', 'short')).toMatch(/password must be 12 to 256/);
    expect(passwordProblem('password', 'x'.repeat(257))).not.toBeNull();
    expect(passwordProblem('password', 'long enough pw')).toBeNull();
    expect(passwordProblem('next', 5)).toBe('next must be a string');
  });

  it('labels actors', () => {
    expect(actorLabel({ kind: 'staff', staffId: 's1', email: 'a@b.io', role: 'viewer' })).toBe(
      'staff:a@b.io',
    );
    expect(actorLabel({ kind: 'token' })).toBe('token');
    expect(actorLabel({ kind: 'cli', user: 'ops' })).toBe('cli:ops');
  });
});

describe('audit chain', () => {
  it('writes JSON canonically whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"y":2,"z":1}]},"b":1}',
    );
    expect(canonicalJson({ a: undefined, b: 2n })).toBe('{"b":"2"}');
  });

  function chain(n: number) {
    const rows: Array<AuditEntryFields & { seq: bigint; prev_hash: string; hash: string }> = [];
    let prev = GENESIS_HASH;
    for (let i = 1; i <= n; i++) {
      const entry: AuditEntryFields = {
        id: `aud_${i}`,
        at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
        actor: 'token',
        action: 'operator.update',
        entity: 'operator',
        entity_id: 'op_1',
        before: { rtp_variant: null },
        after: { rtp_variant: `v${i}` },
      };
      const hash = auditHash(prev, entry);
      rows.push({ ...entry, seq: BigInt(i), prev_hash: prev, hash });
      prev = hash;
    }
    return rows;
  }

  it('hashes the previous hash with the entry', () => {
    const [first] = chain(1);
    expect(first?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(auditHash('f'.repeat(64), first as AuditEntryFields)).not.toBe(first?.hash);
    expect(verifyChain(chain(5))).toEqual({ ok: true, entries: 5 });
  });

  it('names the first edited entry', () => {
    const rows = chain(5);
    (rows[2] as { after: unknown }).after = { rtp_variant: 'forged' };
    expect(verifyChain(rows)).toMatchObject({
      ok: false,
      brokenAt: 'aud_3',
      reason: expect.stringMatching(/edited/),
    });
  });

  it('names the entry after a deleted one', () => {
    const rows = chain(5);
    rows.splice(1, 1);
    expect(verifyChain(rows)).toMatchObject({
      ok: false,
      brokenAt: 'aud_3',
      reason: expect.stringMatching(/missing/),
    });
  });

  it('names an entry whose prev_hash was rewritten to skip a deleted one', () => {
    const rows = chain(4).map((row, i) => ({ ...row, seq: BigInt(i + 1) }));
    const [a, , c] = rows;
    (c as { prev_hash: string }).prev_hash = (a as { hash: string }).hash;
    expect(verifyChain([a, rows[1], c].filter((r) => r !== undefined))).toMatchObject({
      ok: false,
      brokenAt: 'aud_3',
    });
  });
});
