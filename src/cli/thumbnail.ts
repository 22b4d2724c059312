// reelforge thumbnail put|delete: uploaded game artwork (PNG, JPEG or WebP, re-encoded to WebP).
import { open } from 'node:fs/promises';
import type { Command } from 'commander';
import { CliError, orFail, outputFor, withStore } from './context.ts';

/** Reads at most one byte past the upload limit, so a huge file is refused without loading it. */
async function readUpload(file: string, limit: number): Promise<Buffer> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(file, 'r');
    const buffer = Buffer.alloc(limit + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    return buffer.subarray(0, length);
  } catch (error) {
    throw new CliError(`cannot read ${file}: ${(error as Error).message}`);
  } finally {
    await handle?.close();
  }
}

export function registerThumbnailCommand(program: Command): void {
  const thumbnail = program.command('thumbnail').description('upload or delete game artwork');

  thumbnail
    .command('put')
    .description('upload a thumbnail (PNG, JPEG or WebP; stored as WebP, at most 960×720)')
    .argument('<symbol>', 'game symbol or slug')
    .argument('<file>', 'image file')
    .action(async (symbol: string, file: string, _options: unknown, command: Command) => {
      const output = outputFor(command);
      const { MAX_UPLOAD_BYTES } = await import('../services/artwork.ts');
      const upload = await readUpload(file, MAX_UPLOAD_BYTES);
      const stored = await withStore(async ({ staff }) => orFail(await staff.artwork.put(symbol, upload)));
      output.result(stored, () => [
        `Stored the thumbnail of ${stored.symbol}: ${stored.content_type}, ${stored.width}×${stored.height}, ETag ${stored.etag}.`,
      ]);
    });

  thumbnail
    .command('delete')
    .description('delete the uploaded thumbnail (the generated SVG is served again)')
    .argument('<symbol>', 'game symbol or slug')
    .action(async (symbol: string, _options: unknown, command: Command) => {
      const output = outputFor(command);
      const removed = await withStore(async ({ staff }) => orFail(await staff.artwork.remove(symbol)));
      output.result({ ...removed, deleted: true }, () => [
        `Deleted the thumbnail of ${removed.symbol}; the generated artwork is served again.`,
      ]);
    });
}
