// Every catalog has every message: the same keys as English, none empty, the same placeholders, and
// a name for every symbol and a tagline for every game; the client's own code words nothing itself.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { gameInfos, getGame, modelOf } from '../../../src/games/index.ts';
import { en } from './catalogs/en.ts';
import { format, loadCatalog, SUPPORTED_LANGUAGES } from './i18n.ts';

/** Pages for the operator's support staff, not players: in English, like the Admin API. */
const SUPPORT_PAGES = new Set(['round-details.ts']);

const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

describe('message catalogs', () => {
  for (const language of SUPPORTED_LANGUAGES) {
    it(`${language} has every message of English, none empty, with the same placeholders`, async () => {
      const catalog = (await loadCatalog(language)) as Record<string, string>;
      expect(Object.keys(catalog).sort()).toEqual(Object.keys(en).sort());
      for (const [key, english] of Object.entries(en)) {
        const text = catalog[key];
        expect(text?.trim(), `${language} ${key}`).toBeTruthy();
        for (const form of (text as string).split('|'))
          expect(placeholders(form), `${language} ${key}`).toEqual(
            placeholders(english.split('|').at(-1) as string),
          );
      }
    });
  }

  it('names every symbol of every game and has every tagline', () => {
    for (const info of gameInfos) {
      expect(en, info.slug).toHaveProperty([`tagline.${info.slug}`]);
      const game = getGame(info.symbol);
      for (const symbol of modelOf(game as NonNullable<typeof game>).symbols)
        expect(en, `${info.slug} ${symbol.code}`).toHaveProperty([`symbol.${info.slug}.${symbol.code}`]);
    }
  });

  it('fills placeholders and picks the plural form by the language', () => {
    const en1 = new Intl.PluralRules('en');
    expect(format('{count} spin|{count} spins', { count: 1 }, en1)).toBe('1 spin');
    expect(format('{count} spin|{count} spins', { count: 3 }, en1)).toBe('3 spins');
    expect(format('{a} and {b}', { a: 'x' }, en1)).toBe('x and {b}');
    expect(format('{count} tour|{count} tours', { count: 0 }, new Intl.PluralRules('fr'))).toBe('0 tour');
  });

  it('leaves no English sentence in the client code outside the catalogs', () => {
    const root = path.dirname(fileURLToPath(new URL('..', import.meta.url)));
    const files: string[] = [];
    const visit = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) {
          if (name !== 'i18n' && name !== 'icons') visit(full);
        } else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !SUPPORT_PAGES.has(name))
          files.push(full);
      }
    };
    visit(path.join(root, 'src'));
    // A quoted capitalised phrase of two words or more is a sentence a player would read.
    const sentence = /(['"`])[A-Z][a-z]+(?: [a-z]+)+[.!?…]?\1/;
    const found = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter(
          (line) => !line.trim().startsWith('//') && !line.trim().startsWith('*') && sentence.test(line),
        )
        .map((line) => `${path.relative(root, file)}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});
