// npm run screenshots: the gallery in docs/screenshots/ — every game's key art, its intro screen, the
// base game on a desktop, a phone held upright and sideways, a big win, its feature scene (free spins,
// the pick bonus or hold-and-collect, reached by a seeded spin) and its settings screen; and the
// demo lobby on a desktop and a phone. A real node on an embedded PostgreSQL in a temporary folder
// (APP_ENV=test, for the seeded RNG that makes a chosen spin happen), Debian's Chromium in software
// rendering, the built client.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { gameInfos } from '../src/games/index.ts';
import { findSeed, stakeMultiple } from '../test/e2e/seeds.ts';
import { DESKTOP, PHONE, PHONE_LANDSCAPE, ROOT, startShowcase } from './lib/showcase.ts';

const out = path.join(ROOT, 'docs/screenshots');
await mkdir(out, { recursive: true });
const showcase = await startShowcase();
const { launch, open } = showcase;

/** A screenshot as WebP: a tenth of the PNG's size, so the gallery can live in the repository. */
async function shot(page: Page, name: string): Promise<string> {
  const file = `${name}.webp`;
  await sharp(await page.screenshot())
    .webp({ quality: 80 })
    .toFile(path.join(out, file));
  return file;
}

const rows: string[] = [];
for (const game of gameInfos) {
  const { symbol, slug, title } = game;
  const files: string[] = [];
  const art = await fetch(`${showcase.url}/api/provider/v1/game-art/${symbol}?size=banner&format=webp`);
  await writeFile(path.join(out, `${slug}-key-art.webp`), Buffer.from(await art.arrayBuffer()));
  files.push(`${slug}-key-art.webp`);

  // The intro screen a first-time player sees: key features, max win and volatility.
  const intro = await showcase.browser.newContext({ ...DESKTOP, reducedMotion: 'no-preference' });
  const introPage = await intro.newPage();
  await introPage.goto(await launch(symbol, `shots-${slug}-i`, 'desktop'));
  await introPage.waitForSelector('[data-testid="intro"]', { timeout: 60_000 });
  await introPage.waitForTimeout(600);
  files.push(await shot(introPage, `${slug}-intro`));
  await intro.close();

  const desktop = await open(await launch(symbol, `shots-${slug}-d`, 'desktop'), DESKTOP);
  files.push(await shot(desktop, `${slug}-desktop`));
  await desktop.context().close();

  const phone = await open(await launch(symbol, `shots-${slug}-m`, 'mobile'), PHONE);
  files.push(await shot(phone, `${slug}-phone`));
  // The settings screen on the phone, where it must fit.
  await phone.getByTestId('settings-open').click();
  await phone.waitForSelector('[data-testid="settings"][open]');
  await phone.waitForTimeout(400);
  files.push(await shot(phone, `${slug}-settings-phone`));
  await phone.context().close();

  const sideways = await open(await launch(symbol, `shots-${slug}-l`, 'mobile'), PHONE_LANDSCAPE);
  files.push(await shot(sideways, `${slug}-phone-landscape`));
  await sideways.context().close();

  // A big win: the first seed paying at least twelve times the stake, caught mid-celebration.
  const bigSeed = findSeed(symbol, 'base', (o) => stakeMultiple(symbol, o) >= 12 && o.features.length === 0);
  const big = await open(await launch(symbol, `shots-${slug}-big`, 'desktop', bigSeed), DESKTOP);
  await big.getByRole('button', { name: 'Spin', exact: true }).click();
  await big.waitForSelector('[data-testid="overlay"][data-screen="win"]', { timeout: 60_000 });
  await big.waitForTimeout(1800);
  files.push(await shot(big, `${slug}-big-win`));
  await big.context().close();

  // Its feature scene: free spins under way, the pick bonus or hold-and-collect.
  const scenes = [
    ['free-spins', 'free_spins', game.features.free_spins],
    ['bonus', 'pick', game.features.bonus],
    ['hold', 'hold_and_collect', game.features.collect],
  ] as const;
  for (const [kind, wanted, has] of scenes) {
    if (!has) continue;
    const seed = findSeed(symbol, 'base', (o) => o.features.some((f) => f.type === wanted));
    const page = await open(await launch(symbol, `shots-${slug}-${kind}`, 'desktop', seed), DESKTOP);
    await page.getByRole('button', { name: 'Spin', exact: true }).click();
    if (wanted === 'free_spins') {
      await page.waitForSelector('[data-testid="fs-start"]', { timeout: 60_000 });
      files.push(await shot(page, `${slug}-free-spins-intro`));
      await page.getByTestId('fs-start').click();
      await page.waitForSelector('#app[data-scene="feature"]', { timeout: 60_000 });
      await page.waitForTimeout(2500);
    } else if (wanted === 'pick') {
      await page.waitForSelector('[data-testid="pick-bonus"]', { timeout: 60_000 });
      await page.waitForTimeout(800);
      // Two picks revealed, the rest still to choose.
      for (const tile of (await page.locator('[data-testid="pick-bonus"] button.pick').all()).slice(0, 2)) {
        await tile.click();
        await page.waitForTimeout(700);
      }
    } else {
      await page.waitForSelector('[data-testid="respins"]:not([hidden])', { timeout: 60_000 });
      await page.waitForTimeout(1500);
    }
    files.push(await shot(page, `${slug}-${kind}`));
    await page.context().close();
  }
  rows.push(`| ${title} | ${files.map((f) => `<img src="${f}" width="220">`).join(' ')} |`);
  console.log(`${title}: ${files.length} pictures`);
}

// The demo lobby, on a desktop and a phone.
const lobbyFiles: string[] = [];
for (const [name, device] of [
  ['lobby-desktop', DESKTOP],
  ['lobby-phone', PHONE],
] as const) {
  const context = await showcase.browser.newContext({ ...device });
  const page = await context.newPage();
  await page.goto(`${showcase.url}/`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(800);
  const file = `${name}.webp`;
  await sharp(await page.screenshot({ fullPage: true }))
    .webp({ quality: 80 })
    .toFile(path.join(out, file));
  lobbyFiles.push(file);
  await context.close();
}

await writeFile(
  path.join(out, 'README.md'),
  [
    '# Screenshots',
    '',
    'Written by `npm run screenshots` (headless Chromium, software rendering). Per game: its key art',
    '(`game-art?size=banner&format=webp`), the intro screen a first-time player sees, the base game on',
    'a desktop, its settings screen on a phone held upright, the phone held sideways, a big win being',
    'counted up, and its feature scenes reached by a seeded spin (the free-spins intro and a free spin',
    'under way, the pick bonus with two picks revealed, hold-and-collect with its respins counter).',
    '',
    '| game | key art · intro · desktop · phone · settings · landscape · big win · feature scenes |',
    '|---|---|',
    ...rows,
    '',
    '## Demo lobby',
    '',
    lobbyFiles.map((f) => `<img src="${f}" width="440">`).join(' '),
    '',
  ].join('\n'),
);
await showcase.close();
