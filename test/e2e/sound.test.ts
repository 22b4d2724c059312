// Sound in Chromium, every game: silent until the first gesture, then its own music on the music
// bus at the player's music volume, mute silencing music and effects and surviving a reload; and the
// feature track taking over for free spins. The page's audio graph is watched through a small probe
// (the AudioContext, the gains connected to the speakers, the count of sources started).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameInfos } from '../../src/games/index.ts';
import type { TestServer } from '../helpers/server.ts';
import {
  DESKTOP,
  findSeed,
  idle,
  launchChromium,
  launchUrl,
  newContext,
  runtime,
  startE2eServer,
} from './helpers.ts';

let server: TestServer;
let browser: Browser;
let apiKey: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
  apiKey = (await server.createOperator()).apiKey;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Probe {
  contexts: AudioContext[];
  /** Nodes connected straight to the speakers: the music and effects buses. */
  outputs: AudioNode[];
  started: number;
}

/** Runs in the page before its scripts: records the contexts, the bus nodes and each source started. */
function installProbe(prefs: string) {
  // Added to what is stored (the test context may already have turned the intro off), once: a
  // reload keeps what the player chose since.
  const stored = JSON.parse(localStorage.getItem('rf.prefs.v1') ?? '{}') as Record<string, unknown>;
  if (!('music' in stored))
    localStorage.setItem('rf.prefs.v1', JSON.stringify({ ...stored, ...JSON.parse(prefs) }));
  const probe: Probe = { contexts: [], outputs: [], started: 0 };
  (window as unknown as { rfAudio: Probe }).rfAudio = probe;
  const Native = window.AudioContext;
  window.AudioContext = class extends Native {
    constructor(options?: AudioContextOptions) {
      super(options);
      probe.contexts.push(this);
    }
  };
  const connect = AudioNode.prototype.connect as (this: AudioNode, ...args: unknown[]) => unknown;
  AudioNode.prototype.connect = function (this: AudioNode, ...args: unknown[]) {
    if (args[0] instanceof AudioDestinationNode) probe.outputs.push(this);
    return connect.apply(this, args);
  } as typeof AudioNode.prototype.connect;
  const start = AudioScheduledSourceNode.prototype.start;
  AudioScheduledSourceNode.prototype.start = function (this: AudioScheduledSourceNode, ...args) {
    probe.started++;
    return start.apply(this, args);
  };
}

async function audio(page: Page) {
  return page.evaluate(() => {
    const probe = (window as unknown as { rfAudio: Probe }).rfAudio;
    return {
      contexts: probe.contexts.length,
      state: probe.contexts[0]?.state ?? null,
      gains: probe.outputs
        .filter((n): n is GainNode => n instanceof GainNode)
        .map((n) => Math.round(n.gain.value * 1000) / 1000)
        .sort((a, b) => a - b),
      started: probe.started,
    };
  });
}

/** Sources started over `ms` of page time (music schedules notes all the while it plays). */
async function startedOver(page: Page, ms: number): Promise<number> {
  const before = (await audio(page)).started;
  await page.waitForTimeout(ms);
  return (await audio(page)).started - before;
}

async function waitForGains(page: Page, expected: number[]) {
  await page.waitForFunction(
    (want) => {
      const probe = (window as unknown as { rfAudio: Probe }).rfAudio;
      const got = probe.outputs
        .filter((n): n is GainNode => n instanceof GainNode)
        .map((n) => n.gain.value)
        .sort((a, b) => a - b);
      return got.length === want.length && got.every((g, i) => Math.abs(g - (want[i] ?? -1)) < 0.01);
    },
    expected,
    { timeout: 10_000 },
  );
}

describe('sound and music', () => {
  for (const game of gameInfos) {
    it(`${game.title}: music after the first click at the music volume; mute silences both and survives a reload`, async () => {
      const launch = await launchUrl(server, apiKey, { symbol: game.symbol, player: `p-sound-${game.slug}` });
      const context = await newContext(browser, DESKTOP);
      // Music at half (gain 0.25, the square of the slider), effects full.
      await context.addInitScript(installProbe, JSON.stringify({ music: 0.5, effects: 1, muted: false }));
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(launch.url);
      await idle(page);
      // Nothing before a gesture (browsers would refuse it anyway).
      expect(await audio(page)).toMatchObject({ contexts: 0, started: 0 });
      expect(await page.getAttribute('#app', 'data-music')).toBeNull();

      await page.getByRole('button', { name: 'Spin', exact: true }).click();
      await idle(page, 60_000);
      await page.waitForSelector('#app[data-music="base"]', { timeout: 10_000 });
      expect((await audio(page)).state).toBe('running');
      await waitForGains(page, [0.25, 1]);
      expect(await startedOver(page, 1500)).toBeGreaterThan(3); // idle, so these are the music's notes

      // Mute: both buses to silence, the music stops making notes, the choice is stored.
      await page.getByRole('button', { name: 'Mute sound' }).click();
      await waitForGains(page, [0, 0]);
      await page.waitForSelector('#app[data-music="off"]');
      await page.waitForTimeout(2200); // the fade-out's notes
      expect(await startedOver(page, 1000)).toBe(0);
      expect(
        JSON.parse((await page.evaluate(() => localStorage.getItem('rf.prefs.v1'))) ?? '{}'),
      ).toMatchObject({
        muted: true,
        music: 0.5,
      });

      // A reload keeps it: still silent after a gesture, and unmuting brings both back.
      await page.reload();
      await idle(page);
      const mute = page.getByRole('button', { name: 'Mute sound' });
      expect(await mute.getAttribute('aria-pressed')).toBe('true');
      await mute.click(); // unmute, and the first gesture
      expect((await audio(page)).state).toBe('running');
      await waitForGains(page, [0.25, 1]);
      await page.waitForSelector('#app[data-music="base"]', { timeout: 10_000 });
      expect(await startedOver(page, 1500)).toBeGreaterThan(3);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('free spins play the feature track and the base track returns after them', async () => {
    const symbol = 'rf_ember_crown';
    const seed = findSeed(symbol, 'base', (o) => o.features.some((f) => f.type === 'free_spins'));
    const launch = await launchUrl(server, apiKey, { symbol, player: 'p-sound-feature' });
    expect((await runtime(server, launch.token, 'test/rng', { seed })).status).toBe(204);
    const context = await newContext(browser, DESKTOP);
    await context.addInitScript(installProbe, JSON.stringify({ music: 1, effects: 1, muted: false }));
    const page = await context.newPage();
    await page.goto(launch.url);
    await idle(page);
    const tracks: string[] = [];
    await page.exposeFunction('rfMusic', (track: string) => tracks.push(track));
    await page.evaluate(() => {
      const app = document.getElementById('app') as HTMLElement;
      new MutationObserver(() =>
        (window as unknown as { rfMusic(t: string): void }).rfMusic(app.dataset.music ?? ''),
      ).observe(app, { attributes: true, attributeFilter: ['data-music'] });
    });
    await page.getByRole('button', { name: 'Spin', exact: true }).click();
    await page.getByTestId('free-spins').waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForSelector('#app[data-music="feature"]', { timeout: 10_000 });
    expect(await startedOver(page, 1000)).toBeGreaterThan(3);
    await idle(page, 180_000);
    await page.waitForSelector('#app[data-music="base"]', { timeout: 10_000 });
    expect(tracks).toEqual(['base', 'feature', 'base']);
    await context.close();
  });
});
