// Logo lettering as outlines: a title laid out in a box as large as it fits whole, broken into the
// lines that letter it largest, each line one path in absolute coordinates (no transform), so what
// the picture shows can be measured against the box. Pure: the font comes in parsed.
import type { Font, Path } from 'opentype.js';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Half the width of the dark outline around the letters, in em: it must fit in the box too. */
export const OUTLINE_EM = 0.085;
/** Baselines sit this many cap heights apart. */
const PITCH_CAPS = 1.32;

/** Title words split into at most three lines, balanced for a logo (short words stay together). */
export function logoLines(title: string, maxChars = 12): string[] {
  const words = title.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [''];
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length <= 3) return lines;
  return [
    ...lines.slice(0, 2),
    `${lines
      .slice(2)
      .join(' ')
      .slice(0, maxChars - 1)}…`,
  ];
}

/** Whether the font draws every visible character of `text` (glyph 0 is "missing"). */
export function drawsAll(font: Font, text: string): boolean {
  return [...text].every((ch) => /\s/.test(ch) || font.charToGlyphIndex(ch) > 0);
}

interface Ink {
  x1: number;
  x2: number;
  y1: number;
  y2: number;
}

const EM = 1000;

const r1 = (x: number) => Math.round(x * 10) / 10;

/** SVG path data of outline commands, to a tenth of a pixel (opentype.js's own writer can print NaN). */
export function pathData(path: Path): string {
  return path.commands
    .map((c) => {
      if (c.type === 'M' || c.type === 'L') return `${c.type}${r1(c.x)} ${r1(c.y)}`;
      if (c.type === 'Q') return `Q${r1(c.x1)} ${r1(c.y1)} ${r1(c.x)} ${r1(c.y)}`;
      if (c.type === 'C') return `C${r1(c.x1)} ${r1(c.y1)} ${r1(c.x2)} ${r1(c.y2)} ${r1(c.x)} ${r1(c.y)}`;
      return 'Z';
    })
    .join('');
}

/** The outline of `text`, kerned, with the font's standard ligatures. */
function outline(font: Font, text: string, x: number, y: number, size: number): Path {
  return font.getPath(text, x, y, size, { kerning: true });
}

/** The ink box of `text` at 1 em, baseline at 0 (y grows downwards). */
function inkOf(font: Font, text: string): Ink {
  const box = outline(font, text, 0, 0, EM).getBoundingBox();
  if (!Number.isFinite(box.x1)) return { x1: 0, x2: 0, y1: 0, y2: 0 };
  return { x1: box.x1 / EM, x2: box.x2 / EM, y1: box.y1 / EM, y2: box.y2 / EM };
}

interface Block {
  lines: string[];
  inks: Ink[];
  pitch: number;
  top: number;
  bottom: number;
  width: number;
}

function blockOf(font: Font, lines: string[], pitch: number): Block {
  const inks = lines.map((line) => inkOf(font, line));
  const top = Math.min(...inks.map((ink, i) => i * pitch + ink.y1));
  const bottom = Math.max(...inks.map((ink, i) => i * pitch + ink.y2));
  const width = Math.max(...inks.map((ink) => ink.x2 - ink.x1));
  return { lines, inks, pitch, top, bottom, width };
}

/** Pixels per em at which a block fits the box whole, its outline included. */
function fitSize(block: Block, box: Box): number {
  const width = block.width + 2 * OUTLINE_EM;
  const height = block.bottom - block.top + 2 * OUTLINE_EM;
  if (width <= 0 || height <= 0) return 0;
  return Math.min(box.width / width, box.height / height);
}

export interface Lettering {
  lines: string[];
  /** Pixels per em. */
  size: number;
  /** One path per line, in the picture's own coordinates. */
  paths: string[];
  /** The ink box of all lines, outline not included. */
  ink: Box;
}

/**
 * `title` lettered in `font` as large as it fits whole in `box`, centred, in the line breaks that
 * letter it largest (fewer lines on a tie); a title is never cut where it fits uncut at some size.
 */
export function letterTitle(font: Font, title: string, box: Box): Lettering {
  const whole = title.trim().split(/\s+/).join(' ');
  const capHeight = inkOf(font, 'H');
  const pitch = Math.max(capHeight.y2 - capHeight.y1, 0.5) * PITCH_CAPS;
  let best = blockOf(font, logoLines(whole, 40), pitch);
  let bestSize = fitSize(best, box);
  for (let maxChars = 24; maxChars >= 4; maxChars--) {
    const lines = logoLines(whole, maxChars);
    if (lines.join(' ') !== whole) continue;
    const block = blockOf(font, lines, pitch);
    const size = fitSize(block, box);
    if (size > bestSize * 1.001) {
      best = block;
      bestSize = size;
    }
  }
  const size = bestSize;
  const blockHeight = (best.bottom - best.top) * size;
  const firstBaseline = box.y + (box.height - blockHeight) / 2 - best.top * size;
  const centre = box.x + box.width / 2;
  let x1 = Number.POSITIVE_INFINITY;
  let y1 = Number.POSITIVE_INFINITY;
  let x2 = Number.NEGATIVE_INFINITY;
  let y2 = Number.NEGATIVE_INFINITY;
  const paths = best.lines.map((line, i) => {
    const ink = best.inks[i] as Ink;
    const x = centre - ((ink.x1 + ink.x2) / 2) * size;
    const path = outline(font, line, x, firstBaseline + i * pitch * size, size);
    const b = path.getBoundingBox();
    if (Number.isFinite(b.x1)) {
      x1 = Math.min(x1, b.x1);
      y1 = Math.min(y1, b.y1);
      x2 = Math.max(x2, b.x2);
      y2 = Math.max(y2, b.y2);
    }
    return pathData(path);
  });
  const ink = Number.isFinite(x1)
    ? { x: x1, y: y1, width: x2 - x1, height: y2 - y1 }
    : { x: centre, y: box.y + box.height / 2, width: 0, height: 0 };
  return { lines: best.lines, size, paths, ink };
}

/** A short mark (the brand) as one path, glyph by glyph, letter-spaced by `tracking` em, centred on `cx`. */
export function letterMark(
  font: Font,
  text: string,
  cx: number,
  baseline: number,
  size: number,
  tracking: number,
): string {
  const glyphs = [...text];
  const advances = glyphs.map((ch) => font.getAdvanceWidth(ch, size));
  const total = advances.reduce((a, b) => a + b, 0) + tracking * size * (glyphs.length - 1);
  let x = cx - total / 2;
  return glyphs
    .map((ch, i) => {
      const d = pathData(outline(font, ch, x, baseline, size));
      x += (advances[i] as number) + tracking * size;
      return d;
    })
    .join('');
}
