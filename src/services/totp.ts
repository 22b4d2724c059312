// TOTP second factor (RFC 6238 via otplib: SHA-1, 6 digits, 30 s), ±1 step; a code is taken once.
// Secrets are kept encrypted (AES-256-GCM) under TOTP_KEY, a key that is not in the database, so a
// copy of the database alone opens no authenticator. Secrets sealed before (v1, under the store's
// 'staff_totp' key) are opened with that key and sealed again under TOTP_KEY at start-up.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { generate, generateSecret, generateURI, verify } from 'otplib';

export const TOTP_PERIOD_SECONDS = 30;

export interface TotpBox {
  seal(secret: string): string;
  open(sealed: string): string;
  /** Whether `sealed` is under the old database key (to be sealed again under TOTP_KEY). */
  isLegacy(sealed: string): boolean;
}

const aesKeyOf = (label: string, key: string) =>
  createHash('sha256').update(`${label}:${key}`, 'utf8').digest();

function sealWith(version: string, aesKey: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', aesKey, iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${version}.${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${body.toString('base64url')}`;
}

function openWith(aesKey: Buffer, iv: string, tag: string, body: string): string {
  const decipher = createDecipheriv('aes-256-gcm', aesKey, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * `key`: TOTP_KEY (seals v2). `legacyKey`: the store's old 'staff_totp' key while v1 secrets may
 * remain (opens v1 only); undefined once they are all sealed again.
 */
export function totpBox(key: string, legacyKey?: string): TotpBox {
  const current = aesKeyOf('reelforge-totp-v2', key);
  const legacy = legacyKey === undefined ? undefined : aesKeyOf('staff_totp', legacyKey);
  return {
    seal: (secret) => sealWith('v2', current, secret),
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (!iv || !tag || body === undefined) throw new Error('unreadable TOTP secret');
      if (version === 'v2') return openWith(current, iv, tag, body);
      if (version === 'v1' && legacy) return openWith(legacy, iv, tag, body);
      throw new Error(`TOTP secret sealed as ${version} cannot be opened with the keys given`);
    },
    isLegacy: (sealed) => sealed.startsWith('v1.'),
  };
}

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, email: string): string {
  return generateURI({ issuer: 'Reelforge', label: email, secret });
}

/** The time step a code matched (within ±1 step of `now`), or null. */
export async function totpStep(secret: string, code: unknown, now: Date): Promise<number | null> {
  if (typeof code !== 'string' || !/^[0-9]{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOTP_PERIOD_SECONDS,
  });
  return result.valid ? (result as { timeStep: number }).timeStep : null;
}

/** The code for `at` (tests and tooling). */
export function totpCode(secret: string, at: Date): Promise<string> {
  return generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
}
