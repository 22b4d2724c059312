// Wallet callback signatures: lower-case hex HMAC-SHA256 over `<timestamp>.<exact raw body>`.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-rf-signature';
export const TIMESTAMP_HEADER = 'x-rf-timestamp';
export const REQUEST_ID_HEADER = 'x-rf-request-id';

/** Accepted clock difference between signer and receiver, in both directions. */
export const TIMESTAMP_WINDOW_SECONDS = 300;

export function signWalletRequest(secret: string, timestamp: string, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(rawBody).digest('hex');
}

export type SignatureCheck =
  | { ok: true }
  | { ok: false; reason: 'missing_headers' | 'bad_timestamp' | 'stale_timestamp' | 'invalid_signature' };

/** Verifies a received callback: the timestamp window first, then the HMAC in constant time. */
export function verifyWalletSignature(
  secret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  rawBody: Buffer,
  nowSeconds: number,
): SignatureCheck {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature) return { ok: false, reason: 'missing_headers' };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'bad_timestamp' };
  if (Math.abs(nowSeconds - Number(timestamp)) > TIMESTAMP_WINDOW_SECONDS) {
    return { ok: false, reason: 'stale_timestamp' };
  }
  const expected = Buffer.from(signWalletRequest(secret, timestamp, rawBody), 'utf8');
  const given = Buffer.from(signature.toLowerCase(), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'invalid_signature' };
  }
  return { ok: true };
}
