import { describe, expect, it } from 'vitest';
import { nameWithText } from './hud.ts';

describe('a button’s accessible name and its visible text', () => {
  it('leads with the visible word where the label does not contain it', () => {
    expect(nameWithText('Autoplay', 'AUTO')).toBe('AUTO, Autoplay');
    expect(nameWithText('Spin speed: normal', 'TURBO')).toBe('TURBO, Spin speed: normal');
  });

  it('is the label alone where the label says the visible word', () => {
    expect(nameWithText('Lobby', '‹ Lobby')).toBe('Lobby');
    expect(nameWithText('Spin', 'SPIN')).toBe('Spin');
  });

  it('is the label alone for an icon, which no one says aloud', () => {
    for (const [label, icon] of [
      ['Bet +', '+'],
      ['Bet −', '−'],
      ['Paytable', 'i'],
      ['History', '☰'],
      ['Mute sound', '♪'],
    ])
      expect(nameWithText(label as string, icon as string)).toBe(label);
  });
});
