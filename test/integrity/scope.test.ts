// The manifest's scope (MANIFEST_SCOPE) covers every module the play path loads: the files where a
// round is decided and paid (PLAY_PATH_ENTRIES) and everything they import, except `import type`
// lines, which type stripping erases. A module added to that path outside the scope fails here.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MANIFEST_SCOPE, manifestFiles, PLAY_PATH_ENTRIES } from '../../src/games/manifest.ts';
import { ROOT } from '../cli/run.ts';

// Every import or re-export with a relative specifier, whole statement; `import type` left out.
const STATEMENT = /(?:^|\n)\s*(import|export)(\s+type\b)?[^'";]*?from\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const DYNAMIC = /import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** Relative modules a file loads at run time, as paths from the repository root. */
function loadedBy(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const specs = [
    ...[...text.matchAll(STATEMENT)].filter((m) => m[2] === undefined).map((m) => m[3] as string),
    ...[...text.matchAll(DYNAMIC)].map((m) => m[1] as string),
  ];
  return specs.map((spec) => path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, file)), spec)));
}

function playPathClosure(): string[] {
  const seen = new Set<string>();
  const stack = [...PLAY_PATH_ENTRIES];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...loadedBy(file).filter((next) => existsSync(path.join(ROOT, next))));
  }
  return [...seen].sort();
}

describe('manifest scope', () => {
  it('covers every module the play path loads', () => {
    const closure = playPathClosure();
    // The walk really follows the path: the generator, the spin, the wallets and the ledger.
    for (const file of [
      'src/engine/spin.ts',
      'src/engine/rng.ts',
      'src/wallet/internal.ts',
      'src/wallet/settlement.ts',
      'src/store/batch.ts',
    ])
      expect(closure).toContain(file);
    const covered = new Set(manifestFiles());
    expect(closure.filter((file) => !covered.has(file))).toEqual([]);
  });

  it('names every entry of the scope once, each with a reason, and each exists', () => {
    const paths = MANIFEST_SCOPE.map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const entry of MANIFEST_SCOPE) {
      expect(entry.why.length).toBeGreaterThan(5);
      expect(existsSync(path.join(ROOT, entry.path)), entry.path).toBe(true);
    }
  });

  it('covers the SQL that credits wins, the start-up guard and the certificates, not the key or reports', () => {
    const files = manifestFiles();
    expect(files).toContain('src/store/migrations/002_rounds_wallet.sql');
    expect(files).toContain('src/store/functions/rf_play_internal_round.sql');
    expect(files).toContain('src/store/functions/rf_record_delivery.sql');
    expect(files).toContain('src/server.ts');
    expect(files).toContain('src/games/play-rng.ts');
    expect(files).toContain('src/games/play-round.ts');
    expect(files).toContain('certification/copper-sevens.json');
    expect(files).not.toContain('certification/MANIFEST.json');
    expect(files).not.toContain('certification/manifest-key.pem');
    expect(files.filter((file) => file.endsWith('.test.ts'))).toEqual([]);
  });
});
