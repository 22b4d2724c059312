// Admin API: thumbnail upload and delete, and the public game-art route that serves them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameInfos } from '../../src/games/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { type Format, pngBomb, solidImage } from './images.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const [ember, dune, orbit, harbor] = gameInfos as unknown as [
  (typeof gameInfos)[0],
  (typeof gameInfos)[0],
  (typeof gameInfos)[0],
  (typeof gameInfos)[0],
];

function upload(symbol: string, body: Buffer | string, contentType = 'image/png', token = server.adminToken) {
  return server.request(`/api/admin/v1/games/${symbol}/thumbnail`, {
    method: 'PUT',
    body: typeof body === 'string' ? body : new Uint8Array(body),
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
  });
}

function art(symbol: string, headers: Record<string, string> = {}) {
  return server.request(`/api/provider/v1/game-art/${symbol}`, { headers });
}

async function expectWebp(symbol: string, etag: string): Promise<void> {
  const response = await art(symbol);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/webp');
  expect(response.headers.get('etag')).toBe(etag);
  expect(response.headers.get('cache-control')).toContain('public');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(bytes.toString('latin1', 0, 4)).toBe('RIFF');
  expect(bytes.toString('latin1', 8, 12)).toBe('WEBP');
  const cached = await art(symbol, { 'if-none-match': etag });
  expect(cached.status).toBe(304);
  expect(await cached.text()).toBe('');
}

describe('happy', () => {
  it.each([
    ['png', 64, 48],
    ['jpeg', 120, 90],
    ['webp', 300, 200],
  ] as const)(
    'stores a %s upload as WebP and serves it with an ETag',
    async (format: Format, width, height) => {
      const response = await upload(ember.symbol, await solidImage(format, width, height), `image/${format}`);
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body).toEqual({
        symbol: ember.symbol,
        content_type: 'image/webp',
        width,
        height,
        etag: expect.stringMatching(/^"[\w-]{22}"$/),
      });
      await expectWebp(ember.symbol, body.etag);
      const row = await server.store.db
        .selectFrom('game_thumbnails')
        .select(['content_type', 'width', 'height', 'etag'])
        .where('game_symbol', '=', ember.symbol)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ content_type: 'image/webp', width, height, etag: body.etag });
    },
  );

  it('shrinks a large image to fit 960×720, by slug, from an octet-stream body', async () => {
    const response = await upload(
      dune.slug,
      await solidImage('jpeg', 2000, 1000),
      'application/octet-stream',
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ symbol: dune.symbol, width: 960, height: 480 });
  });

  it('delete brings back the generated SVG', async () => {
    const put = await upload(orbit.symbol, await solidImage('png', 32, 32));
    expect(put.status).toBe(200);
    expect((await art(orbit.symbol)).headers.get('content-type')).toBe('image/webp');

    expect(await server.admin('DELETE', `/api/admin/v1/games/${orbit.symbol}/thumbnail`)).toEqual({
      status: 204,
      body: undefined,
    });
    const svg = await art(orbit.symbol);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(svg.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await svg.text()).toContain('<svg');
    const row = await server.store.db
      .selectFrom('game_thumbnails')
      .select('game_symbol')
      .where('game_symbol', '=', orbit.symbol)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });
});

describe('error', () => {
  it.each([
    ['text', Buffer.from('hello, this is not an image'), /not a PNG, JPEG or WebP/],
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'),
      /SVG is not accepted/,
    ],
    [
      'a PNG header followed by garbage',
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(512, 0x5a)]),
      /could not be decoded/,
    ],
    [
      'a JPEG header followed by garbage',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(64, 1)]),
      /./,
    ],
    ['an empty body', Buffer.alloc(0), /./],
  ])('400 for %s, and the current thumbnail stays', async (_name, body, detail) => {
    const good = await (await upload(harbor.symbol, await solidImage('png', 16, 16))).json();
    const response = await upload(harbor.symbol, body);
    expect(response.status).toBe(400);
    const answer = await response.json();
    expect(answer).toMatchObject({ success: false, error: 'invalid_request' });
    expect(answer.detail).toMatch(detail);
    expect((await art(harbor.symbol)).headers.get('etag')).toBe(good.etag);
  });

  it('a truncated PNG is refused', async () => {
    const png = await solidImage('png', 400, 300);
    const response = await upload(harbor.symbol, png.subarray(0, Math.floor(png.length / 2)));
    expect(response.status).toBe(400);
  });

  it('415 for a body sent as text', async () => {
    const response = await upload(harbor.symbol, 'not an image', 'text/plain');
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ success: false, error: 'unsupported_media_type' });
  });

  it('415 for an SVG says SVG is not accepted and which image types are', async () => {
    const response = await upload(
      harbor.symbol,
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'image/svg+xml',
    );
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      success: false,
      error: 'unsupported_media_type',
      detail:
        'SVG (image/svg+xml) is not accepted: send PNG, JPEG or WebP bytes as image/png, image/jpeg or image/webp',
    });
  });

  it('415 for another image type names the ones it takes', async () => {
    const response = await upload(harbor.symbol, Buffer.from('GIF89a'), 'image/gif');
    expect(response.status).toBe(415);
    expect((await response.json()).detail).toBe(
      'content-type image/gif is not accepted here: send PNG, JPEG or WebP bytes as image/png, image/jpeg or image/webp',
    );
  });

  it('SVG bytes under an image content type are named as SVG', async () => {
    const response = await upload(
      harbor.symbol,
      Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).detail).toBe(
      'the body is an SVG image: SVG is not accepted; send PNG, JPEG or WebP bytes',
    );
  });

  it('413 for a body over 8 MiB', async () => {
    const response = await upload(harbor.symbol, Buffer.alloc(8 * 1024 * 1024 + 1));
    expect(response.status).toBe(413);
  });

  it('404 for an unknown game, and for deleting a thumbnail that does not exist', async () => {
    expect((await upload('rf_no_such_game', await solidImage('png', 8, 8))).status).toBe(404);
    expect((await server.admin('DELETE', '/api/admin/v1/games/rf_no_such_game/thumbnail')).status).toBe(404);
    const none = await server.admin('DELETE', `/api/admin/v1/games/${gameInfos[5]?.symbol}/thumbnail`);
    expect(none).toEqual({
      status: 404,
      body: {
        success: false,
        error: 'not_found',
        detail: `game ${gameInfos[5]?.symbol} has no uploaded thumbnail`,
      },
    });
  });
});

describe('security', () => {
  it('401 without the admin token, and nothing is stored', async () => {
    const response = await upload(
      gameInfos[5]?.symbol as string,
      await solidImage('png', 8, 8),
      'image/png',
      'x',
    );
    expect(response.status).toBe(401);
    expect((await art(gameInfos[5]?.symbol as string)).headers.get('content-type')).toContain(
      'image/svg+xml',
    );
  });

  it('a decompression bomb is refused before it is decoded: 400 and memory stays bounded', async () => {
    // 20000×20000 greyscale = 400 MB decoded (1.2 GB once libvips makes it RGB), ~390 KB on the wire.
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    // The server runs in this process, so its memory is ours: sample RSS through the request.
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    try {
      const response = await upload(ember.symbol, bomb);
      expect(response.status).toBe(400);
      expect((await response.json()).detail).toMatch(/pixel/);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    // The detail naming the pixel limit proves the refusal came before decoding. The RSS bound
    // guards against any code path that materialises the image (≥ 400 MB); parsing the header and
    // buffering the body take a few MB, and 300 MB leaves room for GC timing and sharp's threads.
    expect(peak - before).toBeLessThan(300 * 1024 * 1024);
    expect((await server.request('/health')).status).toBe(200);
  });
});
