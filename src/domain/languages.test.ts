import { describe, expect, it } from 'vitest';
import { canonicalTag, matchLanguage, SUPPORTED_LANGUAGES, sessionLanguage } from './languages.ts';

describe('player languages', () => {
  it.each([
    ['de', 'de'],
    ['DE-at', 'de'],
    ['pt', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['pt-br', 'pt-BR'],
    ['ja-JP', 'ja'],
    ['fr-CA', 'fr'],
    ['es-419', 'es'],
    ['en-GB', 'en'],
    ['nl', undefined],
    ['zz-not valid', undefined],
  ])('%s plays in %s', (tag, expected) => {
    expect(matchLanguage(tag)).toBe(expected);
  });

  it('refuses what is not a BCP 47 tag', () => {
    for (const bad of ['', 'x', 'de_DE_', 'english please', 'a'.repeat(40)])
      expect(canonicalTag(bad)).toBeUndefined();
    expect(canonicalTag('zh-hant-tw')).toBe('zh-Hant-TW');
  });

  it('falls back from the player to the operator to English', () => {
    expect(sessionLanguage('it', 'de')).toBe('it');
    expect(sessionLanguage('nl', 'de')).toBe('de');
    expect(sessionLanguage(undefined, 'ja')).toBe('ja');
    expect(sessionLanguage(undefined, null)).toBe('en');
    expect(sessionLanguage('nl', null)).toBe('en');
    expect(SUPPORTED_LANGUAGES).toHaveLength(7);
  });
});
