// Key art: a game's lobby picture as SVG — its scene, its hero symbol and its title lettered as a
// logo — composed for any shape: landscape puts the hero right of the logo, square and portrait put
// it above. The sizes lobbies ask for are named here; rendering to WebP/PNG happens in the HTTP layer.
import { createHash } from 'node:crypto';
import type { GameInfo } from '../types.ts';
import { sceneFor } from './scenes.ts';

export const KEY_ART_SIZES = {
  /** The default answer of the artwork endpoint (operator-api 1.1.0): 4:3. */
  card: { width: 480, height: 360 },
  square: { width: 600, height: 600 },
  banner: { width: 1280, height: 720 },
  portrait: { width: 600, height: 900 },
} as const;

export type KeyArtSize = keyof typeof KEY_ART_SIZES;

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
// biome-ignore lint/suspicious/noControlCharactersInRegex: it matches exactly what XML 1.0 cannot carry
const NOT_XML_CHAR = /[^\x09\x0a\x0d\x20-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

/** Escapes text for XML content and attributes; drops characters XML 1.0 cannot carry. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML_CHAR, '').replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch] as string);
}

const r1 = (x: number) => Math.round(x * 10) / 10;

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

/** Colours for a symbol that is not one of our games, from its hash (hex, which every renderer reads). */
function derivedPalette(symbol: string): GameInfo['palette'] {
  const byte = createHash('sha256').update(symbol).digest()[0] as number;
  const hsl = (h: number, s: number, l: number) => {
    const a = s * Math.min(l, 1 - l);
    const f = (n: number) => {
      const k = (n + h / 30) % 12;
      const c = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
      return Math.round(c * 255)
        .toString(16)
        .padStart(2, '0');
    };
    return `#${f(0)}${f(8)}${f(4)}`;
  };
  const hue = Math.round((byte / 255) * 360);
  return { background: hsl(hue, 0.55, 0.16), accent: hsl((hue + 40) % 360, 0.85, 0.62), text: '#ffffff' };
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Caps of the bold serif are about 0.86 em wide with their spacing; lines sit 1.04 em apart. */
const CAP_WIDTH = 0.86;

function letterSize(lines: string[], box: Box): number {
  const longest = Math.max(...lines.map((l) => l.length), 1);
  return Math.min(box.height / (lines.length * 1.08), box.width / (longest * CAP_WIDTH));
}

/** The line breaks of a title that letter it largest in `box` (fewer lines on a tie). */
export function bestLines(title: string, box: Box): string[] {
  const whole = title.trim().split(/\s+/).join(' ');
  let best = logoLines(title, 40);
  for (let maxChars = 4; maxChars <= 24; maxChars++) {
    const lines = logoLines(title, maxChars);
    const complete = lines.join(' ') === whole; // never cut a title that fits uncut at some size
    if (complete && letterSize(lines, box) > letterSize(best, box) * 1.001) best = lines;
  }
  return best;
}

/** Lettering that fits `box`: the lines centred and outlined, with a soft shadow. */
function lettering(
  lines: string[],
  box: Box,
  colors: { top: string; bottom: string; outline: string },
): string {
  const size = letterSize(lines, box);
  const lineHeight = size * 1.04;
  const first = box.y + box.height / 2 - ((lines.length - 1) * lineHeight) / 2 + size * 0.36;
  const cx = r1(box.x + box.width / 2);
  const spans = lines
    .map(
      (line, i) =>
        `<tspan x="${cx}" y="${r1(first + i * lineHeight)}">${escapeXml(line.toUpperCase())}</tspan>`,
    )
    .join('');
  const font = `font-family="Georgia, 'DejaVu Serif', 'Times New Roman', serif" font-weight="700" font-size="${r1(size)}" letter-spacing="${r1(size * 0.02)}" text-anchor="middle"`;
  return [
    `<linearGradient id="kl-fill" x1="0" y1="0" x2="0" y2="1"><stop offset="0.1" stop-color="${colors.top}"/><stop offset="0.9" stop-color="${colors.bottom}"/></linearGradient>`,
    `<text ${font} fill="#000000" fill-opacity="0.45" transform="translate(0 ${r1(size * 0.07)})" stroke="#000000" stroke-opacity="0.45" stroke-width="${r1(size * 0.16)}" stroke-linejoin="round">${spans}</text>`,
    `<text ${font} fill="url(#kl-fill)" stroke="${colors.outline}" stroke-width="${r1(size * 0.1)}" stroke-linejoin="round" paint-order="stroke">${spans}</text>`,
  ].join('');
}

/**
 * The key art of a game (or, for a symbol we do not know, a generic picture in colours derived from
 * it) at `width` × `height`, with `title` lettered as the logo. All text is XML-escaped.
 */
export function renderKeyArtSvg(
  symbol: string,
  title: string,
  game: GameInfo | undefined,
  width: number,
  height: number,
): string {
  const palette = game?.palette ?? derivedPalette(symbol);
  const scene = sceneFor(game?.slug, palette);
  const ratio = width / height;
  let hero: Box;
  let logo: Box;
  if (ratio >= 1.2) {
    const side = Math.min(height * 0.86, width * 0.46);
    hero = { x: width * 0.74 - side / 2, y: height * 0.5 - side / 2, width: side, height: side };
    logo = { x: width * 0.04, y: height * 0.16, width: width * 0.5, height: height * 0.6 };
  } else {
    const side = Math.min(width * (ratio < 0.8 ? 0.86 : 0.62), height * 0.56);
    hero = { x: width / 2 - side / 2, y: height * (ratio < 0.8 ? 0.07 : 0.05), width: side, height: side };
    const top = hero.y + side * 1.02;
    logo = {
      x: width * 0.06,
      y: top,
      width: width * 0.88,
      height: Math.max(height * 0.86 - top, height * 0.2),
    };
  }
  const lines = bestLines(title, logo);
  const brandSize = r1(Math.max(11, Math.min(width, height) * 0.03));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">`,
    `<defs>${scene.defs}<radialGradient id="kl-vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.6"/></radialGradient></defs>`,
    `<svg width="${width}" height="${height}" viewBox="0 0 1200 1200" preserveAspectRatio="xMidYMid slice">${scene.background}</svg>`,
    `<rect width="${width}" height="${height}" fill="url(#kl-vignette)"/>`,
    `<svg x="${r1(hero.x)}" y="${r1(hero.y)}" width="${r1(hero.width)}" height="${r1(hero.height)}" viewBox="0 0 200 200">${scene.hero}</svg>`,
    lettering(lines, logo, scene.letters),
    `<text x="${r1(width / 2)}" y="${r1(height - brandSize * 1.2)}" font-family="Verdana, 'DejaVu Sans', sans-serif" font-size="${brandSize}" letter-spacing="${r1(brandSize * 0.3)}" fill="#ffffff" fill-opacity="0.7" text-anchor="middle">REELFORGE</text>`,
    '</svg>',
  ].join('');
}
