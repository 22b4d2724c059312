// Key art as WebP or PNG at the sizes lobbies use: the generated SVG rasterised by sharp (librsvg),
// or an uploaded thumbnail cropped to the shape. Each picture is rendered once and kept (a bounded
// map, least recently used out first); concurrent asks for the same picture share one rendering.
import sharp from 'sharp';
import { etagOf } from './game-art.ts';

export interface RasterImage {
  body: Buffer;
  etag: string;
}

export type RasterFormat = 'webp' | 'png';

/** Pictures kept; at 1280×720 WebP is about 100 KB, so the bound is a few tens of MB. */
const KEPT = 300;

async function encode(image: ReturnType<typeof sharp>, format: RasterFormat): Promise<RasterImage> {
  const body =
    format === 'webp'
      ? await image.webp({ quality: 86, effort: 4 }).toBuffer()
      : await image.png({ compressionLevel: 9, palette: false }).toBuffer();
  return { body, etag: etagOf(body) };
}

export function rasterArt() {
  const kept = new Map<string, Promise<RasterImage>>();

  function remember(key: string, render: () => Promise<RasterImage>): Promise<RasterImage> {
    const known = kept.get(key);
    if (known) {
      kept.delete(key); // re-insert: most recently used last
      kept.set(key, known);
      return known;
    }
    const made = render();
    kept.set(key, made);
    made.catch(() => kept.delete(key)); // a failure is not kept; the caller sees it
    while (kept.size > KEPT) kept.delete(kept.keys().next().value as string);
    return made;
  }

  return {
    /** The SVG `render()` returns, rasterised at its own width and height. */
    fromSvg(key: string, render: () => string, format: RasterFormat): Promise<RasterImage> {
      return remember(`svg\n${format}\n${key}`, () => encode(sharp(Buffer.from(render())), format));
    },

    /** An uploaded image (already checked and re-encoded at upload) cropped to `shape`. */
    fromUpload(
      etag: string,
      body: Buffer,
      shape: { width: number; height: number },
      format: RasterFormat,
    ): Promise<RasterImage> {
      return remember(`upload\n${format}\n${etag}\n${shape.width}x${shape.height}`, () =>
        encode(sharp(body).resize({ ...shape, fit: 'cover', position: 'attention' }), format),
      );
    },

    get size(): number {
      return kept.size;
    },
  };
}
