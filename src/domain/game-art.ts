// Game artwork: the generated key art when no thumbnail was uploaded, and the checks an upload passes.
import { createHash } from 'node:crypto';
import { escapeXml, KEY_ART_SIZES, renderKeyArtSvg } from '../games/art/key-art.ts';
import type { GameInfo } from '../games/types.ts';

export const ART_SYMBOL = /^[A-Za-z0-9_.-]{1,64}$/;
export const MAX_TITLE_LENGTH = 120;

/** Escapes text for XML content and attributes; drops characters XML 1.0 cannot carry. */
export { escapeXml };

export function etagOf(body: Buffer | string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
}

/** The default artwork (operator-api 1.1.0): the game's key art as a 480×360 SVG. */
export function renderGameArtSvg(symbol: string, title: string, game: GameInfo | undefined): string {
  const { width, height } = KEY_ART_SIZES.card;
  return renderKeyArtSvg(symbol, title, game, width, height);
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
