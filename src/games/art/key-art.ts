// Key art: a game's lobby picture as SVG — its scene, its hero symbol and its title lettered as a
// logo — composed for any shape: landscape puts the hero right of the logo, square and portrait put
// it above. The sizes lobbies ask for are named here; rendering to WebP/PNG happens in the HTTP layer.
import { createHash } from 'node:crypto';
import type { GameInfo } from '../types.ts';
import { type Box, drawsAll, letterMark, letterTitle, logoLines, OUTLINE_EM } from './lettering.ts';
import { sceneFor } from './scenes.ts';
import { BRAND_TYPEFACE, FALLBACK_TYPEFACE, fontOf, typefaceFor } from './typefaces.ts';

export { logoLines };

export const KEY_ART_SIZES = {
  /** The default answer of the artwork endpoint (operator-api 1.1.0): 4:3. */
  card: { width: 480, height: 360 },
  square: { width: 600, height: 600 },
  banner: { width: 1280, height: 720 },
  portrait: { width: 600, height: 900 },
  /** A lobby's small square icon (issue 26): the same composition as square, lettered for its size. */
  icon: { width: 256, height: 256 },
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

/** Lettering in a default serif: only for a title none of our typefaces can draw (another script). */
function textLettering(
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

/** Where the title and the hero sit in a picture of this shape. */
export function keyArtLayout(width: number, height: number): { hero: Box; logo: Box } {
  const ratio = width / height;
  if (ratio >= 1.2) {
    const side = Math.min(height * 0.86, width * 0.46);
    const hero = { x: width * 0.74 - side / 2, y: height * 0.5 - side / 2, width: side, height: side };
    const left = width * 0.045;
    return {
      hero,
      logo: { x: left, y: height * 0.14, width: hero.x - width * 0.01 - left, height: height * 0.64 },
    };
  }
  const side = Math.min(width * (ratio < 0.8 ? 0.86 : 0.62), height * 0.56);
  const hero = {
    x: width / 2 - side / 2,
    y: height * (ratio < 0.8 ? 0.07 : 0.05),
    width: side,
    height: side,
  };
  const top = hero.y + side * 1.02;
  return {
    hero,
    logo: {
      x: width * 0.06,
      y: top,
      width: width * 0.88,
      height: Math.max(height * 0.86 - top, height * 0.2),
    },
  };
}

/** The title as outlines in its game's typeface: shadow, dark outline, coloured rim, metal fill, shine. */
function pathLettering(
  paths: string[],
  size: number,
  colors: { top: string; bottom: string; outline: string },
): string {
  const outline = r1(2 * OUTLINE_EM * size);
  // The outline is drawn five times: once in the defs, then used by reference.
  return [
    `<defs><path id="kl-all" d="${paths.join('')}"/>`,
    `<linearGradient id="kl-fill" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="0.3" stop-color="${colors.top}"/><stop offset="0.56" stop-color="${colors.bottom}"/><stop offset="0.8" stop-color="${colors.bottom}"/><stop offset="1" stop-color="${colors.top}"/></linearGradient>`,
    '<linearGradient id="kl-shine" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="0.45" stop-color="#ffffff" stop-opacity="0.12"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0"/></linearGradient>',
    `<filter id="kl-soft" x="-20%" y="-40%" width="140%" height="180%"><feGaussianBlur stdDeviation="${r1(size * 0.05)}"/></filter></defs>`,
    `<use href="#kl-all" fill="${colors.bottom}" fill-opacity="0.45" stroke="${colors.bottom}" stroke-opacity="0.45" stroke-width="${r1(outline * 2.4)}" stroke-linejoin="round" filter="url(#kl-soft)"/>`,
    `<use href="#kl-all" transform="translate(0 ${r1(size * 0.07)})" fill="#000000" fill-opacity="0.7" stroke="#000000" stroke-opacity="0.7" stroke-width="${outline}" stroke-linejoin="round" filter="url(#kl-soft)"/>`,
    `<use class="kl-outline" href="#kl-all" fill="${colors.outline}" stroke="${colors.outline}" stroke-width="${outline}" stroke-linejoin="round"/>`,
    `<use href="#kl-all" fill="none" stroke="${colors.bottom}" stroke-opacity="0.9" stroke-width="${r1(outline * 0.36)}" stroke-linejoin="round"/>`,
    ...paths.map((d, i) => `<path id="kl-line-${i}" class="kl-title" d="${d}" fill="url(#kl-fill)"/>`),
    ...paths.map((_, i) => `<use href="#kl-line-${i}" fill="url(#kl-shine)"/>`),
  ].join('');
}

/** Light and depth around the hero: rays and a halo behind it, a shadow under it. */
function heroLight(hero: Box, glow: string): { behind: string; defs: string } {
  const cx = hero.x + hero.width / 2;
  const cy = hero.y + hero.height / 2;
  const reach = hero.width * 1.25;
  const rays = Array.from({ length: 18 }, (_, i) => {
    const a = (i / 18) * Math.PI * 2;
    const b = a + Math.PI / 30;
    const p = (t: number) => `${r1(cx + Math.cos(t) * reach)} ${r1(cy + Math.sin(t) * reach)}`;
    return `M${r1(cx)} ${r1(cy)} L${p(a)} L${p(b)} Z`;
  }).join('');
  return {
    defs: [
      `<radialGradient id="kl-rays" gradientUnits="userSpaceOnUse" cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(reach)}"><stop offset="0" stop-color="${glow}" stop-opacity="0.3"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient>`,
      `<radialGradient id="kl-halo" gradientUnits="userSpaceOnUse" cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(hero.width * 0.62)}"><stop offset="0" stop-color="${glow}" stop-opacity="0.55"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient>`,
      `<filter id="kl-drop" x="-20%" y="-20%" width="140%" height="150%"><feGaussianBlur in="SourceAlpha" stdDeviation="${r1(hero.width * 0.025)}"/><feOffset dy="${r1(hero.width * 0.03)}" result="shade"/><feFlood flood-color="#000000" flood-opacity="0.6"/><feComposite in2="shade" operator="in"/><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`,
    ].join(''),
    behind: [
      `<path d="${rays}" fill="url(#kl-rays)"/>`,
      `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(hero.width * 0.62)}" fill="url(#kl-halo)"/>`,
    ].join(''),
  };
}

/**
 * The key art of a game (or, for a symbol we do not know, a generic picture in colours derived from
 * it) at `width` × `height`, with `title` lettered as the logo in the game's typeface. All text is
 * XML-escaped; the title is outlines (class `kl-title`), drawn whole inside `keyArtLayout`'s logo box.
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
  const { hero, logo } = keyArtLayout(width, height);
  const shown = title.replace(NOT_XML_CHAR, '');
  const face = [typefaceFor(game?.slug), FALLBACK_TYPEFACE].find((f) =>
    drawsAll(fontOf(f), f.caps ? shown.toUpperCase() : shown),
  );
  let letters: string;
  if (face && shown.trim() !== '') {
    const lettered = letterTitle(fontOf(face), face.caps ? shown.toUpperCase() : shown, logo);
    letters = pathLettering(lettered.paths, lettered.size, scene.letters);
  } else letters = textLettering(bestLines(title, logo), logo, scene.letters);
  const light = heroLight(hero, scene.letters.top);
  const brandSize = r1(Math.max(11, Math.min(width, height) * 0.03));
  const brand = letterMark(
    fontOf(BRAND_TYPEFACE),
    'REELFORGE',
    width / 2,
    height - brandSize * 1.2,
    brandSize,
    0.3,
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">`,
    `<defs>${scene.defs}${light.defs}<radialGradient id="kl-vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.6"/></radialGradient><linearGradient id="kl-sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.1"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0"/></linearGradient></defs>`,
    `<svg width="${width}" height="${height}" viewBox="0 0 1200 1200" preserveAspectRatio="xMidYMid slice">${scene.background}</svg>`,
    `<rect width="${width}" height="${height}" fill="url(#kl-sky)"/>`,
    light.behind,
    `<rect width="${width}" height="${height}" fill="url(#kl-vignette)"/>`,
    `<g filter="url(#kl-drop)"><svg x="${r1(hero.x)}" y="${r1(hero.y)}" width="${r1(hero.width)}" height="${r1(hero.height)}" viewBox="0 0 200 200">${scene.hero}</svg></g>`,
    letters,
    `<path d="${brand}" fill="#ffffff" fill-opacity="0.7"/>`,
    '</svg>',
  ].join('');
}
