// Every place the product's documentation pairs a status with an error code ("409 `cycle_too_fast`",
// "| 400 | `stake_above_limit` |") says the status the code really answers with (ERROR_STATUS, the
// one code → status map). Market refusals were documented as 409 where the product answers 400.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../src/domain/errors.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const FILES = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const PAIR = /\b([1-5]\d\d)\b(?:\s*\|\s*|\s+)`([a-z_]+)`/g;

describe('documented error statuses', () => {
  it('every status written beside an error code is the status that code answers with', () => {
    const wrong: string[] = [];
    let pairs = 0;
    for (const file of FILES) {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      for (const match of text.matchAll(PAIR)) {
        const [, status, code] = match as unknown as [string, string, string];
        if (!Object.hasOwn(ERROR_STATUS, code)) continue;
        pairs++;
        const actual = ERROR_STATUS[code as keyof typeof ERROR_STATUS];
        if (actual !== Number(status))
          wrong.push(`${file}: ${status} \`${code}\` (the product answers ${actual})`);
      }
    }
    expect(pairs).toBeGreaterThan(10);
    expect(wrong).toEqual([]);
  });
});
