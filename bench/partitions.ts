// Monthly partitions under a long history (issue 30, goal 2): the internal spin's database work on
// rounds, wallet_transactions and wallet_attempts partitioned by month against the same tables
// unpartitioned, each holding BENCH_PARTITION_ROUNDS rounds (10 million by default) of the past
// twelve months, two transactions each.
//
// The current code's functions need migration 029 (a transaction names its round's created_at), so
// the unpartitioned side is the code as it was just before 029: migrations 001–028 and the database
// functions of that commit, taken from git. Both sides are driven the way the spin path calls the
// database, one `rf_play_internal_round` a round (same signature then and now), from plain `pg`
// clients: what differs is the layout and what 029 changed in the function to suit it (the click
// look-up bounded by the launch, the transaction's round_created_at).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate } from '../src/store/migrate.ts';
import { type BenchDatabase, createDatabase, serverAnswers } from './databases.ts';
import { root, spread } from './http.ts';

const ROUNDS = Number(process.env.BENCH_PARTITION_ROUNDS ?? 10_000_000);
const KEEP = Boolean(process.env.BENCH_KEEP);
const GOAL = 0.95;
/** Sessions the history was played in, and the rounds loaded a statement. */
const HISTORY_SESSIONS = 10_000;
const CHUNK = 1_000_000;
const CLIENTS = 4;
const OPERATOR = 'op_bench_part';
const GAME = 'rf_copper_sevens';

type Layout = 'flat' | 'monthly';

/** The migrations and function files of the commit before migration 029, written to a folder. */
async function codeBefore029(): Promise<{ dir: string; commit: string }> {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  const added = git(
    'log',
    '--format=%H',
    '--diff-filter=A',
    '--',
    'src/store/migrations/029_time_partitions.sql',
  );
  const commit = git('rev-parse', `${added.split('\n').pop()}^`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rf-bench-028-'));
  for (const folder of ['migrations', 'functions']) {
    await mkdir(path.join(dir, folder));
    const names = git('ls-tree', '--name-only', commit, `src/store/${folder}/`).split('\n');
    for (const name of names.filter((file) => file.endsWith('.sql'))) {
      const text = execFileSync('git', ['show', `${commit}:${name}`], { cwd: root, encoding: 'utf8' });
      await writeFile(path.join(dir, folder, path.basename(name)), text);
    }
  }
  return { dir, commit: commit.slice(0, 7) };
}

const TABLES = `'rounds'::regclass, 'wallet_transactions'::regclass, 'wallet_attempts'::regclass`;

/**
 * Runs `load` with the three tables' keys and indexes dropped, then makes them again as they were
 * (indexes, primary and unique keys, then foreign keys, each checked whole): a 10-million-round
 * history inserted through its indexes, random ids and all, took longer than the benchmark can wait.
 */
async function withoutKeys(client: pg.Client, load: () => Promise<void>): Promise<void> {
  const tables = `(select unnest(array[${TABLES}]) union all
      select inhrelid from pg_inherits where inhparent in (${TABLES}))`;
  const foreign = await client.query<{ table: string; name: string; def: string }>(
    `select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as def from pg_constraint
      where contype = 'f' and conparentid = 0 and (conrelid in ${tables} or confrelid in ${tables})`,
  );
  const keys = await client.query<{ table: string; name: string; def: string }>(
    `select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as def from pg_constraint
      where contype in ('p', 'u') and conrelid in (${TABLES})`,
  );
  const indexes = await client.query<{ name: string; def: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def from pg_index i
      where i.indrelid in (${TABLES})
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
  );
  for (const fk of foreign.rows) await client.query(`alter table ${fk.table} drop constraint ${fk.name}`);
  for (const key of keys.rows) await client.query(`alter table ${key.table} drop constraint ${key.name}`);
  for (const index of indexes.rows) await client.query(`drop index ${index.name}`);
  await load();
  await client.query(`set maintenance_work_mem = '512MB'`);
  // a partitioned table's index prints as ON ONLY (the parent alone); made again, it is every month's
  for (const index of indexes.rows) await client.query(index.def.replace(' ON ONLY ', ' ON '));
  for (const key of keys.rows)
    await client.query(`alter table ${key.table} add constraint ${key.name} ${key.def}`);
  for (const fk of foreign.rows)
    await client.query(`alter table ${fk.table} add constraint ${fk.name} ${fk.def}`);
}

/**
 * The history, set-based: sessions, then rounds in time order over the last 365 days (random-looking
 * ids, as the node makes them) with a debit and a credit each, in statements of CHUNK rounds.
 */
async function loadHistory(client: pg.Client, layout: Layout): Promise<void> {
  await client.query(
    `insert into game_sessions (id, operator_id, player_id, game_symbol, currency, token_hash, device, expires_at,
        refreshed_at)
       select 'ses_h' || s, $1, 'ph_' || s, $2, 'USD', decode(md5('h' || s), 'hex'), 'desktop',
         now() + interval '1 day', now() - interval '366 days'
       from generate_series(1, $3) s`,
    [OPERATOR, GAME, HISTORY_SESSIONS],
  );
  // one instant for every statement: a transaction's time must be its round's to the microsecond
  const anchor = new Date(Date.now() - 60_000).toISOString();
  const roundCreatedAt = layout === 'monthly' ? 'round_created_at, ' : '';
  const roundCreatedAtValue = layout === 'monthly' ? 'x.at, ' : '';
  for (let first = 1; first <= ROUNDS; first += CHUNK) {
    const last = Math.min(ROUNDS, first + CHUNK - 1);
    const series = `from generate_series($1::bigint, $2::bigint) g,
        lateral (select 'rnd_' || substr(md5(g::text), 1, 24) as id, 'ses_h' || (g % ${HISTORY_SESSIONS} + 1) as session,
          'ph_' || (g % ${HISTORY_SESSIONS} + 1) as player,
          $3::timestamptz - interval '365 days' + (g::float8 / (${ROUNDS} + 1)) * interval '365 days' as at) x`;
    await client.query(
      `insert into rounds (id, session_id, operator_id, player_id, game_symbol, currency, variant, wallet_mode,
          client_round_id, status, stage, kind, mode, coin, bet_level, stake, win, state_before, state_after,
          outcome, created_at, finished_at, jurisdiction_code)
        select x.id, x.session, '${OPERATOR}', x.player, '${GAME}', 'USD', 'default', 'internal', 'h' || g,
          'settled', 'done', 'base', 'base', 1, 1, 10, g % 7 * 5, '{}', '{}', '{"screens":[[3,1,4],[1,5,2]]}',
          x.at, x.at, 'default'
        ${series}`,
      [first, last, anchor],
    );
    await client.query(
      `insert into wallet_transactions (id, round_id, ${roundCreatedAt}operator_id, player_id, game_symbol, currency,
          wallet_mode, type, action_type, amount, status, balance_after, created_at, finished_at)
        select 'tx_' || substr(md5(t.type || g), 1, 24), x.id, ${roundCreatedAtValue}'${OPERATOR}', x.player, '${GAME}',
          'USD', 'internal', t.type, 'spin', case t.type when 'debit' then 10 else g % 7 * 5 end, 'acknowledged',
          1000000, x.at, x.at
        ${series}, (values ('debit'), ('credit')) t (type)`,
      [first, last, anchor],
    );
    process.stderr.write(`bench: partitions: ${layout}: ${last.toLocaleString('en')} rounds loaded\n`);
  }
}

interface Prepared {
  layout: Layout;
  database: BenchDatabase;
  loadSeconds: number;
  /** rounds, transactions and their indexes, in bytes */
  bytes: number;
  months: number;
}

async function prepare(layout: Layout): Promise<Prepared> {
  const name = `rf_bench_part_${layout}`;
  const database = await createDatabase(name, { keep: KEEP });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('set synchronous_commit = off');
    const loaded = await client
      .query<{ n: string }>('select rounds::text as n from bench_loaded')
      .then((result) => result.rows[0]?.n === String(ROUNDS))
      .catch(() => false);
    let loadSeconds = 0;
    if (!loaded) {
      const started = performance.now();
      const pool = new pg.Pool({ connectionString: database.url, max: 2 });
      try {
        if (layout === 'flat') {
          const before = await codeBefore029();
          try {
            await migrate(pool, {
              migrations: path.join(before.dir, 'migrations'),
              functions: path.join(before.dir, 'functions'),
            });
          } finally {
            await rm(before.dir, { recursive: true, force: true });
          }
        } else {
          await migrate(pool);
          // every month the history covers, with its keys (the current one and three ahead exist)
          await client.query(
            `select rf_partition_month(m::date)
               from generate_series(date_trunc('month', now() - interval '366 days'), now(), interval '1 month') m`,
          );
        }
      } finally {
        await pool.end();
      }
      await client.query(
        `insert into operators (id, name, wallet_mode) values ($1, 'Partition Bench', 'internal')`,
        [OPERATOR],
      );
      await withoutKeys(client, () => loadHistory(client, layout));
      await client.query('vacuum (analyze) rounds, wallet_transactions, wallet_attempts, game_sessions');
      await client.query('create table bench_loaded (rounds bigint not null)');
      await client.query('insert into bench_loaded values ($1)', [ROUNDS]);
      loadSeconds = (performance.now() - started) / 1000;
    }
    const size = await client.query<{ bytes: string; months: number }>(
      `select (pg_total_relation_size('rounds') + pg_total_relation_size('wallet_transactions')
            + coalesce((select sum(pg_total_relation_size(inhrelid)) from pg_inherits
                 where inhparent in ('rounds'::regclass, 'wallet_transactions'::regclass)), 0))::text as bytes,
          (select count(*)::int from pg_inherits where inhparent = 'rounds'::regclass) as months`,
    );
    const row = size.rows[0];
    return { layout, database, loadSeconds, bytes: Number(row?.bytes ?? 0), months: row?.months ?? 0 };
  } finally {
    await client.end();
  }
}

/** A session of the bench's own, launched now (its token's launch bounds the click look-up). */
interface Player {
  client: pg.Client;
  session: string;
  player: string;
  tokenHash: Buffer;
  version: bigint;
}

async function openPlayers(url: string): Promise<Player[]> {
  const players: Player[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    // The node commits these rounds durably; here the flush is left out, so that the figure is the
    // statement's CPU, where the layouts differ (with a durable commit both wait alike for the disk).
    const client = new pg.Client({ connectionString: url, options: '-c synchronous_commit=off' });
    await client.connect();
    // players of this run's own: a database kept (BENCH_KEEP) holds the last run's sessions
    const player = `pb_${process.pid}_${i}`;
    const session = `ses_b${process.pid}_${i}`;
    const tokenHash = randomBytes(32);
    await client.query(
      `insert into game_sessions (id, operator_id, player_id, game_symbol, currency, token_hash, device, expires_at,
          refreshed_at)
        values ($1, $2, $3, $4, 'USD', $5, 'desktop', now() + interval '1 day', now())`,
      [session, OPERATOR, player, GAME, tokenHash],
    );
    const { rows } = await client.query<{ v: string }>(
      'select state_version::text as v from game_sessions where id = $1',
      [session],
    );
    players.push({ client, session, player, tokenHash, version: BigInt(rows[0]?.v ?? '0') });
  }
  return players;
}

const PLAY = `select result from rf_play_internal_round($1::jsonb, $2::bytea, now(), $3, now() + interval '1 hour',
    $4, $5, 'spin', 100000000000)`;

/** One client's rounds for `ms`, one statement a round, as the spin path sends them. */
async function playFor(player: Player, ms: number): Promise<{ played: number; refused: number }> {
  const until = performance.now() + ms;
  let played = 0;
  let refused = 0;
  while (performance.now() < until) {
    const id = `rnd_${randomBytes(12).toString('hex')}`;
    const round = {
      id,
      session_id: player.session,
      operator_id: OPERATOR,
      player_id: player.player,
      game_symbol: GAME,
      currency: 'USD',
      variant: 'default',
      client_round_id: id,
      kind: 'base',
      mode: 'base',
      coin: '1',
      bet_level: 1,
      stake: '5',
      win: String((played % 4) * 5),
      state_before: {},
      state_after: {},
      outcome: {
        kind: 'base',
        screens: [
          {
            symbols: [
              [3, 1, 4],
              [1, 5, 2],
              [6, 2, 0],
            ],
          },
        ],
        draws: [812, 113, 1040],
      },
      created_at: new Date().toISOString(),
    };
    const { rows } = await player.client.query<{ result: string }>({
      name: 'bench_play',
      text: PLAY,
      values: [
        JSON.stringify(round),
        player.tokenHash,
        player.version.toString(),
        `tx_${id}_d`,
        `tx_${id}_c`,
      ],
    });
    if (rows[0]?.result === 'played') {
      played += 1;
      player.version += 1n;
    } else refused += 1;
  }
  return { played, refused };
}

async function slice(players: Player[], seconds: number) {
  const started = performance.now();
  const results = await Promise.all(players.map((player) => playFor(player, seconds * 1000)));
  const elapsed = (performance.now() - started) / 1000;
  const played = results.reduce((sum, result) => sum + result.played, 0);
  const refused = results.reduce((sum, result) => sum + result.refused, 0);
  return { perSecond: played / elapsed, refused };
}

export async function runPartitionBench(options: { quick?: boolean } = {}): Promise<string> {
  if (!(await serverAnswers()))
    return '## Monthly partitions\n\n(not measured: no PostgreSQL server; set BENCH_DATABASE_URL)';
  const slices = options.quick ? 3 : 7;
  const sliceSeconds = options.quick ? 3 : 8;
  const prepared: Prepared[] = [];
  try {
    // both at once: each load is one backend, and there are two cores
    const sides = await Promise.allSettled([prepare('flat'), prepare('monthly')]);
    for (const side of sides) if (side.status === 'fulfilled') prepared.push(side.value);
    for (const side of sides) if (side.status === 'rejected') throw side.reason;
    const [flat, monthly] = prepared as [Prepared, Prepared];
    const server = new pg.Client({ connectionString: flat.database.url });
    await server.connect();
    const sharedBuffers = (await server.query<{ shared_buffers: string }>('show shared_buffers')).rows[0]
      ?.shared_buffers;
    await server.end();
    const players = {
      flat: await openPlayers(flat.database.url),
      monthly: await openPlayers(monthly.database.url),
    };
    const runs = { flat: [] as number[], monthly: [] as number[] };
    let refused = 0;
    try {
      // a first turn each, not counted: the statement prepared, the hot pages read
      for (const layout of ['flat', 'monthly'] as const) await slice(players[layout], 2);
      for (let i = 0; i < slices; i++) {
        const order: Layout[] = i % 2 === 0 ? ['flat', 'monthly'] : ['monthly', 'flat'];
        for (const layout of order) {
          const result = await slice(players[layout], sliceSeconds);
          runs[layout].push(result.perSecond);
          refused += result.refused;
        }
      }
    } finally {
      for (const player of [...players.flat, ...players.monthly]) await player.client.end();
    }
    const ratio = spread(runs.monthly.map((value, i) => value / (runs.flat[i] as number)));
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const gib = (bytes: number) => (bytes / 2 ** 30).toFixed(1);
    const loaded = (side: Prepared) =>
      side.loadSeconds > 0
        ? `loaded in ${Math.round(side.loadSeconds)} s`
        : 'kept from an earlier run (BENCH_KEEP)';
    return [
      '## Monthly partitions',
      '',
      `Two databases on one PostgreSQL server, each holding ${ROUNDS.toLocaleString('en')} rounds of the last 365 days (${HISTORY_SESSIONS.toLocaleString('en')} players' sessions) with a debit and a credit each: unpartitioned, as the schema was before migration 029 (migrations 001–028 and that commit's database functions), and the current schema, whose \`rounds\`, \`wallet_transactions\` and \`wallet_attempts\` are partitioned by month (${monthly.months} months attached: the year's and the three made ahead). The current code cannot run on the old schema (its functions name a transaction's \`round_created_at\`), so the comparison is at the spin path's database call: ${CLIENTS} plain \`pg\` clients, each its own session launched for the run, commit one internal round a call through \`rf_play_internal_round\` (the same signature before and after 029) as fast as they are answered, with \`synchronous_commit = off\` (with a durable commit both wait alike for the disk's flush and the layouts do not differ: docs/operations.md). ${slices} slices of ${sliceSeconds} s each, the two databases taking turns in alternating order; the ratio is the median of the slices' own ratios.`,
      '',
      '| layout | rounds, transactions and indexes | loading | rounds/s (mean of slices) |',
      '|---|---:|---|---:|',
      `| unpartitioned (before 029) | ${gib(flat.bytes)} GiB | ${loaded(flat)} | ${Math.round(mean(runs.flat))} |`,
      `| monthly partitions (current) | ${gib(monthly.bytes)} GiB | ${loaded(monthly)} | ${Math.round(mean(runs.monthly))} |`,
      '',
      `- Partitioned ÷ unpartitioned rounds/s: ${ratio.median.toFixed(3)} (slices ${ratio.low.toFixed(3)}–${ratio.high.toFixed(3)}). Goal (issue 30): ≥ ${GOAL}: ${ratio.median >= GOAL ? 'met' : 'NOT met'}${ROUNDS === 10_000_000 ? '' : ` (measured with ${ROUNDS.toLocaleString('en')} rounds, not the goal's 10 million)`}.`,
      `- Rounds refused (stale, revalidate): ${refused}. The new rounds go into the current month, which holds its share of the history (${new Date().getUTCDate()} days of it); the unpartitioned tables' indexes hold the whole year. Both databases share the server, its ${sharedBuffers} of shared buffers and this machine's two cores with other work; the turns absorb a change of load, not a steady neighbour.`,
    ].join('\n');
  } finally {
    if (!KEEP) for (const side of prepared) await side.database.drop();
  }
}

if (import.meta.main) {
  process.stdout.write(`${await runPartitionBench({ quick: process.argv.includes('--quick') })}\n`);
}
