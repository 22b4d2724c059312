// Signing the manifest of game and engine files (the private half of src/games/manifest.ts). The
// private key lives outside the repository: $REELFORGE_MANIFEST_KEY, else
// ~/.config/reelforge/manifest-signing-key.pem (mode 0600), made once by `reelforge manifest keygen`.
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
  ROOT_DIR,
} from '../games/manifest.ts';

export function signingKeyPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.REELFORGE_MANIFEST_KEY ?? join(homedir(), '.config', 'reelforge', 'manifest-signing-key.pem');
}

/** Makes a new Ed25519 key pair: the private key at `path`, the public key into the repository. */
export function generateSigningKey(path: string): { keyId: string } {
  if (existsSync(path)) throw new Error(`${path} exists; remove it first to replace the key`);
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeFileSync(path, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  chmodSync(path, 0o600);
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  writeFileSync(new URL(MANIFEST_KEY_PATH, ROOT_DIR), publicPem);
  return { keyId: keyIdOf(publicPem) };
}

/** Signs the listing of the files as they are now and writes certification/MANIFEST.json. */
export function signManifest(privateKeyPem: string): Manifest {
  const privateKey = createPrivateKey(privateKeyPem);
  const publicPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  const repoKey = readFileSync(new URL(MANIFEST_KEY_PATH, ROOT_DIR), 'utf8');
  if (keyIdOf(repoKey) !== keyIdOf(publicPem))
    throw new Error(`the signing key does not match ${MANIFEST_KEY_PATH}`);
  const listing = currentListing();
  const manifest: Manifest = {
    algorithm: 'sha256',
    signatureAlgorithm: 'ed25519',
    keyId: keyIdOf(publicPem),
    listing,
    signature: sign(null, Buffer.from(listing, 'utf8'), privateKey).toString('base64'),
  };
  writeFileSync(new URL(MANIFEST_PATH, ROOT_DIR), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
