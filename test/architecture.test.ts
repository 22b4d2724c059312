// The layering of docs/architecture.md, checked on the source itself: every import of src/ (type-only
// ones included) runs down the layers, the engine imports nothing outside itself, no handler
// reaches the store, and no files import each other in a circle.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../src');

/** Rank of each top-level place under src/: an import must go to a lower rank (or stay in its place). */
const RANKS: Record<string, number> = {
  'main.ts': 10,
  'server.ts': 9,
  http: 8,
  cli: 8,
  'demo.ts': 7,
  'operator-kit': 7,
  services: 6,
  wallet: 5,
  certify: 4,
  domain: 3,
  store: 2,
  games: 2,
  jurisdictions: 2,
  engine: 1,
  'money.ts': 0,
  'config.ts': 0,
  'version.ts': 0,
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** Every relative import of a file (static, re-export, type-only and dynamic), resolved to a path. */
function importsOf(file: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2];
    if (spec) found.push(path.resolve(path.dirname(file), spec));
  }
  return found;
}

/** The top-level place of a file under src/ ("engine", "config.ts", ...). */
function placeOf(file: string): string {
  return path.relative(SRC, file).split(path.sep)[0] as string;
}

/** The import edges that break the layering, as "from -> to" lines. */
function layeringViolations(edges: ReadonlyArray<[string, string]>): string[] {
  const problems: string[] = [];
  for (const [from, to] of edges) {
    const a = placeOf(from);
    const b = placeOf(to);
    if (a === b || !to.startsWith(SRC)) continue;
    const rankA = RANKS[a];
    const rankB = RANKS[b];
    if (rankA === undefined || rankB === undefined) {
      problems.push(`${path.relative(SRC, from)} -> ${path.relative(SRC, to)}: ${a} or ${b} has no layer`);
    } else if (rankB >= rankA) {
      problems.push(`${path.relative(SRC, from)} -> ${path.relative(SRC, to)}: ${a} may not import ${b}`);
    }
  }
  return problems;
}

/** The files of one circle of imports, if there is any. */
function findCycle(edges: ReadonlyArray<[string, string]>): string[] | null {
  const next = new Map<string, string[]>();
  for (const [from, to] of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return stack.slice(stack.indexOf(node));
    state.set(node, 'open');
    stack.push(node);
    for (const to of next.get(node) ?? []) {
      const cycle = visit(to);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of next.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

const files = sourceFiles(SRC);
const edges: Array<[string, string]> = files.flatMap((file) =>
  importsOf(file, readFileSync(file, 'utf8')).map((to): [string, string] => [file, to]),
);

describe('the layers of src/', () => {
  it('reads the imports it checks', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(edges.length).toBeGreaterThan(200);
  });

  it('imports only downward', () => {
    expect(layeringViolations(edges)).toEqual([]);
  });

  it('keeps the engine free of everything outside src/engine', () => {
    const engine = path.join(SRC, 'engine') + path.sep;
    const outside = edges.filter(([from, to]) => from.startsWith(engine) && !to.startsWith(engine));
    expect(outside).toEqual([]);
  });

  it('keeps the store out of every handler', () => {
    const http = path.join(SRC, 'http') + path.sep;
    const store = path.join(SRC, 'store') + path.sep;
    expect(edges.filter(([from, to]) => from.startsWith(http) && to.startsWith(store))).toEqual([]);
  });

  it('has no circle of imports', () => {
    expect(findCycle(edges)).toBeNull();
  });
});

describe('the checks themselves', () => {
  const at = (file: string) => path.join(SRC, file);

  it('reads static, type-only, re-exported and dynamic imports', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from '../store/b.ts';",
      "export { c } from './c.ts';",
      "const d = await import('../games/d.ts');",
      "import pg from 'pg';",
    ].join('\n');
    expect(importsOf(at('engine/x.ts'), text)).toEqual([
      at('engine/a.ts'),
      at('store/b.ts'),
      at('engine/c.ts'),
      at('games/d.ts'),
    ]);
  });

  it('catches an import up the layers, a sideways one and a circle', () => {
    expect(layeringViolations([[at('engine/spin.ts'), at('games/registry.ts')]])).toHaveLength(1);
    expect(layeringViolations([[at('store/db.ts'), at('games/registry.ts')]])).toHaveLength(1);
    expect(layeringViolations([[at('games/registry.ts'), at('engine/spin.ts')]])).toEqual([]);
    expect(
      findCycle([
        [at('a.ts'), at('b.ts')],
        [at('b.ts'), at('a.ts')],
      ]),
    ).toEqual([at('a.ts'), at('b.ts')]);
    expect(findCycle([[at('a.ts'), at('b.ts')]])).toBeNull();
  });
});
