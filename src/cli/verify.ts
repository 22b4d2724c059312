// `reelforge verify`: the signed manifest of game and engine files and every variant's certificate,
// checked as the server checks them at start-up. `reelforge manifest keygen|sign` makes the key
// and signs the files (after `reelforge certify`). `reelforge rng-export` writes raw play-RNG output.
import { createWriteStream, readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { generateSigningKey, signingKeyPath, signManifest } from '../certify/sign-manifest.ts';
import { createCsprng } from '../engine/rng.ts';
import { gameCertifications } from '../games/index.ts';
import { verifyManifest } from '../games/manifest.ts';
import { CliError } from './context.ts';

export function registerVerifyCommands(program: Command): void {
  program
    .command('verify')
    .description('check the signed manifest of game and engine files and every certificate')
    .action(() => {
      const manifest = verifyManifest();
      const lines: string[] = [];
      if (manifest.ok)
        lines.push(`manifest: ok, ${manifest.files} files, key ${manifest.keyId.slice(0, 16)}`);
      else lines.push(`manifest: FAILED (${manifest.reason})`, ...manifest.problems.map((p) => `  ${p}`));
      const certifications = gameCertifications();
      for (const c of certifications) {
        lines.push(
          c.certified
            ? `${c.symbol} ${c.variant}: certified ${c.certificateHash?.slice(0, 16)}`
            : `${c.symbol} ${c.variant}: NOT CERTIFIED (${c.reason}) ${c.detail}`,
        );
      }
      process.stdout.write(`${lines.join('\n')}\n`);
      if (!manifest.ok || certifications.some((c) => !c.certified)) throw new CliError('verification failed');
    });

  const manifest = program.command('manifest').description('the signed manifest of game and engine files');
  manifest
    .command('keygen')
    .description(
      'make the Ed25519 signing key (private key outside the repository, public key in certification/)',
    )
    .option('--key <path>', 'where the private key goes', signingKeyPath())
    .action((opts: { key: string }) => {
      const { keyId } = generateSigningKey(opts.key);
      process.stdout.write(`private key ${opts.key}, key id ${keyId.slice(0, 16)}\n`);
    });
  manifest
    .command('sign')
    .description(
      'hash the game and engine files and the certificates, sign, write certification/MANIFEST.json',
    )
    .option('--key <path>', 'the private signing key', signingKeyPath())
    .action((opts: { key: string }) => {
      const signed = signManifest(readFileSync(opts.key, 'utf8'));
      process.stdout.write(`signed ${signed.listing.split('\n').filter(Boolean).length} files\n`);
    });

  program
    .command('rng-export')
    .description(
      'write raw output of the play RNG (the OS CSPRNG through the engine) for statistical test suites',
    )
    .requiredOption('--out <file>', 'output file')
    .option('--format <f>', 'bits: raw 32-bit words, little-endian binary | bounded: one draw a line', 'bits')
    .option('--count <n>', 'words or draws to write', '1000000')
    .option('--bound <n>', 'bound of the bounded draws (1 to 2^32)', '100')
    .action(async (opts: { out: string; format: string; count: string; bound: string }) => {
      const count = Number(opts.count);
      const bound = Number(opts.bound);
      if (!Number.isInteger(count) || count < 1) throw new CliError('--count must be a positive integer');
      if (!(Number.isInteger(bound) && bound >= 1 && bound <= 2 ** 32))
        throw new CliError('--bound must be an integer from 1 to 2^32');
      if (opts.format !== 'bits' && opts.format !== 'bounded')
        throw new CliError('--format must be bits or bounded');
      const rng = createCsprng();
      const out = createWriteStream(opts.out);
      const batch = 65536;
      for (let done = 0; done < count; done += batch) {
        const n = Math.min(batch, count - done);
        let chunk: Buffer;
        if (opts.format === 'bits') {
          const words = new Uint32Array(n);
          // A bound of 2^32 is the generator's raw word: no rejection, no reduction.
          for (let i = 0; i < n; i++) words[i] = rng.int(2 ** 32);
          chunk = Buffer.from(words.buffer);
        } else {
          const lines: string[] = [];
          for (let i = 0; i < n; i++) lines.push(String(rng.int(bound)));
          chunk = Buffer.from(`${lines.join('\n')}\n`);
        }
        if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      }
      await new Promise<void>((resolve, reject) =>
        out.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
      process.stdout.write(
        `${count} ${opts.format === 'bits' ? '32-bit words' : `draws below ${bound}`} written to ${opts.out}\n`,
      );
    });
}
