// The tuner writes weights.json in the formatter's own layout: the file's text is hashed into the
// certificate, so a `biome check --write` after a tune must leave it byte for byte as it was.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { weightsJson } from './tune.ts';

const gamesDir = new URL('../games/', import.meta.url);
const slugs = readdirSync(gamesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && readdirSync(new URL(`${d.name}/`, gamesDir)).includes('weights.json'))
  .map((d) => d.name);

describe('weightsJson', () => {
  it.each(slugs)('%s: weights.json is exactly what the tuner writes', (slug) => {
    const text = readFileSync(new URL(`${slug}/weights.json`, gamesDir), 'utf8');
    expect(weightsJson(JSON.parse(text))).toBe(text);
  });

  it('lays out a long array as Biome does (filled lines within 110 columns)', () => {
    const long = Array.from({ length: 40 }, (_, i) => 100000 + i);
    const text = weightsJson({ '96.5': { short: [1, 2], long } });
    const formatted = spawnSync(
      process.execPath,
      [
        fileURLToPath(new URL('../../node_modules/@biomejs/biome/bin/biome', import.meta.url)),
        'format',
        '--stdin-file-path=w.json',
      ],
      { input: text, encoding: 'utf8' },
    );
    expect(formatted.status, formatted.stderr).toBe(0);
    expect(text).toContain('"short": [1, 2]');
    expect(formatted.stdout).toBe(text);
  });
});
