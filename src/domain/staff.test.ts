import { describe, expect, it } from 'vitest';
import {
  type AuditEntryFields,
  actorLabel,
  auditHash,
  type ChainedEntry,
  canonicalJson,
  GENESIS_HASH,
  legacyAuditHash,
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

  // The class: long enough but guessable. Common and breached passwords, a word with digits, a
  // keyboard run, repeats, sequences, l33t of a common word, and the account's own address.
  it.each([
    'password1234',
    'Password1234!',
    'qwertyuiop123',
    'aaaaaaaaaaaa',
    'abcdefghijkl',
    '123456789012',
    'p@ssw0rd2024',
    'iloveyou1234',
    'letmeinletmein',
  ])('refuses %s as too easy to guess, naming the field and why', (password) => {
    const problem = passwordProblem('next', password);
    expect(problem).toMatch(/^next is too easy to guess \(strength [0-2] of 4, 3 needed\): \S/);
  });

  it('counts the e-mail address and the product as known words', () => {
    expect(passwordProblem('password', 'mallory.quinn1', ['mallory.quinn@casino.example'])).toMatch(
      /^password is too easy to guess/,
    );
    expect(passwordProblem('password', 'reelforge2026!')).toMatch(/^password is too easy to guess/);
  });

  it('accepts passphrases and random passwords', () => {
    for (const password of ['correct horse battery staple', 'vK3#pq9!Lm2@xZ', 'granite tulip orbit seven'])
      expect(passwordProblem('password', password)).toBeNull();
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

  const KEY = 'k'.repeat(32);

  /** n entries; the first `legacy` chained the old way (sha256, unkeyed), the rest under `key`. */
  function chain(n: number, legacy = 0, key = KEY): ChainedEntry[] {
    const rows: ChainedEntry[] = [];
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
      const keyed = i > legacy;
      const hash = keyed ? auditHash(prev, entry, key) : legacyAuditHash(prev, entry);
      rows.push({ ...entry, seq: BigInt(i), prev_hash: prev, hash, keyed });
      prev = hash;
    }
    return rows;
  }

  /** What someone with the database but not the key can do: re-hash every entry the unkeyed way. */
  function rehashWithoutKey(rows: ChainedEntry[], fakeKey?: string): ChainedEntry[] {
    let prev = GENESIS_HASH;
    return rows.map((row) => {
      const hash = fakeKey ? auditHash(prev, row, fakeKey) : legacyAuditHash(prev, row);
      const out = { ...row, prev_hash: prev, hash, keyed: fakeKey !== undefined };
      prev = hash;
      return out;
    });
  }

  it('keys the hash: another key or no key gives another hash', () => {
    const [first] = chain(1);
    expect(first?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(auditHash(GENESIS_HASH, first as AuditEntryFields, 'x'.repeat(32))).not.toBe(first?.hash);
    expect(legacyAuditHash(GENESIS_HASH, first as AuditEntryFields)).not.toBe(first?.hash);
    expect(auditHash('f'.repeat(64), first as AuditEntryFields, KEY)).not.toBe(first?.hash);
    expect(verifyChain(chain(5), KEY)).toEqual({
      ok: true,
      entries: 5,
      legacy: 0,
      head: { seq: '5', hash: chain(5).at(-1)?.hash },
    });
  });

  it('names the first edited entry', () => {
    const rows = chain(5);
    (rows[2] as { after: unknown }).after = { rtp_variant: 'forged' };
    expect(verifyChain(rows, KEY)).toMatchObject({
      ok: false,
      brokenAt: 'aud_3',
      reason: expect.stringMatching(/edited/),
    });
  });

  // The class of red-team item 3: every field edited, then the whole chain re-hashed by someone
  // without the key, under a key of their own, is refused here. Re-hashed as all unkeyed (legacy)
  // entries it verifies as a chain: the signed checkpoints refuse that (audit-checkpoints.test.ts).
  it.each(['id', 'at', 'actor', 'action', 'entity', 'entity_id', 'before', 'after'] as const)(
    'refuses an edit of %s even with every hash after it recomputed without the key',
    (field) => {
      const rows = chain(4);
      const forged: Record<string, unknown> = {
        id: 'aud_x',
        at: new Date(0),
        actor: 'staff:mallory@x.io',
        action: 'game.live',
        entity: 'game',
        entity_id: 'op_2',
        before: { x: 1 },
        after: { x: 2 },
      };
      (rows[1] as unknown as Record<string, unknown>)[field] = forged[field];
      expect(verifyChain(rehashWithoutKey(rows, 'mallory'.repeat(5)), KEY).ok).toBe(false);
      expect(verifyChain(rows, KEY).ok).toBe(false);
    },
  );

  it('accepts unkeyed entries only as the beginning, covered by the first keyed one', () => {
    expect(verifyChain(chain(6, 3), KEY)).toMatchObject({ ok: true, entries: 6, legacy: 3 });
    const late = chain(6, 3);
    (late[4] as { keyed: boolean }).keyed = false;
    expect(verifyChain(late, KEY)).toMatchObject({
      ok: false,
      brokenAt: 'aud_5',
      reason: /unkeyed after keyed/,
    });
    // An edited legacy entry, the legacy part re-hashed: the keyed entry after it no longer matches.
    const legacyEdit = chain(6, 3);
    (legacyEdit[0] as { actor: string }).actor = 'nobody';
    const relinked = [...rehashWithoutKey(legacyEdit.slice(0, 3)), ...legacyEdit.slice(3)];
    expect(verifyChain(relinked, KEY)).toMatchObject({ ok: false, brokenAt: 'aud_4' });
  });

  it('names the entry after a deleted one', () => {
    const rows = chain(5);
    rows.splice(1, 1);
    expect(verifyChain(rows, KEY)).toMatchObject({
      ok: false,
      brokenAt: 'aud_3',
      reason: expect.stringMatching(/missing/),
    });
  });

  it('names an entry whose prev_hash was rewritten to skip a deleted one', () => {
    const rows = chain(4).map((row, i) => ({ ...row, seq: BigInt(i + 1) }));
    const [a, , c] = rows;
    (c as { prev_hash: string }).prev_hash = (a as { hash: string }).hash;
    expect(verifyChain([a, rows[1], c].filter((r) => r !== undefined) as ChainedEntry[], KEY)).toMatchObject({
      ok: false,
      brokenAt: 'aud_3',
    });
  });
});
