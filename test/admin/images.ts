// Test images: real ones made with sharp, and a hand-built PNG decompression bomb.
import { constants, crc32, deflateRawSync } from 'node:zlib';
import sharp from 'sharp';

export type Format = 'png' | 'jpeg' | 'webp';

export async function solidImage(format: Format, width: number, height: number): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 20 } } });
  return image.toFormat(format).toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A valid 8-bit greyscale PNG of width×height black pixels whose file is tiny: the zlib stream is
 * one compressed block of zero rows repeated (each block is fully flushed, so it stands alone),
 * built without ever holding the decoded image in memory.
 */
export function pngBomb(width: number, height: number, rowsPerBlock = 500): Buffer {
  if (height % rowsPerBlock !== 0) throw new Error('height must be a multiple of rowsPerBlock');
  const rowBytes = width + 1; // filter byte + one byte a pixel
  const block = deflateRawSync(Buffer.alloc(rowBytes * rowsPerBlock), {
    level: 9,
    finishFlush: constants.Z_FULL_FLUSH,
  });
  const last = deflateRawSync(Buffer.alloc(0)); // an empty final block
  const total = rowBytes * height;
  // Adler-32 of `total` zero bytes: a stays 1, b adds 1 a byte.
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((total % 65521) * 65536 + 1, 0);
  const idat = Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array.from({ length: height / rowsPerBlock }, () => block),
    last,
    adler,
  ]);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // bit depth 8, greyscale, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
