// The launch ceiling sends LAUNCH_SQL itself (the endpoint's statement, prepared under its name), so
// it must send every parameter the statement takes: a column added to the launch (default_bet) once
// left `npm run bench` failing with "bind message supplies 20 parameters, but … requires 21".
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../src/store/db.ts';
import { migrate } from '../src/store/migrate.ts';
import { LAUNCH_SQL } from '../src/store/sessions.repo.ts';
import { createTestDatabase } from '../test/helpers/db.ts';
import { launchValues, openCeiling } from './ceiling.ts';

describe('the launch ceiling', () => {
  it('sends one array for each of the launch statement’s parameters', () => {
    const parameters = Math.max(...[...LAUNCH_SQL.matchAll(/\$(\d+)/g)].map((match) => Number(match[1])));
    const values = launchValues({ reality_check_interval: null }, 'op_c', 'k1', new Date(0));
    expect(values).toHaveLength(parameters);
    for (const value of values) expect(value).toHaveLength(1);
  });
});

// The callback floor (issue 27) is what the callback round's PostgreSQL CPU is judged against: if its
// statements stopped committing (a column renamed, a check added), the floor would measure refusals
// and make the round look cheap or dear. Each call must settle one round through three commits, with
// the rows a settled callback round has.
describe('the callback floor', () => {
  let store: Store;
  let url: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await createTestDatabase();
    url = database.url;
    store = openStore(url, { max: 2 });
    drop = async () => {
      await store.close();
      await database.drop();
    };
    await migrate(store.pool);
    await store.pool.query(
      `insert into operators (id, name, wallet_mode) values ('op_f', 'Floor Casino', 'callback')`,
    );
    await store.pool.query(
      `insert into game_sessions (id, operator_id, player_id, game_symbol, currency, token_hash, device, expires_at)
       values ('ses_f', 'op_f', 'p-f', 'rf_copper_sevens', 'USD', $1, 'desktop', now() + interval '1 hour')`,
      [createHash('sha256').update('floor-token').digest()],
    );
  });
  afterAll(async () => drop?.());

  it.each(['callback-minimal', 'callback-two-commits'] as const)(
    '%s settles each round it counts: a debit and a credit acknowledged, the round settled',
    async (shape) => {
      await store.pool.query('delete from rounds');
      const floor = await openCeiling({ databaseUrl: url, tokens: ['floor-token'], clients: 1, shape });
      const result = await floor.measure(300).finally(() => floor.close());
      expect(result.refused).toBe(0);
      expect(result.committed).toBeGreaterThan(0);
      const { rows } = await store.pool.query<{
        rounds: string;
        settled: string;
        debits: string;
        credits: string;
      }>(
        `select (select count(*) from rounds) as rounds,
              (select count(*) from rounds where status = 'settled' and stage = 'done' and wallet_mode = 'callback') as settled,
              (select count(*) from wallet_transactions where type = 'debit' and status = 'acknowledged') as debits,
              (select count(*) from wallet_transactions where type = 'credit' and status = 'acknowledged') as credits`,
      );
      const counts = rows[0];
      expect(Number(counts?.rounds)).toBe(result.committed);
      expect(counts).toEqual({
        rounds: counts?.rounds,
        settled: counts?.rounds,
        debits: counts?.rounds,
        credits: counts?.rounds,
      });
    },
  );
});
