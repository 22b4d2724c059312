// Builds the browser game client and the lobby (client/dist) with Vite. Without --force it builds
// only when dist is missing or older than a source file, so `npm start` and `npm run test:e2e`
// build on a fresh clone and start at once afterwards.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const clientDir = path.join(root, 'client');
const stamp = path.join(clientDir, 'dist', '.built');

/** Newest modification time of the client's sources (and the server module it imports). */
function newestSource(): number {
  let newest = 0;
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'dist' || entry.name === 'node_modules') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  visit(clientDir);
  for (const file of ['package-lock.json', 'src/money.ts']) {
    const full = path.join(root, file);
    if (existsSync(full)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

const force = process.argv.includes('--force');
if (!force && existsSync(stamp) && statSync(stamp).mtimeMs >= newestSource()) {
  process.stdout.write('game client is up to date (client/dist)\n');
} else {
  const started = Date.now();
  const { build } = await import('vite');
  await build({ configFile: path.join(clientDir, 'vite.config.ts'), logLevel: 'warn' });
  // The staff console (/backoffice), its own entry and output: client/backoffice/dist.
  await build({ configFile: path.join(clientDir, 'backoffice', 'vite.config.ts'), logLevel: 'warn' });
  await writeFile(stamp, `${new Date().toISOString()}\n`);
  process.stdout.write(`game client built into client/dist in ${Date.now() - started} ms\n`);
}

// The operator kit (/operator-kit/wallet-check.mjs), the wallet check as one file for Node 18+, is
// built from the server's own source every time: one small bundle, under a second.
const { buildOperatorKit } = await import('./build-operator-kit.ts');
await buildOperatorKit();
