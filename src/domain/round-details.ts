// round_details_url: a link to one round's details page that support staff can open without an API
// key, and that carries no session token. It is signed (HMAC-SHA256 with the store's round-details
// key over the round id and the expiry) and expires ROUND_DETAILS_DAYS after the round was played,
// so the link is the same wherever it is given out (credit callback, round lookups).
import { createHmac, timingSafeEqual } from 'node:crypto';

export const ROUND_DETAILS_DAYS = 180;
const DAY_SECONDS = 86_400;
const ROUND_ID = /^rnd_[A-Za-z0-9]{8,40}$/;

function signature(secret: string, roundId: string, expires: number): string {
  return createHmac('sha256', secret).update(`round-details.${roundId}.${expires}`, 'utf8').digest('hex');
}

/** The link to a round's details page, valid ROUND_DETAILS_DAYS from when the round was played. */
export function roundDetailsUrl(baseUrl: string, secret: string, roundId: string, playedAt: Date): string {
  const expires = Math.floor(playedAt.getTime() / 1000) + ROUND_DETAILS_DAYS * DAY_SECONDS;
  const query = new URLSearchParams({
    expires: String(expires),
    signature: signature(secret, roundId, expires),
  });
  return `${baseUrl}/round-details/${roundId}?${query}`;
}

export type DetailsLinkCheck =
  | { ok: true }
  | { ok: false; reason: 'malformed' | 'expired' | 'bad_signature' };

/** Checks a details link's round id, expiry and signature (constant time). */
export function checkRoundDetailsLink(
  secret: string,
  roundId: string,
  expiresText: unknown,
  signatureText: unknown,
  now: Date,
): DetailsLinkCheck {
  if (!ROUND_ID.test(roundId) || typeof expiresText !== 'string' || !/^\d{1,12}$/.test(expiresText)) {
    return { ok: false, reason: 'malformed' };
  }
  if (typeof signatureText !== 'string' || !/^[0-9a-f]{64}$/.test(signatureText)) {
    return { ok: false, reason: 'malformed' };
  }
  const expires = Number(expiresText);
  const expected = Buffer.from(signature(secret, roundId, expires), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signatureText, 'hex')))
    return { ok: false, reason: 'bad_signature' };
  if (expires * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true };
}
