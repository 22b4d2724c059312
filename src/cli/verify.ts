// `reelforge verify`: the signed manifest of everything that decides or pays an outcome, its key
// against MANIFEST_KEY_FINGERPRINT, and every variant's certificate, checked as the server checks
// them at start-up; it prints the key's fingerprint and each certificate's SHA-256 for a lab.
// `reelforge manifest keygen|sign` makes the key and signs the files (after `reelforge certify`).
// `reelforge rng-export` writes raw output of the play path's own generator.
import { createWriteStream, readFileSync } from 'node:fs';
import type { Command } from 'commander';
import {
  generateSigningKey,
  REPLACE_KEY_FLAG,
  signingKeyPath,
  signManifest,
} from '../certify/sign-manifest.ts';
import { gameCertifications } from '../games/index.ts';
import {
  checkTrustAnchor,
  manifestFiles,
  readManifestKey,
  sha256File,
  signedListing,
  verifyManifest,
} from '../games/manifest.ts';
import { createPlayRng } from '../games/play-rng.ts';
import { CliError } from './context.ts';

/** MANIFEST_KEY_FINGERPRINT as the server reads it (64 hex digits), or undefined when unset. */
function configuredFingerprint(): string | undefined {
  const text = process.env.MANIFEST_KEY_FINGERPRINT?.trim();
  if (!text) return undefined;
  if (!/^[0-9a-fA-F]{64}$/.test(text))
    throw new CliError('MANIFEST_KEY_FINGERPRINT must be the 64 hex digits of the key fingerprint');
  return text.toLowerCase();
}

export function registerVerifyCommands(program: Command): void {
  program
    .command('verify')
    .description(
      'check the signed manifest, its key against MANIFEST_KEY_FINGERPRINT and every certificate; print the key fingerprint and each certificate SHA-256 for a lab to compare',
    )
    .action(() => {
      const manifest = verifyManifest();
      const lines: string[] = [];
      const anchor = checkTrustAnchor(readManifestKey(), configuredFingerprint());
      lines.push(`manifest key fingerprint (SHA-256): ${anchor.fingerprint}`);
      if (anchor.ok) lines.push('trust anchor: ok, the key is the one MANIFEST_KEY_FINGERPRINT names');
      else if (anchor.reason === 'fingerprint_missing')
        lines.push(
          'trust anchor: not checked (MANIFEST_KEY_FINGERPRINT is not set): compare the fingerprint with your records',
        );
      else lines.push(`trust anchor: FAILED (${anchor.reason}) ${anchor.detail}`);
      if (manifest.ok) lines.push(`manifest: ok, ${manifest.files} files`);
      else lines.push(`manifest: FAILED (${manifest.reason})`, ...manifest.problems.map((p) => `  ${p}`));
      const signed = signedListing();
      for (const path of manifestFiles().filter((file) => file.startsWith('certification/'))) {
        const hash = sha256File(path);
        lines.push(
          `certificate ${path} sha256 ${hash} ${signed.get(path) === hash ? 'signed' : 'NOT SIGNED'}`,
        );
      }
      const certifications = gameCertifications();
      for (const c of certifications) {
        lines.push(
          c.certified
            ? `${c.symbol} ${c.variant}: certified ${c.certificateHash}`
            : `${c.symbol} ${c.variant}: NOT CERTIFIED (${c.reason}) ${c.detail}`,
        );
      }
      process.stdout.write(`${lines.join('\n')}\n`);
      const anchorFailed = !anchor.ok && anchor.reason === 'fingerprint_mismatch';
      if (!manifest.ok || anchorFailed || certifications.some((c) => !c.certified))
        throw new CliError('verification failed');
    });

  const manifest = program.command('manifest').description('the signed manifest of game and engine files');
  manifest
    .command('keygen')
    .description(
      `make the Ed25519 signing key (private key outside the repository, public key in certification/); refuses to replace an existing key without ${REPLACE_KEY_FLAG}`,
    )
    .option('--key <path>', 'where the private key goes', signingKeyPath())
    .option(
      REPLACE_KEY_FLAG,
      "replace an existing key: every signature made with it dies, and every node's MANIFEST_KEY_FINGERPRINT must change",
    )
    .action((opts: { key: string; replaceKeyInvalidatingAllSignatures?: boolean }) => {
      const made = generateSigningKey(opts.key, opts.replaceKeyInvalidatingAllSignatures === true);
      if (!made.ok) throw new CliError(made.detail);
      const lines = [`private key ${opts.key}`, `manifest key fingerprint (SHA-256): ${made.keyId}`];
      if (made.replaced)
        lines.push(
          `REPLACED key ${made.replaced}: every signature it made is now invalid.`,
          'Re-sign with `reelforge manifest sign`, and set MANIFEST_KEY_FINGERPRINT to the new fingerprint on every node;',
          'staging and production nodes refuse to start until both are done, and a lab must be told of the new key.',
        );
      else
        lines.push('Set MANIFEST_KEY_FINGERPRINT to this fingerprint on every staging and production node.');
      process.stdout.write(`${lines.join('\n')}\n`);
    });
  manifest
    .command('sign')
    .description(
      'hash every file in the manifest scope (play path, engine, games, certificates), sign, write certification/MANIFEST.json',
    )
    .option('--key <path>', 'the private signing key', signingKeyPath())
    .action((opts: { key: string }) => {
      const signed = signManifest(readFileSync(opts.key, 'utf8'));
      process.stdout.write(
        `signed ${signed.listing.split('\n').filter(Boolean).length} files with key ${signed.keyId}\n`,
      );
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
      // The play path's own generator construction (src/games/play-rng.ts), not a copy of it.
      const rng = createPlayRng();
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
