// The demo lobby's page and Play redirect, with a fake of the provider-API launcher.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../services/index.ts';
import { clientDist } from '../gs2c/client-dist.ts';
import type { DemoLauncher, LobbyGame } from './demo-launch.ts';
import { registerLobby } from './index.ts';

let dir: string;
let app: FastifyInstance;
const launches: Array<Parameters<DemoLauncher['launch']>[0]> = [];

const launcher: DemoLauncher = {
  async catalog(): Promise<LobbyGame[]> {
    return [
      {
        symbol: 'rf_ember_crown',
        title: 'Ember <Crown>',
        family: 'video-slot',
        rtp: '96.50',
        provider_tagline: 'Crowns & embers',
        thumbnail_url: 'http://art.example/game-art/rf_ember_crown?title=Ember&slug=ember-crown',
        features: { free_spins: true, bonus: false, special_bet: true, multipliers: true },
        max_win: { multiplier: '5000.00', kind: 'cap' },
        volatility: { level: 4, band: 'high', sd: '9.180' },
      },
      {
        symbol: 'rf_copper_sevens',
        title: 'Copper Sevens',
        family: 'classic-slot',
        rtp: '96.50',
        thumbnail_url: 'http://art.example/game-art/rf_copper_sevens?title=Copper%20Sevens',
        features: { free_spins: false },
        max_win: null,
        volatility: null,
      },
    ];
  },
  async launch(input) {
    launches.push(input);
    if (input.symbol === 'rf_closed') return { ok: false, status: 403, detail: 'game not enabled' };
    return {
      ok: true,
      launchUrl: `http://games.example/gs2c/play/${input.symbol}?token=ses_x&device=${input.device}`,
    };
  },
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'rf-lobby-'));
  await writeFile(
    path.join(dir, 'lobby.html'),
    '<h2><!--rf:count--></h2><div class="chips"><!--rf:chips--></div><ul><!--rf:tiles--></ul><footer><!--rf:footer--></footer>',
  );
  app = Fastify();
  const services = {
    config: { publicBaseUrl: 'http://lobby.example', gameBaseUrl: 'http://games.example' },
  } as unknown as Services;
  registerLobby(app, services, { dist: clientDist(dir), launcher });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

describe('demo lobby', () => {
  it('lists the catalog as tiles with artwork and a named Play button, escaped', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('aria-label="Play Ember &#60;Crown&#62;"');
    expect(response.body).toContain(
      'src="http://art.example/game-art/rf_ember_crown?title=Ember&#38;slug=ember-crown&#38;size=card"',
    );
    expect(response.body).toContain('<h2>2 games</h2>');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("img-src 'self' data: http://lobby.example");
    expect(csp).toContain("form-action 'self' http://games.example");
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('shows the hooks from the catalog: max win, a volatility meter, feature badges, RTP', async () => {
    const body = (await app.inject({ url: '/' })).body;
    const ember = body.slice(
      body.indexOf('data-symbol="rf_ember_crown"'),
      body.indexOf('data-symbol="rf_copper_sevens"'),
    );
    expect(ember).toContain('Win up to <strong>5,000×</strong>');
    expect(ember).toContain('<p class="volatility" data-level="4">');
    expect(ember).toContain('<span class="band">High</span>');
    expect(ember).toContain('<li>Free spins</li><li>Multipliers</li><li>Ante bet</li>');
    expect(ember).toContain('RTP 96.50%');
    expect(ember).toContain('data-tags="free-spins multipliers ante high-volatility"');
    const copper = body.slice(body.indexOf('data-symbol="rf_copper_sevens"'));
    expect(copper).not.toContain('Win up to'); // not certified: no figure is made up
    expect(copper).not.toContain('class="volatility"');
    expect(copper).toContain('data-tags="classic"');
  });

  it('offers the chips some game is in, All first and pressed', async () => {
    const body = (await app.inject({ url: '/' })).body;
    const chips = [...body.matchAll(/data-filter="([\w-]+)" aria-pressed="(\w+)">([^<]+)</g)].map((m) =>
      m.slice(1),
    );
    expect(chips).toEqual([
      ['all', 'true', 'All'],
      ['free-spins', 'false', 'Free spins'],
      ['high-volatility', 'false', 'High volatility'],
      ['classic', 'false', 'Classic'],
    ]);
  });

  it('Play launches for a cookie-remembered demo player and redirects to the launch URL', async () => {
    const first = await app.inject({
      method: 'POST',
      url: '/lobby/play',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'symbol=rf_ember_crown&device=mobile',
    });
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe(
      'http://games.example/gs2c/play/rf_ember_crown?token=ses_x&device=mobile',
    );
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^rf_demo_player=demo-[A-Za-z0-9]+; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax$/,
    );
    const player = launches.at(-1)?.playerId;
    expect(launches.at(-1)).toMatchObject({ device: 'mobile', returnUrl: 'http://lobby.example/' });

    const again = await app.inject({
      method: 'POST',
      url: '/lobby/play',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `rf_demo_player=${player}` },
      payload: 'symbol=rf_ember_crown&device=desktop',
    });
    expect(again.statusCode).toBe(303);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(launches.at(-1)).toMatchObject({ playerId: player, device: 'desktop' });
  });

  it('shows why a launch was refused', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/lobby/play',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'symbol=rf_closed',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('game not enabled');
  });
});
