// Anyone's check of a jackpot pool (issue 28), from what its public page publishes and nothing else:
// the ledger's hash chain, each block's Merkle root, every must-drop win against the commitment
// published before its cycle could fall, and seeds + contributions − wins = the meter, per tier.
// The public record carries its result as `check` and the public page shows it
// (src/http/jackpots/), the rehearsal and test/jackpots/verify.ts run it on the record as fetched,
// and `docs/jackpots.md` says how to do it by hand.
import { commitOf, entryHash, merkleRoot } from './jackpots.ts';

export interface PublishedEntry {
  seq: string;
  block: string;
  kind: string;
  body: string;
  prev_hash: string;
  hash: string;
}

export interface PublishedBlock {
  block: string;
  first_seq: string;
  last_seq: string;
  merkle_root: string;
}

export interface PublishedTier {
  tier_id: string;
  kind: string;
  /** Fine units. */
  meter: string;
  reserve: string;
}

export interface PoolCheck {
  problems: string[];
  entriesChecked: number;
  blocksChecked: number;
  dropsChecked: number;
  /** Per tier, fine units: what the ledger adds up to. */
  totals: Record<
    string,
    { meter: string; reserve: string; seeds: string; contributions: string; wins: string }
  >;
}

interface Sum {
  seeds: bigint;
  contributions: bigint;
  wins: bigint;
  reserveIn: bigint;
  reserveOut: bigint;
}

/**
 * Checks a pool's whole published ledger. `tiers` (the meters) are compared only when `pending` is 0:
 * entries not yet sealed are in the meters but not yet in the ledger.
 */
export function checkPool(
  poolId: string,
  entries: readonly PublishedEntry[],
  blocks: readonly PublishedBlock[],
  tiers: readonly PublishedTier[],
  pending: number,
): PoolCheck {
  const problems: string[] = [];
  const sums = new Map<string, Sum>();
  const sumOf = (tierId: string): Sum => {
    let sum = sums.get(tierId);
    if (!sum) {
      sum = { seeds: 0n, contributions: 0n, wins: 0n, reserveIn: 0n, reserveOut: 0n };
      sums.set(tierId, sum);
    }
    return sum;
  };
  const committed = new Map<string, bigint>(); // commit hash → seq it was published at
  let previous = '0'.repeat(64);
  let dropsChecked = 0;
  const kindOf = new Map(tiers.map((tier) => [tier.tier_id, tier.kind]));

  for (const [index, entry] of entries.entries()) {
    const seq = BigInt(entry.seq);
    if (seq !== BigInt(index + 1)) problems.push(`entry ${entry.seq}: expected seq ${index + 1}`);
    if (entry.prev_hash !== previous)
      problems.push(`entry ${entry.seq}: prev_hash does not match the entry before`);
    const hash = entryHash(entry.prev_hash, `${poolId}|${entry.seq}|${entry.body}`);
    if (hash !== entry.hash) problems.push(`entry ${entry.seq}: hash does not match its body`);
    previous = entry.hash;
    const body = JSON.parse(entry.body) as Record<string, unknown>;
    switch (entry.kind) {
      case 'contribution':
        for (const share of body.tiers as Array<{ tier_id: string; meter: string; reserve: string }>) {
          sumOf(share.tier_id).contributions += BigInt(share.meter);
          sumOf(share.tier_id).reserveIn += BigInt(share.reserve);
        }
        break;
      case 'contributions':
        // The shares of the rounds one statement wrote (winners among them), each as a 'contribution' has them.
        for (const round of body.rounds as Array<{
          tiers: Array<{ tier_id: string; meter: string; reserve: string }>;
        }>) {
          for (const share of round.tiers) {
            sumOf(share.tier_id).contributions += BigInt(share.meter);
            sumOf(share.tier_id).reserveIn += BigInt(share.reserve);
          }
        }
        break;
      case 'seed':
        sumOf(body.tier_id as string).seeds += BigInt(body.seed as string);
        sumOf(body.tier_id as string).reserveOut += BigInt(body.from_reserve as string);
        break;
      case 'win': {
        const tierId = body.tier_id as string;
        sumOf(tierId).wins += BigInt(body.consumed as string);
        if (BigInt(body.consumed as string) > BigInt(body.meter as string)) {
          problems.push(`entry ${entry.seq}: the win took more than the meter held`);
        }
        if (body.drop_commit) {
          dropsChecked++;
          const at = BigInt(body.drop_at as string);
          const commit = commitOf(tierId, BigInt(body.cycle as string), at, body.drop_salt as string);
          if (commit !== body.drop_commit)
            problems.push(`entry ${entry.seq}: the revealed drop point does not hash to its commitment`);
          const publishedAt = committed.get(body.drop_commit as string);
          if (publishedAt === undefined)
            problems.push(`entry ${entry.seq}: the drop point's commitment was not published before the win`);
          if (kindOf.get(tierId) === 'must_drop_value' && BigInt(body.meter as string) < at) {
            problems.push(`entry ${entry.seq}: the pool dropped below its committed point`);
          }
          if (kindOf.get(tierId) === 'must_drop_time' && Date.parse(body.at as string) < Number(at)) {
            problems.push(`entry ${entry.seq}: the pool dropped before its committed moment`);
          }
        }
        break;
      }
      case 'parameters': {
        const commitment = body.commitment as { commit: string } | undefined;
        if (commitment) committed.set(commitment.commit, seq);
        break;
      }
      case 'void':
        // A round whose stake was never taken: its shares come off (they are negative here) and
        // its wins go back into the meters.
        for (const share of body.tiers as Array<{ tier_id: string; meter: string; reserve: string }>) {
          sumOf(share.tier_id).contributions += BigInt(share.meter);
          sumOf(share.tier_id).reserveIn += BigInt(share.reserve);
        }
        for (const win of body.wins as Array<{
          tier_id: string;
          consumed: string;
          seed?: string;
          seed_from_reserve?: string;
        }>) {
          sumOf(win.tier_id).wins -= BigInt(win.consumed);
          sumOf(win.tier_id).seeds -= BigInt(win.seed ?? '0');
          sumOf(win.tier_id).reserveOut -= BigInt(win.seed_from_reserve ?? '0');
        }
        break;
      default:
        problems.push(`entry ${entry.seq}: unknown kind ${entry.kind}`);
    }
  }

  for (const block of blocks) {
    const first = BigInt(block.first_seq);
    const last = BigInt(block.last_seq);
    const hashes = entries
      .filter((entry) => BigInt(entry.seq) >= first && BigInt(entry.seq) <= last)
      .map((entry) => entry.hash);
    if (BigInt(hashes.length) !== last - first + 1n) problems.push(`block ${block.block}: entries missing`);
    else if (merkleRoot(hashes) !== block.merkle_root)
      problems.push(`block ${block.block}: Merkle root does not match its entries`);
  }

  const totals: PoolCheck['totals'] = {};
  for (const [tierId, sum] of sums) {
    const meter = sum.seeds + sum.contributions - sum.wins;
    const reserve = sum.reserveIn - sum.reserveOut;
    totals[tierId] = {
      meter: meter.toString(),
      reserve: reserve.toString(),
      seeds: sum.seeds.toString(),
      contributions: sum.contributions.toString(),
      wins: sum.wins.toString(),
    };
  }
  if (pending === 0) {
    for (const tier of tiers) {
      const total = totals[tier.tier_id];
      if (!total) problems.push(`tier ${tier.tier_id}: not in the ledger`);
      else if (total.meter !== tier.meter)
        problems.push(
          `tier ${tier.tier_id}: ledger adds up to ${total.meter}, the meter shows ${tier.meter}`,
        );
      else if (total.reserve !== tier.reserve)
        problems.push(`tier ${tier.tier_id}: ledger reserve ${total.reserve}, the meter's ${tier.reserve}`);
    }
  }
  return { problems, entriesChecked: entries.length, blocksChecked: blocks.length, dropsChecked, totals };
}
