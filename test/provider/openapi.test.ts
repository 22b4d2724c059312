// The OpenAPI document: valid OpenAPI 3.1, the contract's schemas word for word, every public route.
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResponseChecker } from '../helpers/openapi.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let doc: any;

beforeAll(async () => {
  server = await startTestServer();
  doc = await (await server.request('/openapi.json')).json();
});
afterAll(async () => {
  await server?.close();
});

describe('/openapi.json', () => {
  it('validates as OpenAPI 3.1', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every public route and no internal one', () => {
    const paths = Object.keys(doc.paths);
    for (const path of [
      '/health',
      '/api/provider/v1/games',
      '/api/provider/v1/games/{symbol}',
      '/api/provider/v1/game-art/{symbol}',
      '/api/provider/v1/launch-url',
    ]) {
      expect(paths).toContain(path);
    }
    expect(paths.filter((path) => path.startsWith('/api/admin/'))).toEqual([]);
    expect(Object.keys(doc.webhooks).sort()).toEqual([
      'walletBalance',
      'walletCredit',
      'walletDebit',
      'walletRollback',
    ]);
  });

  it.each([
    ['Game', ['symbol', 'slug', 'title', 'features', 'launch_path']],
    ['FeatureFlags', ['bonus', 'collect', 'free_spins', 'buy_feature', 'special_bet']],
    ['CatalogResponse', ['success', 'data']],
    ['GameResponse', ['success', 'data']],
    ['LaunchUrlData', ['symbol', 'slug', 'currency', 'session_id', 'launch_url', 'expires_at']],
    ['LaunchUrlResponse', ['success', 'data']],
    ['LaunchUrlRequest', ['external_player_id']],
    [
      'WalletCallbackRequest',
      [
        'operator_id',
        'player_id',
        'session_id',
        'game_symbol',
        'currency',
        'request_id',
        'transaction_id',
        'transaction_type',
        'action_type',
        'amount',
      ],
    ],
    ['WalletSuccessResponse', ['success', 'balance']],
    ['WalletErrorResponse', ['success', 'error']],
    ['SpecialBetProfile', []],
    ['Thumbnail', []],
    ['ErrorResponse', []],
  ])('%s has the contract required list', (name, required) => {
    const schema = doc.components.schemas[name];
    expect(schema).toBeDefined();
    expect([...(schema.required ?? [])].sort()).toEqual([...required].sort());
  });

  it('has the Game fields and types of the contract', () => {
    const game = doc.components.schemas.Game.properties;
    expect(Object.keys(game).sort()).toEqual(
      [
        'symbol',
        'slug',
        'title',
        'family',
        'rtp',
        'lines',
        'asset_version',
        'asset_symbol',
        'asset_source',
        'has_local_assets',
        'game_service_version',
        'loader_mode',
        'provider_tagline',
        'shell_strategy',
        'launch_status',
        'live_catalog_enabled',
        'certified_browsers',
        'features',
        'special_bet_profile',
        'thumbnail',
        'thumbnail_url',
        'launch_path',
        // Added in 1.2.0 (issue 26), optional: an operator reading 1.1.0 sees nothing new required.
        'max_win',
        'volatility',
      ].sort(),
    );
    const required: string[] = doc.components.schemas.Game.required ?? [];
    expect(required).not.toContain('max_win');
    expect(required).not.toContain('volatility');
    expect(game.rtp.anyOf.map((s: { type: string }) => s.type).sort()).toEqual(['null', 'number', 'string']);
    expect(game.lines.type).toBe('integer');
    expect(game.thumbnail_url.format).toBe('uri');
    const data = doc.components.schemas.CatalogResponse.properties.data;
    expect([...data.required].sort()).toEqual(['items', 'total']);
  });

  it('serves the reference page at /docs', async () => {
    const response = await fetch(`${server.url}/docs`, { redirect: 'follow' });
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/swagger/i);
  });
});

describe('the response checker used by every integration test', () => {
  it('rejects a body that breaks the document, so the check can fail', () => {
    const checker = createResponseChecker(doc);
    expect(
      checker.check('GET', '/api/provider/v1/games', 200, { success: true, data: { items: [], total: 0 } }),
    ).toEqual([]);
    expect(
      checker.check('GET', '/api/provider/v1/games', 200, { success: true, data: { items: [{ symbol: 1 }] } })
        ?.length,
    ).toBeGreaterThan(0);
    expect(checker.check('GET', '/api/provider/v1/games/x', 418, {})).toEqual([
      expect.stringMatching(/not documented/),
    ]);
  });
});

describe('operator selection header', () => {
  it('is documented on the operator-scoped routes', () => {
    for (const [path, method] of [
      ['/api/provider/v1/games', 'get'],
      ['/api/provider/v1/games/{symbol}', 'get'],
      ['/api/provider/v1/launch-url', 'post'],
    ] as const) {
      const names = doc.paths[path][method].parameters.map(
        (p: { name: string; in: string }) => `${p.in}:${p.name}`,
      );
      expect(names).toContain('header:x-operator-id');
    }
  });
});

describe('what the document says of itself', () => {
  it('its version is the newest addition it describes, never 1.1.0 beside later additions', () => {
    const added = [...JSON.stringify(doc).matchAll(/\b(?:Added in|Since) (\d+\.\d+\.\d+)/g)].map(
      (match) => match[1] as string,
    );
    expect(added.length).toBeGreaterThan(0);
    const byVersion = (a: string, b: string) => {
      const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)];
      const i = x.findIndex((part, n) => part !== y[n]);
      return i < 0 ? 0 : (x[i] as number) - (y[i] as number);
    };
    expect(doc.info.version).toBe(added.sort(byVersion).at(-1));
    expect(doc.info.description).toMatch(/operator-api-1\.1\.0/);
  });

  it('every status an operation names in its text is among its documented responses', () => {
    const missing: string[] = [];
    for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const [method, operation] of Object.entries<any>(item)) {
        const text = `${operation.summary ?? ''} ${operation.description ?? ''}`;
        for (const match of text.matchAll(
          /(?<![×\d.])\b([1-5]\d\d)\b(?![×\d]| (?:days|seconds|ms|rounds|characters))/g,
        )) {
          const status = match[1] as string;
          if (!operation.responses?.[status]) missing.push(`${method.toUpperCase()} ${path}: ${status}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('the reference page reads /openapi.json; /docs/json leads there', async () => {
    const initializer = await (await fetch(`${server.url}/docs/static/swagger-initializer.js`)).text();
    expect(initializer).toContain("new URL('/openapi.json', window.location.href)");
    expect(initializer).not.toContain("resolveUrl('./json')");
    const old = await fetch(`${server.url}/docs/json`, { redirect: 'manual' });
    expect(old.status).toBe(308);
    expect(old.headers.get('location')).toBe('/openapi.json');
  });

  it('serves the wallet guide as an HTML page, every heading and table rendered', async () => {
    const response = await fetch(`${server.url}/docs/wallet-integration`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain('<h1 id="wallet-integration">Wallet integration</h1>');
    expect(html).toContain('<td><code>free_round_feature</code></td>');
    expect(html).toContain('<h2 id="signing-and-the-accepted-clock-skew">');
    // No Markdown left unrendered: fences, bold markers, table rules or headings as text.
    expect(html).not.toMatch(/```|\*\*|\|---|^#+ /m);
    expect(doc.info.description).toContain('(/docs/wallet-integration)');
  });
});
