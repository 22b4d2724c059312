import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gameInfos } from '../../../../src/games/index.ts';
import { scaleOf } from '../effects.ts';
import { compileTrack } from '../music/score.ts';
import { loopSeconds } from '../music/sequencer.ts';
import { loadTheme, THEMED_GAMES } from './index.ts';

describe('every game’s music', () => {
  it('every game in the catalog has a theme module', () => {
    const slugs = gameInfos.map((g) => g.slug).sort();
    expect([...THEMED_GAMES].sort()).toEqual(slugs);
    const modules = readdirSync(new URL('.', import.meta.url)).filter((f) => /^[a-z-]+\.ts$/.test(f));
    for (const slug of slugs) expect(modules).toContain(`${slug}.ts`);
  });

  for (const slug of THEMED_GAMES) {
    it(`${slug}: a base and a feature track of sane length and range, every part voiced`, async () => {
      const theme = await loadTheme(slug);
      expect(theme).not.toBeNull();
      if (!theme) return;
      const seconds: number[] = [];
      for (const which of ['base', 'feature'] as const) {
        const source = theme[which];
        expect(source.bars).toBeGreaterThanOrEqual(16);
        expect(source.bars).toBeLessThanOrEqual(32);
        const track = compileTrack(source);
        const loop = loopSeconds(track);
        seconds.push(loop);
        expect(loop).toBeGreaterThan(15);
        expect(loop).toBeLessThan(90);
        // A melody, a bass and percussion or a pad, all with a patch to play them.
        const voices = new Set(source.parts.map((p) => p.voice));
        expect(voices.size).toBeGreaterThanOrEqual(3);
        for (const voice of voices) if (voice !== 'drums') expect(theme.patches[voice]).toBeDefined();
        const pitched = track.events.filter((e) => !e.drum);
        expect(Math.min(...pitched.map((e) => e.pitch))).toBeGreaterThanOrEqual(24); // C1
        expect(Math.max(...pitched.map((e) => e.pitch))).toBeLessThanOrEqual(96); // C7
        // Notes fill the loop to its end (nothing cut off, no long silent tail before the seam).
        const last = Math.max(...track.events.map((e) => e.beat));
        expect(track.beats - last).toBeLessThanOrEqual(source.beatsPerBar);
        expect(track.events.every((e) => e.beat + e.length <= track.beats + 1e-9)).toBe(true);
      }
      // The feature is its own piece, not the base track again.
      expect(theme.feature).not.toEqual(theme.base);
      expect(scaleOf(theme.effects).length).toBeGreaterThanOrEqual(10);
      expect(Math.max(...seconds)).toBeGreaterThan(25);
    });
  }

  it('no two games share a track', async () => {
    const themes = await Promise.all(THEMED_GAMES.map(loadTheme));
    const texts = themes.flatMap((t) => (t ? [JSON.stringify(t.base), JSON.stringify(t.feature)] : []));
    expect(new Set(texts).size).toBe(THEMED_GAMES.length * 2);
  });
});
