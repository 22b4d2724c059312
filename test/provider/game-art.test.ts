// game-art: public, generated SVG with escaped text, cache and security headers, ETag/304, 400s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(svg).toContain('#ff8a3d'); // the game's own accent colour
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

describe('uploads made elsewhere', () => {
  it('are served once the node re-reads the artwork list (other nodes, the CLI)', async () => {
    const sharp = (await import('sharp')).default;
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
  });
});
