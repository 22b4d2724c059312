// A throwaway copy of the checkout (sources, certificates, package.json; node_modules linked), for
// tests that tamper with covered files or keys the way an attacker would, never touching the real
// tree or the real signing key.
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../cli/run.ts';

export interface CheckoutCopy {
  dir: string;
  /** The copy as a root URL (with a trailing slash) for the manifest functions. */
  root: URL;
  read(file: string): string;
  write(file: string, text: string): void;
  remove(): void;
}

export function copyCheckout(): CheckoutCopy {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rf-integrity-'));
  for (const part of ['src', 'certification', 'package.json']) {
    cpSync(path.join(ROOT, part), path.join(dir, part), { recursive: true });
  }
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  return {
    dir,
    root: pathToFileURL(`${dir}/`),
    read: (file) => readFileSync(path.join(dir, file), 'utf8'),
    write: (file, text) => writeFileSync(path.join(dir, file), text),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The audit's attack on the play path: one changed line makes every round draw from a fixed seed. */
export function forceFixedSeed(copy: CheckoutCopy): void {
  const file = 'src/services/rounds.ts';
  const text = copy.read(file);
  const call = 'deps.playRng.forSession(session.row.id)';
  if (!text.includes(call)) throw new Error(`${file} no longer draws through ${call}`);
  copy.write(
    file,
    `import { createSeededRng } from '../engine/rng.ts';\n${text.replace(call, 'createSeededRng(42)')}`,
  );
}
