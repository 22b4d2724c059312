// Game artwork: a generated SVG when no thumbnail was uploaded, and the checks an upload passes.
import { createHash } from 'node:crypto';
import type { GameInfo } from '../games/types.ts';

export const ART_SYMBOL = /^[A-Za-z0-9_.-]{1,64}$/;
export const MAX_TITLE_LENGTH = 120;

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

export function etagOf(body: Buffer | string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
}

/** Palette of a game, or one derived from the symbol for a game we do not know. */
function paletteFor(symbol: string, game: GameInfo | undefined): GameInfo['palette'] {
  if (game) return game.palette;
  const hue = createHash('sha256').update(symbol).digest()[0] as number;
  const h = Math.round((hue / 255) * 360);
  return { background: `hsl(${h} 55% 16%)`, accent: `hsl(${(h + 40) % 360} 85% 62%)`, text: '#ffffff' };
}

/** Splits a title into at most three lines of about `width` characters. */
export function wrapTitle(title: string, width = 16): string[] {
  const words = title.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length > 3)
    return [
      ...lines.slice(0, 2),
      `${lines
        .slice(2)
        .join(' ')
        .slice(0, width - 1)}…`,
    ];
  return lines.length > 0 ? lines : [''];
}

const GEM_OPACITY = ['0.55', '0.70', '0.85'];

/** The fallback thumbnail: 480×360, the game's colours, its title, three stylised reels. */
export function renderGameArtSvg(symbol: string, title: string, game: GameInfo | undefined): string {
  const { background, accent, text } = paletteFor(symbol, game);
  const lines = wrapTitle(title);
  const fontSize = lines.length > 2 ? 34 : 42;
  const firstY = 200 - ((lines.length - 1) * fontSize * 1.1) / 2;
  const titleSpans = lines
    .map(
      (line, i) => `<tspan x="240" y="${Math.round(firstY + i * fontSize * 1.1)}">${escapeXml(line)}</tspan>`,
    )
    .join('');
  const reels = [0, 1, 2]
    .map(
      (i) =>
        `<rect x="${78 + i * 114}" y="52" width="96" height="68" rx="12" fill="${escapeXml(accent)}" fill-opacity="0.18" stroke="${escapeXml(accent)}" stroke-opacity="0.55" stroke-width="2"/>`,
    )
    .join('');
  const gems = [0, 1, 2]
    .map(
      (i) =>
        `<path d="M${126 + i * 114} 66 l16 20 l-16 20 l-16 -20 z" fill="${escapeXml(accent)}" fill-opacity="${GEM_OPACITY[i]}"/>`,
    )
    .join('');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360" role="img"',
    ` aria-label="${escapeXml(title)}">`,
    '<defs>',
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${escapeXml(background)}"/>`,
    `<stop offset="1" stop-color="#000000"/></linearGradient>`,
    `<radialGradient id="glow" cx="0.5" cy="0.55" r="0.6"><stop offset="0" stop-color="${escapeXml(accent)}" stop-opacity="0.35"/>`,
    `<stop offset="1" stop-color="${escapeXml(accent)}" stop-opacity="0"/></radialGradient>`,
    '</defs>',
    '<rect width="480" height="360" fill="url(#bg)"/>',
    '<rect width="480" height="360" fill="url(#glow)"/>',
    reels,
    gems,
    `<text font-family="Georgia, 'Times New Roman', serif" font-weight="700" font-size="${fontSize}" fill="${escapeXml(text)}" text-anchor="middle">${titleSpans}</text>`,
    `<rect x="150" y="300" width="180" height="2" fill="${escapeXml(accent)}" fill-opacity="0.7"/>`,
    `<text x="240" y="330" font-family="Verdana, sans-serif" font-size="13" letter-spacing="4" fill="${escapeXml(text)}" fill-opacity="0.75" text-anchor="middle">REELFORGE</text>`,
    '</svg>',
  ].join('');
}

export type ImageKind = 'png' | 'jpeg' | 'webp';

/** Recognises an upload by its first bytes, never by what the client claims. */
export function sniffImage(bytes: Buffer): ImageKind | undefined {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return undefined;
}
