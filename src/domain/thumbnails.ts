// Uploaded thumbnails: checked by content, decoded with pixel limits, re-encoded to WebP.
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { findGameInfo } from '../games/index.ts';
import type { Database } from '../store/schema.ts';
import { thumbnailsRepo } from '../store/thumbnails.repo.ts';
import { errors } from './errors.ts';
import { etagOf, sniffImage } from './game-art.ts';
import type { Outcome } from './operator-admin.ts';

export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;
/** Decoding more pixels than this is refused before any allocation: a decompression bomb stops here. */
export const MAX_INPUT_PIXELS = 4096 * 4096;
const OUTPUT = { width: 960, height: 720 };

sharp.cache(false);
sharp.concurrency(1);

export interface ProcessedThumbnail {
  contentType: 'image/webp';
  body: Buffer;
  etag: string;
  width: number;
  height: number;
}

export type ThumbnailResult = { ok: true; thumbnail: ProcessedThumbnail } | { ok: false; detail: string };

/** An SVG document (optionally after a BOM, an XML declaration, comments or a doctype). */
function looksLikeSvg(upload: Buffer): boolean {
  const head = upload
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>/]/i.test(head);
}

export async function processThumbnail(upload: Buffer): Promise<ThumbnailResult> {
  if (upload.length === 0) return { ok: false, detail: 'the request body is empty: send the image bytes' };
  if (upload.length > MAX_UPLOAD_BYTES) return { ok: false, detail: 'the image is larger than 8 MiB' };
  const kind = sniffImage(upload);
  if (!kind && looksLikeSvg(upload))
    return {
      ok: false,
      detail: 'the body is an SVG image: SVG is not accepted; send PNG, JPEG or WebP bytes',
    };
  if (!kind) return { ok: false, detail: 'the body is not a PNG, JPEG or WebP image' };
  try {
    const image = sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
    const meta = await image.metadata();
    if (meta.format !== kind)
      return { ok: false, detail: `the image content is ${meta.format}, not ${kind}` };
    if (!meta.width || !meta.height) return { ok: false, detail: 'the image has no dimensions' };
    if (meta.width * meta.height > MAX_INPUT_PIXELS) {
      return { ok: false, detail: `the image has more than ${MAX_INPUT_PIXELS} pixels` };
    }
    const { data, info } = await image
      .rotate()
      .resize({ ...OUTPUT, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return {
      ok: true,
      thumbnail: {
        contentType: 'image/webp',
        body: data,
        etag: etagOf(data),
        width: info.width,
        height: info.height,
      },
    };
  } catch (error) {
    return { ok: false, detail: `the image could not be decoded: ${(error as Error).message}` };
  }
}

export interface ThumbnailView {
  symbol: string;
  content_type: string;
  width: number;
  height: number;
  etag: string;
}

/** Staff operations on uploaded artwork (game by symbol or slug), shared by the Admin API and the CLI. */
export function thumbnailAdmin(db: Kysely<Database>) {
  const thumbnails = thumbnailsRepo(db);
  return {
    async put(symbolOrSlug: string, upload: Buffer): Promise<Outcome<ThumbnailView>> {
      const game = findGameInfo(symbolOrSlug);
      if (!game) return { ok: false, error: errors.notFound(`game ${symbolOrSlug} not found`) };
      const result = await processThumbnail(upload);
      if (!result.ok) return { ok: false, error: errors.invalidRequest(result.detail) };
      const { thumbnail } = result;
      await thumbnails.put({
        game_symbol: game.symbol,
        content_type: thumbnail.contentType,
        body: thumbnail.body,
        etag: thumbnail.etag,
        width: thumbnail.width,
        height: thumbnail.height,
      });
      return {
        ok: true,
        value: {
          symbol: game.symbol,
          content_type: thumbnail.contentType,
          width: thumbnail.width,
          height: thumbnail.height,
          etag: thumbnail.etag,
        },
      };
    },

    /** Deletes the upload, so the game is shown with its generated SVG again. */
    async remove(symbolOrSlug: string): Promise<Outcome<{ symbol: string }>> {
      const game = findGameInfo(symbolOrSlug);
      if (!game) return { ok: false, error: errors.notFound(`game ${symbolOrSlug} not found`) };
      if (!(await thumbnails.remove(game.symbol)))
        return { ok: false, error: errors.notFound(`game ${game.symbol} has no uploaded thumbnail`) };
      return { ok: true, value: { symbol: game.symbol } };
    },
  };
}
