// game-art: public, generated key art with escaped text, cache and security headers, ETag/304, 400s;
// the lobby sizes as WebP and PNG, rendered once and cached, and uploads cropped to them.

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameInfos } from '../../src/games/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('generated artwork', () => {
  it('needs no key and carries the headers of DESIGN.md', async () => {
    const response = await server.request(
      '/api/provider/v1/game-art/rf_ember_crown?title=Ember%20Crown&slug=ember-crown',
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get('cache-control')).toMatch(/public/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    const svg = await response.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('Ember Crown');
    expect(svg).toContain('width="480" height="360"'); // the 1.1.0 default shape
    expect(svg).toMatch(/<path id="kl-line-0" class="kl-title" d="M[^"]+"/); // the title lettered as the game's logo
    expect(svg).not.toContain('<text'); // in its own typeface, as outlines: no font librsvg would guess
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await server.request('/api/provider/v1/game-art/rf_jade_paths');
    const etag = first.headers.get('etag') as string;
    const second = await server.request('/api/provider/v1/game-art/rf_jade_paths', {
      headers: { 'if-none-match': etag },
    });
    expect(second.status).toBe(304);
    expect(second.headers.get('etag')).toBe(etag);
    const other = await server.request('/api/provider/v1/game-art/rf_jade_paths', {
      headers: { 'if-none-match': '"nope"' },
    });
    expect(other.status).toBe(200);
  });

  it('takes the title from the query, else the game, else the symbol', async () => {
    const fromQuery = await (
      await server.request('/api/provider/v1/game-art/rf_copper_sevens?title=Lucky%20Copper')
    ).text();
    expect(fromQuery).toContain('Lucky Copper');
    const fromGame = await (await server.request('/api/provider/v1/game-art/rf_copper_sevens')).text();
    expect(fromGame).toContain('Copper Sevens');
    const fromSymbol = await (await server.request('/api/provider/v1/game-art/some_other.game')).text();
    expect(fromSymbol).toContain('some_other.game');
  });

  it('escapes every character of a hostile title', async () => {
    const title = `</text><script>alert("x")</script>&'`;
    const response = await server.request(
      `/api/provider/v1/game-art/rf_ember_crown?title=${encodeURIComponent(title)}`,
    );
    const svg = await response.text();
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;/text&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&apos;');
  });

  it.each([
    ['a symbol with a slash-like or odd character', '/api/provider/v1/game-art/bad%20symbol', /symbol/],
    ['a symbol over 64 characters', `/api/provider/v1/game-art/${'a'.repeat(65)}`, /symbol/],
    [
      'a title over 120 characters',
      `/api/provider/v1/game-art/rf_ember_crown?title=${'t'.repeat(121)}`,
      /title/,
    ],
    ['a bad slug', '/api/provider/v1/game-art/rf_ember_crown?slug=%3Cx%3E', /slug/],
  ])('answers 400 for %s', async (_name, path, detail) => {
    const response = await server.request(path);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ success: false, error: 'invalid_request' });
    expect(body.detail).toMatch(detail);
  });
});

describe('key art at the sizes lobbies use', () => {
  const shapes = {
    square: [600, 600],
    banner: [1280, 720],
    portrait: [600, 900],
    card: [480, 360],
    icon: [256, 256],
  } as const;

  it('answers every game at every size as SVG, its title lettered as outlines (no font left to guess)', async () => {
    for (const game of gameInfos) {
      for (const [size, [width, height]] of Object.entries(shapes)) {
        const response = await server.request(`/api/provider/v1/game-art/${game.symbol}?size=${size}`);
        expect(response.status, `${game.slug} ${size}`).toBe(200);
        const svg = await response.text();
        expect(svg).toContain(`width="${width}" height="${height}"`);
        expect(svg).toMatch(/<path id="kl-line-0" class="kl-title" d="M[^"]+"/);
        expect(svg).not.toContain('<text');
      }
    }
  });

  it.each(Object.entries(shapes))('%s decodes at its size as WebP and PNG', async (size, [width, height]) => {
    for (const format of ['webp', 'png'] as const) {
      const response = await server.request(
        `/api/provider/v1/game-art/rf_harbor_haul?size=${size}&format=${format}`,
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(`image/${format}`);
      expect(response.headers.get('content-security-policy')).toBeNull();
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format, width, height });
    }
  });

  it('answers SVG at a size without a format, and the 1.1.0 answer without either', async () => {
    const sized = await server.request('/api/provider/v1/game-art/rf_harbor_haul?size=banner');
    expect(sized.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await sized.text()).toContain('width="1280" height="720"');
  });

  it('is rendered once: the same bytes and ETag again, 304 on If-None-Match', async () => {
    const url = '/api/provider/v1/game-art/rf_orbit_orchard?size=square&format=webp';
    const first = await server.request(url);
    const bytes = Buffer.from(await first.arrayBuffer());
    const again = await server.request(url);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    const etag = first.headers.get('etag') as string;
    expect(again.headers.get('etag')).toBe(etag);
    const cached = await server.request(url, { headers: { 'if-none-match': etag } });
    expect(cached.status).toBe(304);
  });

  it('renders nothing from unbounded input: any title gives one picture per game, another symbol is 404', async () => {
    const base = '/api/provider/v1/game-art/rf_dune_lantern?size=portrait&format=png';
    const etags = new Set<string | null>();
    for (const title of ['', 'Dune Lantern', 'Anything at all 1', 'Anything at all 2', '<b>x</b>']) {
      const response = await server.request(`${base}&title=${encodeURIComponent(title)}`);
      expect(response.status).toBe(200);
      etags.add(response.headers.get('etag'));
      // Read to the end: a body left unread holds its request open, and the node's close waits for it.
      await response.arrayBuffer();
    }
    expect(etags.size).toBe(1);
    for (const format of ['webp', 'png']) {
      const other = await server.request(
        `/api/provider/v1/game-art/not_our_game_1?size=banner&format=${format}`,
      );
      expect(other.status).toBe(404);
      expect(await other.json()).toMatchObject({
        error: 'not_found',
        detail: expect.stringMatching(/format=svg/),
      });
    }
    const svg = await server.request('/api/provider/v1/game-art/not_our_game_1?size=banner');
    expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    await svg.arrayBuffer();
  });

  it('differs from game to game', async () => {
    const symbols = [
      'rf_ember_crown',
      'rf_dune_lantern',
      'rf_orbit_orchard',
      'rf_harbor_haul',
      'rf_jade_paths',
      'rf_copper_sevens',
    ];
    const pixels = await Promise.all(
      symbols.map(async (symbol) => {
        const response = await server.request(`/api/provider/v1/game-art/${symbol}?size=square&format=png`);
        return sharp(Buffer.from(await response.arrayBuffer()))
          .resize(32, 32)
          .raw()
          .toBuffer();
      }),
    );
    for (let i = 0; i < pixels.length; i++)
      for (let j = i + 1; j < pixels.length; j++) {
        const a = pixels[i] as Buffer;
        const b = pixels[j] as Buffer;
        let diff = 0;
        for (let k = 0; k < a.length; k++) diff += Math.abs((a[k] as number) - (b[k] as number));
        expect(diff / a.length, `${symbols[i]} vs ${symbols[j]}`).toBeGreaterThan(20);
      }
  });

  it('answers 400 for an unknown size or format', async () => {
    for (const query of ['size=huge', 'format=gif', 'size=square&format=jpeg']) {
      const response = await server.request(`/api/provider/v1/game-art/rf_ember_crown?${query}`);
      expect(response.status, query).toBe(400);
    }
  });
});

describe('uploads made elsewhere', () => {
  it('are served once the node re-reads the artwork list (other nodes, the CLI)', async () => {
    const { thumbnailsRepo } = await import('../../src/store/thumbnails.repo.ts');
    const body = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#336699' } })
      .webp()
      .toBuffer();
    // Written straight to the store, as another node or the CLI would.
    await thumbnailsRepo(server.store.db).put({
      game_symbol: 'rf_harbor_haul',
      content_type: 'image/webp',
      body,
      etag: '"elsewhere"',
      width: 8,
      height: 6,
    });
    const before = await server.request('/api/provider/v1/game-art/rf_harbor_haul');
    expect(before.headers.get('content-type')).toMatch(/svg/);
    await server.services.artwork.refresh(); // what the node's timer does every ARTWORK_REFRESH_MS
    const after = await server.request('/api/provider/v1/game-art/rf_harbor_haul');
    expect(after.headers.get('content-type')).toBe('image/webp');
    expect(after.headers.get('etag')).toBe('"elsewhere"');
    // Asked for a lobby size, the upload is cropped to it.
    const banner = await server.request('/api/provider/v1/game-art/rf_harbor_haul?size=banner&format=png');
    expect(banner.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await banner.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1280, height: 720 });
  });
});
