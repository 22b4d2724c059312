// Builds the operator kit: src/operator-kit/wallet-check-main.ts and everything it imports as one
// self-contained ES module for Node.js 18 and later (no packages, no TypeScript), which the server
// serves at /operator-kit/wallet-check.mjs. Run by scripts/build-client.ts and by its test.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
export const OPERATOR_KIT_FILE = path.join(root, 'client', 'dist', 'operator-kit', 'wallet-check.mjs');

export async function buildOperatorKit(file: string = OPERATOR_KIT_FILE): Promise<void> {
  const { build } = await import('rolldown');
  await build({
    input: path.join(root, 'src/operator-kit/wallet-check-main.ts'),
    platform: 'node',
    logLevel: 'warn',
    transform: { target: 'node18' },
    output: {
      file,
      format: 'esm',
      banner: `#!/usr/bin/env node\n// Reelforge wallet-check (operator kit): node wallet-check.mjs --help. Node.js 18 or later; no packages needed.`,
      footer: 'process.exitCode = await main(process.argv.slice(2));',
    },
  });
}

if (import.meta.main) {
  await buildOperatorKit(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  process.stdout.write(`operator kit built into ${process.argv[2] ?? OPERATOR_KIT_FILE}\n`);
}
