// TOTP second factor (RFC 6238 via otplib: SHA-1, 6 digits, 30 s), ±1 step; secrets are kept
// encrypted (AES-256-GCM under the store's 'staff_totp' key) and a code is taken once.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { generate, generateSecret, generateURI, verify } from 'otplib';

export const TOTP_PERIOD_SECONDS = 30;

export interface TotpBox {
  seal(secret: string): string;
  open(sealed: string): string;
}

export function totpBox(key: string): TotpBox {
  const aesKey = createHash('sha256').update(`staff_totp:${key}`, 'utf8').digest();
  return {
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', aesKey, iv);
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return `v1.${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${body.toString('base64url')}`;
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unreadable TOTP secret');
      const decipher = createDecipheriv('aes-256-gcm', aesKey, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
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
