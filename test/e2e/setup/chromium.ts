// e2e global setup: Debian's Chromium at /usr/bin/chromium (installed with apt-get when missing;
// `apt-get update` only if the plain install fails) and a built game client.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CHROMIUM = '/usr/bin/chromium';

function aptInstall(): void {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit', env });
  } catch {
    execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit', env });
  }
}

export default function setup(): void {
  if (!existsSync(CHROMIUM)) aptInstall();
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is still missing after apt-get install chromium`);
  const root = path.resolve(fileURLToPath(new URL('../../..', import.meta.url)));
  // npm run test:e2e builds first (pretest:e2e); this covers a direct `vitest --config vitest.e2e.config.ts`.
  execFileSync(process.execPath, [path.join(root, 'scripts/build-client.ts')], {
    stdio: 'inherit',
    cwd: root,
  });
}
