// The signed manifest of the files that make up the games and the engine: SHA-256 of each, in the
// `sha256sum` text format, signed with Ed25519. The public key is in the repository
// (certification/manifest-key.pem); the private key never is (see `reelforge manifest sign`).
// Checked at start-up and by `reelforge verify`.
import { createHash, createPublicKey, verify } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

export const ROOT_DIR = new URL('../../', import.meta.url);
export const MANIFEST_PATH = 'certification/MANIFEST.json';
export const MANIFEST_KEY_PATH = 'certification/manifest-key.pem';

export interface Manifest {
  algorithm: 'sha256';
  signatureAlgorithm: 'ed25519';
  /** SHA-256 of the public key (DER), to tell keys apart. */
  keyId: string;
  /** `<sha256>  <path>` lines, sorted by path: what is signed, byte for byte. */
  listing: string;
  /** Base64 Ed25519 signature over `listing`. */
  signature: string;
}

function walk(dir: string, keep: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(new URL(`${dir}/`, ROOT_DIR), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...walk(path, keep));
    else if (keep(entry.name)) out.push(path);
  }
  return out;
}

/** The files the manifest covers: engine and game sources, tuned weights and the certificates. */
export function manifestFiles(): string[] {
  const source = (name: string) =>
    (name.endsWith('.ts') && !name.endsWith('.test.ts')) || name.endsWith('.json');
  return [
    ...walk('src/engine', source),
    ...walk('src/games', source),
    ...walk('certification', (name) => name.endsWith('.json') && name !== 'MANIFEST.json'),
  ].sort();
}

export function sha256File(path: string): string {
  return createHash('sha256')
    .update(readFileSync(new URL(path, ROOT_DIR)))
    .digest('hex');
}

/** The listing as the files are now. */
export function currentListing(files: string[] = manifestFiles()): string {
  return files.map((path) => `${sha256File(path)}  ${path}\n`).join('');
}

export function keyIdOf(publicKeyPem: string): string {
  const der = createPublicKey(publicKeyPem).export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('hex');
}

export type ManifestCheck =
  | { ok: true; files: number; keyId: string }
  | {
      ok: false;
      reason: 'manifest_missing' | 'key_mismatch' | 'bad_signature' | 'files_differ';
      problems: string[];
    };

/** Pure check of a manifest against a public key and the current listing. */
export function checkManifest(
  manifest: Manifest | null,
  publicKeyPem: string,
  listing: string,
): ManifestCheck {
  if (!manifest) return { ok: false, reason: 'manifest_missing', problems: [`${MANIFEST_PATH} is missing`] };
  const keyId = keyIdOf(publicKeyPem);
  if (manifest.keyId !== keyId)
    return { ok: false, reason: 'key_mismatch', problems: [`signed by key ${manifest.keyId.slice(0, 16)}…`] };
  const signed = verify(
    null,
    Buffer.from(manifest.listing, 'utf8'),
    createPublicKey(publicKeyPem),
    Buffer.from(manifest.signature, 'base64'),
  );
  if (!signed) return { ok: false, reason: 'bad_signature', problems: ['the signature does not verify'] };
  const parse = (text: string) =>
    new Map(
      text
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [hash = '', path = ''] = line.split('  ');
          return [path, hash] as const;
        }),
    );
  const want = parse(manifest.listing);
  const have = parse(listing);
  const problems: string[] = [];
  for (const [path, hash] of want) {
    const now = have.get(path);
    if (now === undefined) problems.push(`missing: ${path}`);
    else if (now !== hash) problems.push(`changed: ${path}`);
  }
  for (const path of have.keys()) if (!want.has(path)) problems.push(`not in the manifest: ${path}`);
  if (problems.length > 0) return { ok: false, reason: 'files_differ', problems };
  return { ok: true, files: want.size, keyId };
}

/** Checks the manifest on disk against the files on disk. */
export function verifyManifest(): ManifestCheck {
  const manifestUrl = new URL(MANIFEST_PATH, ROOT_DIR);
  const manifest = existsSync(manifestUrl)
    ? (JSON.parse(readFileSync(manifestUrl, 'utf8')) as Manifest)
    : null;
  const key = readFileSync(new URL(MANIFEST_KEY_PATH, ROOT_DIR), 'utf8');
  return checkManifest(manifest, key, currentListing());
}
