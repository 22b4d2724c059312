// Game artwork: uploaded thumbnails (checked by content, decoded with pixel limits, re-encoded to
// WebP, stored in PostgreSQL so any node serves them) and the list of games that have one, kept in
// memory and re-read every ARTWORK_REFRESH_MS for uploads made by other nodes or the CLI.
import sharp from 'sharp';
import { errors, type Outcome } from '../domain/errors.ts';
import { etagOf, sniffImage } from '../domain/game-art.ts';
import { findGameInfo } from '../games/index.ts';
import type { ThumbnailRow, ThumbnailsRepo } from '../store/thumbnails.repo.ts';
import type { Changes } from './changes.ts';

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

export const ARTWORK_REFRESH_MS = 10_000;

export interface ArtworkService {
  /** Whether the game has an uploaded thumbnail (from memory). */
  hasUpload(symbol: string): boolean;
  /** Moves with every change of the uploads list, so renderings made from it can tell they are stale. */
  readonly version: number;
  /** The uploaded thumbnail of a game, or undefined (the generated art is shown then). */
  uploaded(symbol: string): Promise<ThumbnailRow | undefined>;
  /** Staff: upload a thumbnail (game by symbol or slug). */
  put(symbolOrSlug: string, upload: Buffer): Promise<Outcome<ThumbnailView>>;
  /** Staff: delete the upload, so the game is shown with its generated art again. */
  remove(symbolOrSlug: string): Promise<Outcome<{ symbol: string }>>;
  /** Reads the uploads list again (other nodes' and the CLI's uploads). */
  refresh(): Promise<void>;
  stop(): void;
}

export async function createArtworkService(deps: {
  thumbnails: ThumbnailsRepo;
  changes: Changes;
  /** Re-read the uploads list every ARTWORK_REFRESH_MS (the server; not the CLI). */
  refreshEvery?: number;
}): Promise<ArtworkService> {
  const { thumbnails, changes } = deps;
  let symbols = new Set<string>();
  let version = 0;

  async function refresh() {
    const fresh = new Set(await thumbnails.symbols());
    const same = fresh.size === symbols.size && [...fresh].every((s) => symbols.has(s));
    if (same && version > 0) return;
    symbols = fresh;
    version++;
  }

  changes.listen((change) => {
    if (change.kind !== 'artwork') return;
    if (change.uploaded) symbols.add(change.symbol);
    else symbols.delete(change.symbol);
    version++;
  });

  const refresher = deps.refreshEvery
    ? setInterval(() => refresh().catch(() => {}), deps.refreshEvery)
    : undefined;
  refresher?.unref();
  await refresh();

  return {
    hasUpload: (symbol) => symbols.has(symbol),
    get version() {
      return version;
    },
    async uploaded(symbol) {
      return symbols.has(symbol) ? thumbnails.find(symbol) : undefined;
    },

    async put(symbolOrSlug, upload) {
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
      changes.announce({ kind: 'artwork', symbol: game.symbol, uploaded: true });
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

    async remove(symbolOrSlug) {
      const game = findGameInfo(symbolOrSlug);
      if (!game) return { ok: false, error: errors.notFound(`game ${symbolOrSlug} not found`) };
      if (!(await thumbnails.remove(game.symbol)))
        return { ok: false, error: errors.notFound(`game ${game.symbol} has no uploaded thumbnail`) };
      changes.announce({ kind: 'artwork', symbol: game.symbol, uploaded: false });
      return { ok: true, value: { symbol: game.symbol } };
    },

    refresh,
    stop() {
      clearInterval(refresher);
    },
  };
}
