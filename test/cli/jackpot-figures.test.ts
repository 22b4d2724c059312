// reelforge jackpot figures on a real PostgreSQL: the same figures as the Admin API's service, as
// JSON and as a table per member game; an unknown pool is a failure naming it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffServices } from '../../src/services/index.ts';
import { openStore, type Store } from '../../src/store/db.ts';
import { jackpotsRepo } from '../../src/store/jackpots.repo.ts';
import { migrate } from '../../src/store/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { runCli } from './run.ts';

let database: TestDatabase;
let store: Store;
const cli = (...args: string[]) => runCli(args, { DATABASE_URL: database.url });

beforeAll(async () => {
  database = await createTestDatabase();
  store = openStore(database.url, { max: 4 });
  await migrate(store.pool);
  const created = await (
    await createStaffServices(store, { kind: 'cli', user: 'test' })
  ).operators.createOperator({ name: 'Figures Casino', wallet_mode: 'internal' });
  if (!created.ok) throw created.error;
  const operatorId = created.value.operator.id;
  const tier = { seed: 1_000n, ceiling: null, oddsStake: null, deadlineMinute: null };
  await jackpotsRepo(store.db).create(
    {
      id: 'jp_cli',
      name: 'CLI pool',
      scope: 'operator',
      currency: 'EUR',
      ownerOperatorId: operatorId,
      createdBy: 'test',
      tiers: [
        {
          ...tier,
          id: 'jpt_mini',
          name: 'mini',
          kind: 'must_drop_time',
          contributionPpm: 1_500n,
          reservePpm: 500n,
          deadlineMinute: 1320,
        },
        {
          ...tier,
          id: 'jpt_grand',
          name: 'grand',
          kind: 'progressive',
          contributionPpm: 3_333n,
          reservePpm: 167n,
          oddsStake: 1_000_000_000n,
        },
      ],
      members: [{ operatorId, gameSymbol: 'rf_ember_crown' }],
      rates: [],
    },
    new Date(),
  );
});
afterAll(async () => {
  await store?.close();
  await database?.drop();
});

describe('reelforge jackpot figures', { timeout: 60_000 }, () => {
  it('prints the figures per member game as JSON and as tables', async () => {
    const expected = await (
      await createStaffServices(store, { kind: 'cli', user: 'test' })
    ).jackpotFigures.ofPool('jp_cli');
    if (!expected.ok) throw expected.error;
    expect(expected.value.games[0]?.figures.jackpot_rtp).toBe('0.55');

    const json = await cli('--json', 'jackpot', 'figures', 'jp_cli');
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(expected.value);

    const text = await cli('jackpot', 'figures', 'jp_cli');
    expect(text.code, text.stderr).toBe(0);
    const base = expected.value.games[0]?.figures.base_rtp;
    const total = expected.value.games[0]?.figures.total_rtp;
    expect(text.stdout).toContain(`rf_ember_crown (operator op_`);
    expect(text.stdout).toContain(`RTP ${total} % = base ${base} % `);
    expect(text.stdout).toMatch(/grand +progressive +0\.3333 +0\.0167 +0\.35/);
    expect(text.stdout).toMatch(/STAKE EUR +MINI 1 IN +GRAND 1 IN/);
    expect(text.stdout).toMatch(/\n1\.00 +daily by 22:00 UTC +10000000\n/);
  });

  it('fails naming an unknown pool', async () => {
    const missing = await cli('jackpot', 'figures', 'jp_nope');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/jp_nope/);
  });
});
