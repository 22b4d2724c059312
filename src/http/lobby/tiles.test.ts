import { describe, expect, it } from 'vitest';
import { cardArtUrl, groupedMultiplier } from './tiles.ts';

describe('groupedMultiplier', () => {
  it.each([
    ['5000.00', '5,000'],
    ['1104.00', '1,104'],
    ['1104.36', '1,104.36'],
    ['500.50', '500.5'],
    ['25000', '25,000'],
    ['1234567.00', '1,234,567'],
    ['0.50', '0.5'],
    ['n/a', null],
    ['1e4', null],
  ])('%s -> %s', (multiplier, shown) => {
    expect(groupedMultiplier(multiplier)).toBe(shown);
  });
});

describe('cardArtUrl', () => {
  it('asks the artwork for the 4:3 card shape the tile has, keeping what the catalog asked', () => {
    expect(cardArtUrl('https://x/game-art/rf_a?title=A&slug=a')).toBe(
      'https://x/game-art/rf_a?title=A&slug=a&size=card',
    );
    expect(cardArtUrl('https://x/game-art/rf_a')).toBe('https://x/game-art/rf_a?size=card');
    expect(cardArtUrl('https://x/game-art/rf_a?size=card')).toBe('https://x/game-art/rf_a?size=card');
  });
});
