// What the certified figures of a pool need (issue 28): its tiers' parameters, the games that feed
// it with each operator's RTP variant, and its rates. Read only; the pool's own writes are
// jackpots.repo.ts's.
import { type Kysely, sql } from 'kysely';
import { bigOrNull } from './jackpots.repo.ts';
import type { Database } from './schema.ts';

/** A tier's parameters (the shape of domain/jackpots.ts TierParams). */
export interface FiguresTier {
  name: string;
  kind: 'progressive' | 'must_drop_value' | 'must_drop_time';
  seed: bigint;
  contributionPpm: bigint;
  reservePpm: bigint;
  ceiling: bigint | null;
  oddsStake: bigint | null;
  deadlineMinute: number | null;
}

export interface FiguresPool {
  id: string;
  name: string;
  currency: string;
  status: 'active' | 'closed';
  tiers: FiguresTier[];
  members: Array<{ operator_id: string; game_symbol: string; rtp_variant: string | null }>;
  rates: Map<string, string>;
}

const big = (value: unknown): bigint | null => (value === undefined ? null : bigOrNull(value));

export function jackpotFiguresRepo(db: Kysely<Database>) {
  return {
    /** The pool with its tiers in order, members and rates; undefined for an unknown id. */
    async pool(id: string): Promise<FiguresPool | undefined> {
      const { rows: pools } = await sql<{
        id: string;
        name: string;
        currency: string;
        status: 'active' | 'closed';
      }>`
        select id, name, currency, status from jackpot_pools where id = ${id}`.execute(db);
      const pool = pools[0];
      if (!pool) return undefined;
      const { rows: tiers } = await sql<Record<string, unknown>>`
        select name, kind, seed, contribution_ppm, reserve_ppm, ceiling, odds_stake, deadline_minute
          from jackpot_tiers where pool_id = ${id} order by position`.execute(db);
      const { rows: members } = await sql<{
        operator_id: string;
        game_symbol: string;
        rtp_variant: string | null;
      }>`
        select m.operator_id, m.game_symbol, o.rtp_variant
          from jackpot_pool_members m join operators o on o.id = m.operator_id
         where m.pool_id = ${id} order by m.operator_id, m.game_symbol`.execute(db);
      const { rows: rates } = await sql<{ currency: string; rate: string }>`
        select currency, rate from jackpot_rates where pool_id = ${id}`.execute(db);
      return {
        ...pool,
        tiers: tiers.map((row) => ({
          name: row.name as string,
          kind: row.kind as FiguresTier['kind'],
          seed: big(row.seed) ?? 0n,
          contributionPpm: big(row.contribution_ppm) ?? 0n,
          reservePpm: big(row.reserve_ppm) ?? 0n,
          ceiling: big(row.ceiling),
          oddsStake: big(row.odds_stake),
          deadlineMinute: row.deadline_minute === null ? null : Number(row.deadline_minute),
        })),
        members,
        rates: new Map(rates.map((rate) => [rate.currency, rate.rate])),
      };
    },
  };
}

export type JackpotFiguresRepo = ReturnType<typeof jackpotFiguresRepo>;
