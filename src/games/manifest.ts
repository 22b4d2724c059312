// The signed manifest of everything that decides or pays an outcome: SHA-256 of each file in
// MANIFEST_SCOPE, in the `sha256sum` text format, signed with Ed25519. The public key is in the
// repository (certification/manifest-key.pem) but is trusted only through its fingerprint, which
// production takes from MANIFEST_KEY_FINGERPRINT, outside the repository; the private key never is
// in it (see `reelforge manifest sign`). Checked at start-up and by `reelforge verify`.
import { createHash, createPublicKey, verify } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

export const ROOT_DIR = new URL('../../', import.meta.url);
export const MANIFEST_PATH = 'certification/MANIFEST.json';
export const MANIFEST_KEY_PATH = 'certification/manifest-key.pem';

/** One part of the manifest's scope: a folder (its sources, data and SQL) or one file, and why. */
export interface ScopeEntry {
  path: string;
  kind: 'tree' | 'file' | 'certificates';
  why: string;
}

/**
 * What the manifest covers, the one list. `test/integrity/scope.test.ts` checks that every module
 * the play path imports is in it; a file added to that path without a place here fails the test.
 */
export const MANIFEST_SCOPE: readonly ScopeEntry[] = [
  { path: 'src/engine', kind: 'tree', why: 'the game math and the generators' },
  {
    path: 'src/games',
    kind: 'tree',
    why: "models and weights, the play generator's choice (play-rng.ts), what a round pays with the free-round cap (play-round.ts), certificates and this manifest",
  },
  { path: 'certification', kind: 'certificates', why: 'the certificates (certification/<slug>.json)' },
  {
    path: 'src/services/rounds.ts',
    kind: 'file',
    why: 'plays the click and hands its stake and win to the wallet',
  },
  { path: 'src/services/free-rounds.ts', kind: 'file', why: 'the grant a free round is played on' },
  {
    path: 'src/services/jackpots.ts',
    kind: 'file',
    why: "a round's jackpot contributions and the progressive tiers' certified draws",
  },
  {
    path: 'src/domain',
    kind: 'tree',
    why: 'the round record, free-round and jurisdiction rules the play path builds on',
  },
  { path: 'src/jurisdictions', kind: 'tree', why: 'stake caps and refusals before a round' },
  { path: 'src/money.ts', kind: 'file', why: 'exact amounts' },
  { path: 'src/wallet', kind: 'tree', why: 'debits and credits: internal, callback and demo wallets' },
  { path: 'src/store/batch.ts', kind: 'file', why: 'batches the ledger statements' },
  { path: 'src/store/ledger.repo.ts', kind: 'file', why: 'writes the round, debit and credit' },
  { path: 'src/store/literals.ts', kind: 'file', why: "writes the round ids of a statement's jackpot entry" },
  { path: 'src/store/demo.repo.ts', kind: 'file', why: 'fun-money balances' },
  { path: 'src/store/free-rounds.repo.ts', kind: 'file', why: 'grants and what they have paid' },
  { path: 'src/store/migrations', kind: 'tree', why: 'the tables and data the round functions write' },
  {
    path: 'src/store/functions',
    kind: 'tree',
    why: 'the round and wallet step functions the play path commits through',
  },
  { path: 'src/services/index.ts', kind: 'file', why: 'hands the play generator to the round service' },
  { path: 'src/server.ts', kind: 'file', why: 'the start-up integrity guard' },
  { path: 'src/main.ts', kind: 'file', why: 'what a production node starts with' },
  { path: 'src/config.ts', kind: 'file', why: 'APP_ENV and MANIFEST_KEY_FINGERPRINT' },
  { path: 'src/cli/verify.ts', kind: 'file', why: '`reelforge verify`, `manifest`, `rng-export`' },
];

/** Modules where a round is decided and paid; everything they import must be in the scope. */
export const PLAY_PATH_ENTRIES: readonly string[] = [
  'src/games/play-rng.ts',
  'src/games/play-round.ts',
  'src/services/rounds.ts',
  'src/services/free-rounds.ts',
  'src/wallet/wallets.ts',
  'src/store/ledger.repo.ts',
  'src/store/demo.repo.ts',
  'src/store/free-rounds.repo.ts',
];

export interface Manifest {
  algorithm: 'sha256';
  signatureAlgorithm: 'ed25519';
  /** SHA-256 of the public key (DER, SPKI): its fingerprint, what MANIFEST_KEY_FINGERPRINT names. */
  keyId: string;
  /** `<sha256>  <path>` lines, sorted by path: what is signed, byte for byte. */
  listing: string;
  /** Base64 Ed25519 signature over `listing`. */
  signature: string;
}

const isSource = (name: string) =>
  (name.endsWith('.ts') && !name.endsWith('.test.ts')) || name.endsWith('.json') || name.endsWith('.sql');
const isCertificate = (name: string) => name.endsWith('.json') && name !== 'MANIFEST.json';

function walk(root: URL, dir: string, keep: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(new URL(`${dir}/`, root), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...walk(root, path, keep));
    else if (keep(entry.name)) out.push(path);
  }
  return out;
}

/** The files the manifest covers, as `MANIFEST_SCOPE` names them, sorted. */
export function manifestFiles(root: URL = ROOT_DIR): string[] {
  const files = MANIFEST_SCOPE.flatMap((entry) => {
    if (entry.kind === 'file') return existsSync(new URL(entry.path, root)) ? [entry.path] : [];
    return walk(root, entry.path, entry.kind === 'tree' ? isSource : isCertificate);
  });
  return [...new Set(files)].sort();
}

export function sha256File(path: string, root: URL = ROOT_DIR): string {
  return createHash('sha256')
    .update(readFileSync(new URL(path, root)))
    .digest('hex');
}

/** The listing as the files are now. */
export function currentListing(files: string[] = manifestFiles(), root: URL = ROOT_DIR): string {
  return files.map((path) => `${sha256File(path, root)}  ${path}\n`).join('');
}

/** The key's fingerprint: SHA-256 of its DER (SPKI) form, 64 hex digits. */
export function keyIdOf(publicKeyPem: string): string {
  const der = createPublicKey(publicKeyPem).export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('hex');
}

/** `<sha256>  <path>` lines as path → hash. */
export function parseListing(text: string): Map<string, string> {
  return new Map(
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [hash = '', path = ''] = line.split('  ');
        return [path, hash] as const;
      }),
  );
}

export type ManifestCheck =
  | { ok: true; files: number; keyId: string }
  | {
      ok: false;
      reason: 'manifest_missing' | 'key_mismatch' | 'bad_signature' | 'files_differ';
      problems: string[];
    };

/** Whether `manifest` is signed by `publicKeyPem` (its listing can then be trusted as far as the key is). */
export function signatureHolds(manifest: Manifest, publicKeyPem: string): boolean {
  return (
    manifest.keyId === keyIdOf(publicKeyPem) &&
    verify(
      null,
      Buffer.from(manifest.listing, 'utf8'),
      createPublicKey(publicKeyPem),
      Buffer.from(manifest.signature, 'base64'),
    )
  );
}

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
  if (!signatureHolds(manifest, publicKeyPem))
    return { ok: false, reason: 'bad_signature', problems: ['the signature does not verify'] };
  const want = parseListing(manifest.listing);
  const have = parseListing(listing);
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

/** The manifest on disk, or null. */
export function readManifest(root: URL = ROOT_DIR): Manifest | null {
  const url = new URL(MANIFEST_PATH, root);
  return existsSync(url) ? (JSON.parse(readFileSync(url, 'utf8')) as Manifest) : null;
}

/** The public key in the repository (trusted only as far as its fingerprint is). */
export function readManifestKey(root: URL = ROOT_DIR): string {
  return readFileSync(new URL(MANIFEST_KEY_PATH, root), 'utf8');
}

/** Checks the manifest on disk against the files on disk. */
export function verifyManifest(root: URL = ROOT_DIR): ManifestCheck {
  return checkManifest(readManifest(root), readManifestKey(root), currentListing(manifestFiles(root), root));
}

export type TrustAnchorCheck =
  | { ok: true; fingerprint: string }
  | {
      ok: false;
      reason: 'fingerprint_missing' | 'fingerprint_mismatch';
      fingerprint: string;
      detail: string;
    };

/**
 * Whether the repository's public key is the one the operator trusts: its fingerprint equals
 * `configured` (MANIFEST_KEY_FINGERPRINT, set outside the repository). A key replaced in the
 * repository, with everything re-signed by it, fails here.
 */
export function checkTrustAnchor(publicKeyPem: string, configured: string | undefined): TrustAnchorCheck {
  const fingerprint = keyIdOf(publicKeyPem);
  if (configured === undefined)
    return {
      ok: false,
      reason: 'fingerprint_missing',
      fingerprint,
      detail: `MANIFEST_KEY_FINGERPRINT is not set: the manifest key ${fingerprint} in ${MANIFEST_KEY_PATH} is not anchored outside the repository`,
    };
  if (configured.toLowerCase() !== fingerprint)
    return {
      ok: false,
      reason: 'fingerprint_mismatch',
      fingerprint,
      detail: `the manifest key in ${MANIFEST_KEY_PATH} has fingerprint ${fingerprint}, not the configured MANIFEST_KEY_FINGERPRINT ${configured.toLowerCase()}: the key was replaced, so nothing it signed is trusted`,
    };
  return { ok: true, fingerprint };
}

// The signed listing read once per process: certificates are looked up in it as the registry loads.
let signedListingCache: Map<string, string> | null = null;

/** Path → hash of the manifest on disk, or empty when it is missing or its signature does not hold. */
export function signedListing(): Map<string, string> {
  if (signedListingCache === null) {
    const manifest = readManifest();
    signedListingCache =
      manifest && signatureHolds(manifest, readManifestKey()) ? parseListing(manifest.listing) : new Map();
  }
  return signedListingCache;
}
