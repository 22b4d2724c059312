// Signing the manifest (the private half of src/games/manifest.ts). The private key lives outside
// the repository: $REELFORGE_MANIFEST_KEY, else ~/.config/reelforge/manifest-signing-key.pem (mode
// 0600), made once by `reelforge manifest keygen`. Replacing a key kills every signature made with
// it and every node's MANIFEST_KEY_FINGERPRINT, so keygen refuses to unless told so in as many words.
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  currentListing,
  keyIdOf,
  MANIFEST_KEY_PATH,
  MANIFEST_PATH,
  type Manifest,
  manifestFiles,
  ROOT_DIR,
} from '../games/manifest.ts';

/** The keygen flag that replaces an existing key: its name says what it costs. */
export const REPLACE_KEY_FLAG = '--replace-key-invalidating-all-signatures';

export function signingKeyPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.REELFORGE_MANIFEST_KEY ?? join(homedir(), '.config', 'reelforge', 'manifest-signing-key.pem');
}

export type KeygenResult =
  | { ok: true; keyId: string; replaced: string | null }
  | { ok: false; reason: 'key_exists'; detail: string };

/**
 * Makes a new Ed25519 key pair: the private key at `path`, the public key into the repository.
 * An existing key (either half) is replaced only with `replace`, and the answer names the key it
 * killed.
 */
export function generateSigningKey(path: string, replace = false, root: URL = ROOT_DIR): KeygenResult {
  const publicUrl = new URL(MANIFEST_KEY_PATH, root);
  const existing = [
    ...(existsSync(publicUrl)
      ? [`${MANIFEST_KEY_PATH} (fingerprint ${keyIdOf(readFileSync(publicUrl, 'utf8'))})`]
      : []),
    ...(existsSync(path) ? [`the private key ${path}`] : []),
  ];
  if (existing.length > 0 && !replace)
    return {
      ok: false,
      reason: 'key_exists',
      detail: `a manifest key exists: ${existing.join(' and ')}. A new key invalidates every signature made with the old one and every node's MANIFEST_KEY_FINGERPRINT; production nodes refuse to start until each is changed. Pass ${REPLACE_KEY_FLAG} to do that.`,
    };
  const replaced = existsSync(publicUrl) ? keyIdOf(readFileSync(publicUrl, 'utf8')) : null;
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeFileSync(path, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  chmodSync(path, 0o600);
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  writeFileSync(publicUrl, publicPem);
  return { ok: true, keyId: keyIdOf(publicPem), replaced };
}

/** Signs the listing of the files as they are now and writes certification/MANIFEST.json. */
export function signManifest(privateKeyPem: string, root: URL = ROOT_DIR): Manifest {
  const privateKey = createPrivateKey(privateKeyPem);
  const publicPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  const repoKey = readFileSync(new URL(MANIFEST_KEY_PATH, root), 'utf8');
  if (keyIdOf(repoKey) !== keyIdOf(publicPem))
    throw new Error(`the signing key does not match ${MANIFEST_KEY_PATH}`);
  const listing = currentListing(manifestFiles(root), root);
  const manifest: Manifest = {
    algorithm: 'sha256',
    signatureAlgorithm: 'ed25519',
    keyId: keyIdOf(publicPem),
    listing,
    signature: sign(null, Buffer.from(listing, 'utf8'), privateKey).toString('base64'),
  };
  writeFileSync(new URL(MANIFEST_PATH, root), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
