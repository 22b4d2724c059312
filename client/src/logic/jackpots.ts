// The jackpot meters as the game shows them (issue 28): each tier of every pool the session feeds,
// grand first, in the player's currency; a colour tone by rank; when to ask the server again; a
// meter's value on its way to the next one.
import type { JackpotsAnswer, JackpotTier } from '../api/types.ts';
import { type MessageKey, t } from '../i18n/i18n.ts';
import { toMinor } from './money.ts';

/** Colours from the top tier down, whatever the operator named the tiers. */
export const TONES = ['grand', 'major', 'minor', 'mini'] as const;
export type Tone = (typeof TONES)[number];

export interface TierMeter {
  /** Unique over the pools: `<pool_id>:<tier_id>`. */
  key: string;
  poolId: string;
  tier: JackpotTier;
  /** What the meter shows, minor units of `currency`. */
  minor: bigint;
  /** The player's currency when the server converted the value, else the pool's. */
  currency: string;
  tone: Tone;
}

/**
 * A tier's name as the player reads it: the usual names (grand, major, minor, mini, mega, maxi) in
 * the player's language, any other as the operator wrote it, its first letter capital.
 */
export function tierName(name: string): string {
  const key = `jackpot.tier.${name}` as MessageKey;
  const known = t(key);
  if (known !== key) return known;
  const spaced = name.replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** `count` tiers spread over the four tones: two are grand and mini, three grand, minor and mini. */
export function toneOf(rank: number, count: number): Tone {
  if (count <= 1) return 'grand';
  const index = Math.round((rank * (TONES.length - 1)) / (count - 1));
  return TONES[Math.min(index, TONES.length - 1)] as Tone;
}

/**
 * The meters to show: none unless the session is eligible; every tier of every pool, the largest
 * seed first (the grand), the server's order among equals; the value in the player's currency
 * when the server gave one.
 */
export function metersOf(answer: JackpotsAnswer | null): TierMeter[] {
  if (!answer?.eligible) return [];
  const tiers = answer.jackpots.flatMap((pool) =>
    pool.tiers.map((tier, order) => ({
      order,
      seed: toMinor(tier.seed, pool.currency),
      meter: {
        key: `${pool.pool_id}:${tier.tier_id}`,
        poolId: pool.pool_id,
        tier,
        minor: toMinor(
          tier.value_in_currency?.value ?? tier.value,
          tier.value_in_currency?.currency ?? pool.currency,
        ),
        currency: tier.value_in_currency?.currency ?? pool.currency,
      },
    })),
  );
  tiers.sort((a, b) => (a.seed === b.seed ? 0 : a.seed > b.seed ? -1 : 1));
  return tiers.map(({ meter }, rank) => ({ ...meter, tone: toneOf(rank, tiers.length) }));
}

/** The pace of polling: every 2 s, backing off after failures (4, 8, 16, then 30 s at most). */
export const POLL_MS = 2_000;
const POLL_MAX_MS = 30_000;

export function pollDelay(failures: number): number {
  return Math.min(POLL_MS * 2 ** Math.min(Math.max(failures, 0), 8), POLL_MAX_MS);
}

/**
 * A meter between two readings, `progress` from 0 to 1 (eased): it climbs to the new value; a
 * value that fell (the tier was won and starts again at its seed) shows at once.
 */
export function meterBetween(from: bigint, to: bigint, progress: number): bigint {
  if (to <= from || progress >= 1) return to;
  if (progress <= 0) return from;
  const eased = 1 - (1 - progress) ** 3;
  return from + ((to - from) * BigInt(Math.round(eased * 10_000))) / 10_000n;
}

/** The rules screen's jackpot section for one pool the game feeds (RTS 9A). */
export interface PoolRules {
  intro: string;
  /** How each tier is funded and won, grand first. */
  tiers: string[];
  record: string;
  /** The pool's public record page. */
  href: string;
  poolName: string;
}

export type JackpotRules =
  | { kind: 'none' }
  | { kind: 'unavailable'; text: string }
  | { kind: 'pools'; pools: PoolRules[]; notes: string[] };

const HOW_WON: Record<JackpotTier['kind'], MessageKey> = {
  progressive: 'jackpot.rules.progressive',
  must_drop_value: 'jackpot.rules.must_drop_value',
  must_drop_time: 'jackpot.rules.must_drop_time',
};

/**
 * What the rules say about jackpots: that they are not available where the market bans them, else
 * each pool the session feeds, how its tiers are funded and won, its public record, what happens
 * when two spins trigger at once, and that only paid spins win. `money` formats a pool's amount.
 */
export function jackpotRules(
  answer: JackpotsAnswer | null,
  marketAllows: boolean,
  money: (decimal: string, currency: string) => string,
  /** The session's RTP split (RTS 9A: one figure or base and jackpot apart), when it can win. */
  rtp?: { eligible: boolean; base_rtp: string; jackpot_rtp: string; total_rtp: string } | null,
): JackpotRules {
  if (!marketAllows) return { kind: 'unavailable', text: t('jackpot.rules.unavailable') };
  if (!answer?.eligible || answer.jackpots.length === 0) return { kind: 'none' };
  const order = new Map(metersOf(answer).map((meter, rank) => [meter.key, rank]));
  const rank = (poolId: string, tierId: string) => order.get(`${poolId}:${tierId}`) ?? 0;
  return {
    kind: 'pools',
    pools: answer.jackpots.map((pool) => ({
      intro: t('jackpot.rules.pool', { pool: pool.name }),
      tiers: [...pool.tiers]
        .sort((a, b) => rank(pool.pool_id, a.tier_id) - rank(pool.pool_id, b.tier_id))
        .map((tier) =>
          t(HOW_WON[tier.kind], {
            tier: tierName(tier.name),
            seed: money(tier.seed, pool.currency),
            ceiling: tier.ceiling === null ? '' : money(tier.ceiling, pool.currency),
            rate: tier.contribution_rate,
            reserve: tier.reserve_rate,
          }),
        ),
      record: t('jackpot.rules.record'),
      href: `/jackpots/${encodeURIComponent(pool.pool_id)}`,
      poolName: pool.name,
    })),
    notes: [
      ...(rtp?.eligible
        ? [t('jackpot.rules.rtp', { base: rtp.base_rtp, jackpot: rtp.jackpot_rtp, total: rtp.total_rtp })]
        : []),
      t('jackpot.rules.simultaneous'),
      t('jackpot.rules.paid_only'),
    ],
  };
}
