// What the internal wallet's books say per player, read the same way by the rehearsal's proof and
// the failover test: the balance held, the rounds' net (settled rounds' wins less stakes, plus
// jackpot wins), and the acknowledged ledger rows. Campaign prizes are added by the caller.
import type pg from 'pg';

export interface InternalBooks {
  player_id: string;
  currency: string;
  /** Settled rounds' wins − stakes, plus jackpot wins (minor units). */
  delta: bigint;
  rounds: number;
  /** The wallet's balance, or null before the player's first round. */
  balance: bigint | null;
  /** Acknowledged credits − acknowledged debits. */
  ledger: bigint;
}

export async function internalBooks(
  db: Pick<pg.Pool, 'query'>,
  operatorId: string,
): Promise<InternalBooks[]> {
  const { rows } = await db.query<InternalBooks>(
    `select r.player_id, r.currency,
            (coalesce(sum(r.win - r.stake) filter (where r.status = 'settled'), 0)
              + coalesce((select sum(w.amount) from jackpot_wins w
                  where w.operator_id = r.operator_id and w.player_id = r.player_id and w.status = 'won'), 0))::bigint as delta,
            count(*)::int as rounds,
            (select balance from wallet_balances b
              where b.operator_id = r.operator_id and b.player_id = r.player_id and b.currency = r.currency) as balance,
            (select coalesce(sum(case t.type when 'credit' then t.amount when 'debit' then -t.amount else 0 end), 0)::bigint
               from wallet_transactions t
              where t.operator_id = r.operator_id and t.player_id = r.player_id and t.status = 'acknowledged') as ledger
       from rounds r where r.operator_id = $1 group by r.operator_id, r.player_id, r.currency`,
    [operatorId],
  );
  return rows;
}
