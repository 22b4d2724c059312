// Migration 018 moves the session token's scrub from the round's close to each transaction's
// decision. Transactions decided before it, on rounds still open at the upgrade, would have been
// scrubbed by 004's trigger when their round closed: 018 scrubs them itself, and leaves the
// transactions that may still be sent (pending, parked) with their token.
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { openStore } from '../../src/store/db.ts';
import { listMigrations, migrate } from '../../src/store/migrate.ts';
import { createTestDatabase } from '../helpers/db.ts';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/store/migrations');
const TOKEN = 'tok_player_session_0123456789';

const bodyWithToken = (transactionId: string) =>
  JSON.stringify({ transaction_id: transactionId, session_id: TOKEN, amount: '1.00' });

it('scrubs, on upgrade, the decided transactions of rounds still open, and only those', async () => {
  const database = await createTestDatabase();
  const store = openStore(database.url, { max: 2 });
  const before = await mkdtemp(path.join(os.tmpdir(), 'rf-migrations-'));
  try {
    const all = await listMigrations();
    for (const name of all.filter((name) => name < '018')) {
      await copyFile(path.join(MIGRATIONS, name), path.join(before, name));
    }
    await migrate(store.pool, { migrations: before, functions: null });
    const q = (text: string, values: unknown[] = []) => store.pool.query(text, values);
    await q(`insert into operators (id, name, wallet_mode) values ('op_m', 'Migration Casino', 'callback')`);
    await q(
      `insert into game_sessions (id, operator_id, player_id, game_symbol, currency, token_hash, device, expires_at)
       values ('ses_m', 'op_m', 'p-m', 'rf_copper_sevens', 'USD', '\\x01', 'desktop', now() + interval '1 hour')`,
    );
    const round = (id: string, status: string, stage: string) =>
      q(
        `insert into rounds (id, session_id, operator_id, player_id, game_symbol, currency, variant, wallet_mode,
           client_round_id, status, stage, kind, mode, coin, bet_level, stake, win, state_before, state_after, outcome)
         values ($1, 'ses_m', 'op_m', 'p-m', 'rf_copper_sevens', 'USD', '96.5', 'callback', $1, $2, $3, 'base',
           'base', 1, 1, 100, 0, '{}', '{}', '{}')`,
        [id, status, stage],
      );
    const tx = (id: string, roundId: string, type: string, status: string) =>
      q(
        `insert into wallet_transactions (id, round_id, operator_id, player_id, game_symbol, currency, wallet_mode,
           type, action_type, amount, body, status)
         values ($1, $2, 'op_m', 'p-m', 'rf_copper_sevens', 'USD', 'callback', $3, 'spin', 100, $4, $5)`,
        [id, roundId, type, bodyWithToken(id), status],
      );
    // An open round whose debit is decided and whose credit is still owed, and one whose credit is parked.
    await round('rnd_open', 'open', 'credit');
    await tx('tx_open_debit', 'rnd_open', 'debit', 'acknowledged');
    await tx('tx_open_credit', 'rnd_open', 'credit', 'pending');
    await round('rnd_parked', 'open', 'credit');
    await tx('tx_parked_debit', 'rnd_parked', 'debit', 'acknowledged');
    await tx('tx_parked_credit', 'rnd_parked', 'credit', 'failed');

    expect(await migrate(store.pool)).toEqual(all.filter((name) => name >= '018'));

    const { rows } = await q('select id, body from wallet_transactions order by id');
    const tokenOf = new Map(rows.map((row) => [row.id, JSON.parse(row.body).session_id]));
    expect(Object.fromEntries(tokenOf)).toEqual({
      tx_open_credit: TOKEN,
      tx_open_debit: '[REDACTED]',
      tx_parked_credit: TOKEN,
      tx_parked_debit: '[REDACTED]',
    });

    // From now on a transaction is scrubbed by the update that decides it, and its round's close
    // writes nothing more.
    await q(`update wallet_transactions set status = 'acknowledged' where id = 'tx_open_credit'`);
    await q(
      `update rounds set status = 'settled', stage = 'done', finished_at = now() where id = 'rnd_open'`,
    );
    const credit = await q(`select body from wallet_transactions where id = 'tx_open_credit'`);
    expect(JSON.parse(credit.rows[0].body).session_id).toBe('[REDACTED]');
    // A parked credit staff put back in the queue keeps its token: it is sent again.
    await q(`update wallet_transactions set status = 'pending' where id = 'tx_parked_credit'`);
    const parked = await q(`select body from wallet_transactions where id = 'tx_parked_credit'`);
    expect(JSON.parse(parked.rows[0].body).session_id).toBe(TOKEN);
  } finally {
    await store.close();
    await database.drop();
    await rm(before, { recursive: true, force: true });
  }
});
