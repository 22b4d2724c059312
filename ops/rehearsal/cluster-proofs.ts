// The proofs `ops/rehearse.sh --clusters 2` adds (issue 30, part 5), each reading an operator's own
// cluster: conservation of an operator's money in either wallet mode, where its rows live, and the
// staff summary (fanned out across clusters) against the ledger it sums.
import type pg from 'pg';
import { txEffect } from '../../src/domain/reports.ts';
import { parseAmount } from '../../src/money.ts';
import type { MockWallet } from '../../src/operator-kit/mock-wallet.ts';
import { internalStartBalance } from '../../src/wallet/internal.ts';
import { internalBooks } from './ledger.ts';

type Db = Pick<pg.Pool, 'query'>;

export interface Verdict {
  ok: boolean;
  detail: string;
}

/** Internal wallet: each balance = start − stakes + wins of settled rounds, the ledger rows agree. */
export async function internalConservation(db: Db, operatorId: string): Promise<Verdict> {
  const books = await internalBooks(db, operatorId);
  const misses = books.filter((row) => {
    const start = internalStartBalance(row.currency);
    return (row.balance ?? start) !== start + row.delta || row.ledger !== row.delta;
  });
  const rounds = books.reduce((sum, row) => sum + row.rounds, 0);
  return {
    ok: misses.length === 0 && books.length > 0,
    detail:
      misses.length === 0
        ? `${books.length} players, ${rounds} rounds: balance = start − stakes + wins of settled rounds + jackpot wins, ledger rows agree`
        : `${misses.length} players differ: ${misses
            .slice(0, 3)
            .map((r) => `${r.player_id} balance ${r.balance} delta ${r.delta} ledger ${r.ledger}`)
            .join('; ')}`,
  };
}

/**
 * Callback wallet: each player's balance at the wallet = start + acknowledged credits −
 * acknowledged debits not rolled back, per the operator's ledger; no transaction applied twice.
 */
export async function callbackConservation(
  db: Db,
  operatorId: string,
  wallet: MockWallet,
  playerIds: readonly string[],
  start: bigint,
): Promise<Verdict> {
  const { rows: txs } = await db.query<{
    id: string;
    type: string;
    status: string;
    amount: bigint;
    player_id: string;
    original_transaction_id: string | null;
  }>(
    `select id, type, status, amount, player_id, original_transaction_id
       from wallet_transactions where operator_id = $1`,
    [operatorId],
  );
  const rolledBack = new Set(
    txs
      .filter((tx) => tx.type === 'rollback' && tx.status === 'acknowledged')
      .map((tx) => tx.original_transaction_id),
  );
  const expected = new Map(playerIds.map((id) => [id, start]));
  for (const tx of txs) {
    if (tx.status !== 'acknowledged' || tx.type === 'rollback' || rolledBack.has(tx.id)) continue;
    const sign = tx.type === 'credit' ? 1n : -1n;
    expected.set(tx.player_id, (expected.get(tx.player_id) ?? start) + sign * BigInt(tx.amount));
  }
  const misses: string[] = [];
  for (const [playerId, balance] of expected) {
    const actual = wallet.players.get(playerId)?.balance;
    if (actual !== balance) misses.push(`${playerId}: wallet ${actual}, ledger ${balance}`);
  }
  const ids = new Set(txs.map((tx) => tx.id));
  const twice = [...wallet.applications].filter(([id, times]) => times > 1 && ids.has(id));
  for (const [id, times] of twice) misses.push(`${id} applied ${times} times`);
  const moved = [...expected.values()].reduce((a, b) => a + b, 0n) - start * BigInt(expected.size);
  return {
    ok: misses.length === 0 && txs.length > 0,
    detail:
      misses.length === 0
        ? `${expected.size} players, ${txs.length} ledger rows: each wallet balance = start + acknowledged credits − acknowledged debits not rolled back (net ${moved} cents), none applied twice`
        : `${misses.length} differ: ${misses.slice(0, 4).join('; ')}`,
  };
}

/** The play rows of each operator are on its own cluster only. */
export async function placementVerdict(
  clusters: ReadonlyArray<{ name: string; db: Db; operators: readonly string[] }>,
): Promise<Verdict> {
  const everyone = clusters.flatMap((cluster) => cluster.operators);
  const misses: string[] = [];
  const figures: string[] = [];
  for (const cluster of clusters) {
    const { rows } = await cluster.db.query<{
      operator_id: string;
      rounds: number;
      sessions: number;
      txs: number;
    }>(
      `select o.id as operator_id,
              (select count(*) from rounds r where r.operator_id = o.id)::int as rounds,
              (select count(*) from game_sessions s where s.operator_id = o.id)::int as sessions,
              (select count(*) from wallet_transactions t where t.operator_id = o.id)::int as txs
         from unnest($1::text[]) as o(id)`,
      [everyone],
    );
    for (const row of rows) {
      const home = cluster.operators.includes(row.operator_id);
      const any = row.rounds + row.sessions + row.txs > 0;
      if (home && row.rounds === 0)
        misses.push(`${row.operator_id} has no rounds on its cluster ${cluster.name}`);
      if (!home && any)
        misses.push(
          `${row.operator_id} has ${row.rounds} rounds, ${row.sessions} sessions, ${row.txs} transactions on ${cluster.name}`,
        );
    }
    const own = rows.filter((row) => cluster.operators.includes(row.operator_id));
    figures.push(
      `${cluster.name}: ${own.reduce((a, r) => a + r.rounds, 0)} rounds of its ${own.length} operators, none of the others'`,
    );
  }
  return { ok: misses.length === 0, detail: misses.length === 0 ? figures.join('; ') : misses.join('; ') };
}

/** A staff summary row as the admin API answers it (the fields compared). */
export interface SummaryLine {
  operator_id: string;
  currency: string;
  rounds: number;
  stakes: string;
  wins: string;
  promo_wins: string;
}

interface Sums {
  rounds: bigint;
  stakes: bigint;
  wins: bigint;
  promo: bigint;
}

const shown = (s: Sums) => `${s.rounds} rounds, stakes ${s.stakes}, wins ${s.wins}, prizes ${s.promo}`;
const same = (a: Sums, b: Sums) =>
  a.rounds === b.rounds && a.stakes === b.stakes && a.wins === b.wins && a.promo === b.promo;

/**
 * The staff summary per operator equals its cluster's ledger, twice over: the transactions summed
 * by the reports' own rule (domain/reports.ts txEffect: a round counted on its opening debit) and
 * the rounds table (settled rounds' stakes and wins, plus jackpot wins), prizes from campaign_prizes.
 */
export async function reportsVerdict(
  summary: readonly SummaryLine[],
  operators: ReadonlyArray<{ operatorId: string; label: string; db: Db }>,
): Promise<Verdict> {
  const misses: string[] = [];
  const figures: string[] = [];
  for (const { operatorId, label, db } of operators) {
    const reported: Sums = { rounds: 0n, stakes: 0n, wins: 0n, promo: 0n };
    const minor = (text: string, currency: string) => {
      const parsed = parseAmount(text, currency);
      if (!parsed.ok) throw new Error(`the summary's amount ${text} does not parse: ${parsed.reason}`);
      return parsed.minor;
    };
    for (const row of summary.filter((line) => line.operator_id === operatorId)) {
      reported.rounds += BigInt(row.rounds);
      reported.stakes += minor(row.stakes, row.currency);
      reported.wins += minor(row.wins, row.currency);
      reported.promo += minor(row.promo_wins, row.currency);
    }
    const { rows: txs } = await db.query(
      `select t.type, t.action_type, t.amount, t.status, r.stake as round_stake
         from wallet_transactions t join rounds r on r.id = t.round_id and r.created_at = t.round_created_at
        where t.operator_id = $1`,
      [operatorId],
    );
    const { rows: prizeRows } = await db.query(
      `select coalesce(sum(amount) filter (where kind = 'cash' and status in ('acknowledged', 'resolved')), 0)::bigint as promo
         from campaign_prizes where operator_id = $1`,
      [operatorId],
    );
    const promo = BigInt(prizeRows[0]?.promo ?? 0);
    const byTransactions: Sums = { rounds: 0n, stakes: 0n, wins: 0n, promo };
    for (const tx of txs) {
      const effect = txEffect({ ...tx, amount: BigInt(tx.amount), round_stake: BigInt(tx.round_stake) });
      byTransactions.rounds += BigInt(effect.rounds);
      byTransactions.stakes += effect.stakes;
      byTransactions.wins += effect.wins;
    }
    const { rows: roundRows } = await db.query(
      `select count(*) filter (where status = 'settled')::bigint as rounds,
              coalesce(sum(stake) filter (where status = 'settled'), 0)::bigint as stakes,
              (coalesce(sum(win) filter (where status = 'settled'), 0)
                + coalesce((select sum(w.amount) from jackpot_wins w where w.operator_id = $1 and w.status = 'won'), 0))::bigint as wins
         from rounds where operator_id = $1`,
      [operatorId],
    );
    const byRounds: Sums = {
      rounds: BigInt(roundRows[0].rounds),
      stakes: BigInt(roundRows[0].stakes),
      wins: BigInt(roundRows[0].wins),
      promo,
    };
    if (!same(reported, byTransactions) || !same(reported, byRounds) || reported.rounds === 0n)
      misses.push(
        `${label}: summary ${shown(reported)}; transactions ${shown(byTransactions)}; rounds ${shown(byRounds)}`,
      );
    else figures.push(`${label} ${reported.rounds} rounds`);
  }
  return {
    ok: misses.length === 0,
    detail:
      misses.length === 0
        ? `per operator, rounds, stakes, wins and prizes of the fanned-out summary = its cluster's transactions (the reports' rule) = its settled rounds: ${figures.join(', ')}`
        : misses.join('; '),
  };
}
