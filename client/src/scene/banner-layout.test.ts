import { describe, expect, it } from 'vitest';
import { BANNER_HEIGHT, bannerLayout, READABLE_PX, twoLines } from './banner-layout.ts';

// A heavy capital and its letter spacing about 0.78 of an em, a space a third (the banner's font).
const measure = (line: string) => [...line].reduce((sum, ch) => sum + (ch === ' ' ? 0.33 : 0.78), 0);

describe('a special symbol banner', () => {
  it('keeps a short label on one slim line at the largest size', () => {
    const layout = bannerLayout('WILD', 100, measure);
    expect(layout).toEqual({
      lines: ['WILD'],
      fontSize: 100 * BANNER_HEIGHT.one * 0.62,
      height: BANNER_HEIGHT.one,
    });
  });

  it("keeps a long label on one line on a cell large enough to read it there (a desktop's)", () => {
    const layout = bannerLayout('FREE SPINS', 150, measure);
    expect(layout.lines).toEqual(['FREE SPINS']);
    expect(layout.fontSize).toBeGreaterThanOrEqual(READABLE_PX);
  });

  it('sets a long label of two words on two lines, larger than one line would print it', () => {
    const one = (100 * 0.86 * 0.9) / measure('TOURS GRATUITS');
    const layout = bannerLayout('TOURS GRATUITS', 100, measure);
    expect(layout.lines).toEqual(['TOURS', 'GRATUITS']);
    expect(layout.height).toBe(BANNER_HEIGHT.two);
    expect(layout.fontSize).toBeGreaterThan(one * 1.35);
    // every line fits the banner's width
    for (const line of layout.lines)
      expect(measure(line) * layout.fontSize).toBeLessThanOrEqual(100 * 0.86 * 0.9 + 1e-9);
  });

  it('breaks a long word at its soft hyphen, with a hyphen, and draws no soft hyphen on one line', () => {
    const layout = bannerLayout('FREI\u00adSPIELE', 100, measure);
    expect(layout.lines).toEqual(['FREI-', 'SPIELE']);
    expect(layout.height).toBe(BANNER_HEIGHT.two);
    expect(bannerLayout('BO\u00adNUS', 100, measure).lines).toEqual(['BONUS']);
    expect(twoLines('TOURS GRA\u00adTUITS')).toEqual(['TOURS', 'GRATUITS']);
  });

  it('keeps one word on one line, however long, fitted to the width', () => {
    const layout = bannerLayout('FREISPIELE', 100, measure);
    expect(layout.lines).toEqual(['FREISPIELE']);
    expect(measure('FREISPIELE') * layout.fontSize).toBeCloseTo(100 * 0.86 * 0.9);
  });

  it('splits at the space that makes the longer line shortest', () => {
    expect(twoLines('GIROS GRATIS')).toEqual(['GIROS', 'GRATIS']);
    expect(twoLines('A VERY LONG LABEL')).toEqual(['A VERY', 'LONG LABEL']);
    expect(twoLines('WILD')).toBeNull();
  });
});
