import { describe, expect, it } from 'vitest';
import { BANNER_HEIGHT, bannerLayout, READABLE_PX, TEXT_WIDTH, twoLines } from './banner-layout.ts';

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
    const one = (100 * TEXT_WIDTH) / measure('TOURS GRATUITS');
    const layout = bannerLayout('TOURS GRATUITS', 100, measure);
    expect(layout.lines).toEqual(['TOURS', 'GRATUITS']);
    expect(layout.height).toBe(BANNER_HEIGHT.two);
    expect(layout.fontSize).toBeGreaterThan(one * 1.35);
    // every line fits the banner's width
    for (const line of layout.lines)
      expect(measure(line) * layout.fontSize).toBeLessThanOrEqual(100 * TEXT_WIDTH + 1e-9);
  });

  it('breaks a long word at its soft hyphen, with a hyphen, and draws no soft hyphen on one line', () => {
    const layout = bannerLayout('FREI\u00adSPIELE', 100, measure);
    expect(layout.lines).toEqual(['FREI-', 'SPIELE']);
    expect(layout.height).toBe(BANNER_HEIGHT.two);
    expect(bannerLayout('BO\u00adNUS', 100, measure).lines).toEqual(['BONUS']);
    expect(twoLines('TOURS GRA\u00adTUITS', measure)).toEqual(['TOURS', 'GRATUITS']);
  });

  it('keeps one word on one line, however long, fitted to the width', () => {
    const layout = bannerLayout('FREISPIELE', 100, measure);
    expect(layout.lines).toEqual(['FREISPIELE']);
    expect(measure('FREISPIELE') * layout.fontSize).toBeCloseTo(100 * TEXT_WIDTH);
  });

  it('splits where the wider line is the narrowest, as measured', () => {
    expect(twoLines('GIROS GRATIS', measure)).toEqual(['GIROS', 'GRATIS']);
    expect(twoLines('A VERY LONG LABEL', measure)).toEqual(['A VERY', 'LONG LABEL']);
    expect(twoLines('WILD', measure)).toBeNull();
    // by width, not by letters: four wide Ws outweigh five narrow Is
    const wideW = (line: string) =>
      [...line].reduce((sum, ch) => sum + (ch === 'W' ? 1 : ch === 'I' ? 0.3 : 0.6), 0);
    expect(twoLines('IIIII WW WW', wideW)).toEqual(['IIIII WW', 'WW']);
  });

  it('does not break at a no-break space, nor at a soft hyphen on the edge of a word', () => {
    expect(twoLines('FREE\u00a0SPINS', measure)).toBeNull();
    expect(twoLines('FREI\u00ad', measure)).toBeNull();
    expect(twoLines('\u00adFREI\u00ad\u00adSPIELE', measure)).toEqual(['FREI-', 'SPIELE']);
    expect(bannerLayout('  WILD ', 100, measure).lines).toEqual(['WILD']);
  });
});
