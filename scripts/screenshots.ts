// npm run screenshots: the gallery in docs/screenshots/ — every game on a desktop and a phone, in the
// base game, during a big win and in free spins (or its own feature), plus each game's key art. A
// real node on an embedded PostgreSQL in a temporary folder (APP_ENV=test, for the seeded RNG that
// makes a chosen spin happen), Debian's Chromium in software rendering, the built client.
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

  const desktop = await open(await launch(symbol, `shots-${slug}-d`, 'desktop'), DESKTOP);
  files.push(await shot(desktop, `${slug}-desktop`));
  await desktop.context().close();

  const phone = await open(await launch(symbol, `shots-${slug}-m`, 'mobile'), PHONE);
  files.push(await shot(phone, `${slug}-phone`));
  await phone.context().close();

  // A big win: the first seed paying at least ten times the stake, caught mid-celebration.
  const bigSeed = findSeed(symbol, 'base', (o) => stakeMultiple(symbol, o) >= 12 && o.features.length === 0);
  const big = await open(await launch(symbol, `shots-${slug}-big`, 'desktop', bigSeed), DESKTOP);
  await big.getByRole('button', { name: 'Spin', exact: true }).click();
  await big.waitForSelector('[data-testid="overlay"][data-screen="win"]', { timeout: 60_000 });
  await big.waitForTimeout(1800);
  files.push(await shot(big, `${slug}-big-win`));
  await big.context().close();

  // Its feature on a phone: free spins under way, the pick bonus or hold-and-collect; a game without
  // one is shown on a phone held sideways instead.
  const { free_spins, bonus, collect } = game.features;
  if (free_spins || bonus || collect) {
    const feature = findSeed(symbol, 'base', (o) =>
      o.features.some((f) => f.type === 'free_spins' || f.type === 'pick' || f.type === 'hold_and_collect'),
    );
    const fs = await open(await launch(symbol, `shots-${slug}-fs`, 'mobile', feature), PHONE);
    await fs.getByRole('button', { name: 'Spin', exact: true }).click();
    const reached = await Promise.race([
      fs.waitForSelector('[data-testid="free-spins"]:not([hidden])', { timeout: 60_000 }).then(() => 'free'),
      fs.waitForSelector('[data-testid="pick-bonus"]', { timeout: 60_000 }).then(() => 'pick'),
      fs.waitForSelector('[data-testid="overlay"][data-screen="win"]', { timeout: 60_000 }).then(() => 'win'),
    ]);
    if (reached === 'free') await fs.waitForTimeout(2500);
    files.push(await shot(fs, `${slug}-feature-phone`));
    await fs.context().close();
  } else {
    const sideways = await open(await launch(symbol, `shots-${slug}-l`, 'mobile'), PHONE_LANDSCAPE);
    files.push(await shot(sideways, `${slug}-phone-landscape`));
    await sideways.context().close();
  }
  rows.push(
    `| ${title} | ${[`${slug}-key-art.webp`, ...files].map((f) => `<img src="${f}" width="220">`).join(' ')} |`,
  );
  console.log(`${title}: ${files.length + 1} pictures`);
}

await writeFile(
  path.join(out, 'README.md'),
  [
    '# Screenshots',
    '',
    'Written by `npm run screenshots` (headless Chromium, software rendering). Per game: its key art',
    '(`game-art?size=banner&format=webp`), the base game on a desktop and a phone, a big win being',
    'counted up, and its feature on a phone (a game without one: the phone held sideways).',
    '',
    '| game | key art · desktop · phone · big win · feature (or landscape) |',
    '|---|---|',
    ...rows,
    '',
  ].join('\n'),
);
await showcase.close();
