// Jackpots' cost on the spin path (issue 28, "no hot row"): one network pool of four tiers that every
// spin of the fed operators feeds, against the same game of operators outside the pool, in the same
// run, internal and callback wallets alike. The two loads take turns in short slices, so that a change
// of the machine's load lands on both; each figure is the median of the slices' own ratios.

import { descendantsCpuSeconds, type LoadResult, merge, spread, startChild } from './http.ts';
import { openPgProfile } from './pg-profile.ts';
import { ADMIN_TOKEN, admin, createCallbackOperator, launchSessions, spinLoad } from './runtime.ts';

const GAME = 'rf_copper_sevens';
const GOAL = 0.9;

async function internalOperator(base: string, name: string): Promise<{ id: string; apiKey: string }> {
  const created = await admin(base, 'POST', '/api/admin/v1/operators', { name, wallet_mode: 'internal' });
  const id = created.operator.id as string;
  await admin(base, 'PUT', `/api/admin/v1/operators/${id}/catalog`, { symbols: [GAME] });
  const apiKey = (await admin(base, 'POST', `/api/admin/v1/operators/${id}/api-keys`)).api_key as string;
  return { id, apiKey };
}

/** The pool every fed spin feeds: four tiers, the kinds a lobby shows, all in USD. */
function networkPool(members: string[]) {
  return {
    name: 'Bench network',
    scope: 'network',
    currency: 'USD',
    members: members.map((operatorId) => ({ operator_id: operatorId, game_symbol: GAME })),
    tiers: [
      { name: 'mini', kind: 'must_drop_value', seed: '10.00', ceiling: '20.00', contribution_rate: '0.5' },
      { name: 'minor', kind: 'must_drop_value', seed: '100.00', ceiling: '250.00', contribution_rate: '0.3' },
      {
        name: 'major',
        kind: 'progressive',
        seed: '1000.00',
        odds_stake: '5000000.00',
        contribution_rate: '0.2',
        reserve_rate: '0.05',
      },
      {
        name: 'grand',
        kind: 'progressive',
        seed: '100000.00',
        odds_stake: '500000000.00',
        contribution_rate: '0.1',
        reserve_rate: '0.05',
      },
    ],
  };
}

export async function runJackpotBench(options: { quick?: boolean } = {}): Promise<string> {
  const slices = options.quick ? 2 : 7;
  const sliceSeconds = options.quick ? 2 : 3;
  const connections = 32;
  const server = await startChild<{ url: string; apiKey: string; operatorId: string; databaseUrl: string }>(
    'bench/serve.ts',
    {
      WALLET_TIMEOUT_MS: '2000',
    },
  );
  const mock = await startChild<{ url: string }>('bench/runtime.ts', { RUNTIME_BENCH_ROLE: 'mock-wallet' });
  try {
    const base = server.info.url;
    const fedInternal = await internalOperator(base, 'Bench Fed Casino');
    const plainInternal = await internalOperator(base, 'Bench Plain Casino');
    const fedCallback = await createCallbackOperator(base, mock.info.url, 'Bench Fed Callback');
    const plainCallback = await createCallbackOperator(base, mock.info.url, 'Bench Plain Callback');
    const created = await fetch(`${base}/api/admin/v1/jackpots`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(networkPool([fedInternal.id, fedCallback.id])),
    });
    if (created.status !== 201) throw new Error(`pool: ${created.status} ${await created.text()}`);
    const poolId = ((await created.json()) as { pool: { pool_id: string } }).pool.pool_id;
    const tokens = {
      fedInternal: await launchSessions(base, fedInternal.apiKey),
      plainInternal: await launchSessions(base, plainInternal.apiKey),
      fedCallback: await launchSessions(base, fedCallback.apiKey),
      plainCallback: await launchSessions(base, plainCallback.apiKey),
    };
    // Warm both paths (the pool view is cached per node; the first spins read it).
    const warm = { duration: 1, connections };
    await spinLoad('warm', base, tokens.fedInternal, warm);
    await spinLoad('warm', base, tokens.fedCallback, warm);

    /** A load slice and the CPU each process spent on it, in ms a round (the node; its PostgreSQL). */
    const measured = async (
      name: string,
      tokens: string[],
      slice: { duration: number; connections: number },
    ) => {
      const before = { node: server.cpuSeconds(), db: descendantsCpuSeconds(server.pid) };
      const result = await spinLoad(name, base, tokens, slice);
      const rounds = Math.max(1, result.requestsPerSecond * slice.duration);
      const per = (seconds: number) => (seconds * 1000) / rounds;
      return {
        result,
        cpu: {
          node: per(server.cpuSeconds() - before.node),
          db: per(descendantsCpuSeconds(server.pid) - before.db),
        },
      };
    };
    type Measured = Awaited<ReturnType<typeof measured>>;
    const meanCpu = (runs: Measured[]) => ({
      node: runs.reduce((sum, run) => sum + run.cpu.node, 0) / runs.length,
      db: runs.reduce((sum, run) => sum + run.cpu.db, 0) / runs.length,
    });
    const pairs = async (fed: string[], plain: string[], label: string) => {
      const slice = { duration: sliceSeconds, connections };
      const with_: Measured[] = [];
      const without: Measured[] = [];
      for (let i = 0; i < slices; i++) {
        // alternate which goes first, so neither always meets the other's leftovers
        const order = i % 2 === 0 ? ['with', 'without'] : ['without', 'with'];
        for (const which of order) {
          if (which === 'with')
            with_.push(await measured(`POST spin, ${label}, pool of 4 tiers`, fed, slice));
          else without.push(await measured(`POST spin, ${label}, no jackpot`, plain, slice));
        }
      }
      const ratios = with_.map(
        (run, i) => run.result.requestsPerSecond / (without[i] as Measured).result.requestsPerSecond,
      );
      return {
        with: merge(with_.map((run) => run.result)),
        without: merge(without.map((run) => run.result)),
        cpuWith: meanCpu(with_),
        cpuWithout: meanCpu(without),
        ratio: spread(ratios),
      };
    };
    const internal = await pairs(tokens.fedInternal, tokens.plainInternal, 'internal wallet');
    const callback = await pairs(tokens.fedCallback, tokens.plainCallback, 'callback wallet');

    // The same pairs across three nodes on the one PostgreSQL, as the rehearsal runs them: each node
    // batches its own statements, and the three feed the pool's shard rows at once. Each node takes a
    // third of the sessions (a session on one node only) and of the connections.
    const others = [
      await startChild<{ url: string }>('bench/serve.ts', {
        WALLET_TIMEOUT_MS: '2000',
        BENCH_DATABASE_URL: server.info.databaseUrl,
      }),
      await startChild<{ url: string }>('bench/serve.ts', {
        WALLET_TIMEOUT_MS: '2000',
        BENCH_DATABASE_URL: server.info.databaseUrl,
      }),
    ];
    const three = { internal: spread([0]), callback: spread([0]) };
    const threeRates = { internal: [0, 0], callback: [0, 0] };
    try {
      const bases = [base, ...others.map((node) => node.info.url)];
      const acrossNodes = async (name: string, sessions: string[]) => {
        const results = await Promise.all(
          bases.map((node, i) =>
            spinLoad(
              name,
              node,
              sessions.filter((_token, k) => k % bases.length === i),
              { duration: sliceSeconds, connections: Math.ceil(connections / bases.length) },
            ),
          ),
        );
        return results.reduce((sum, result) => sum + result.requestsPerSecond, 0);
      };
      for (const [mode, fed, plain] of [
        ['internal', tokens.fedInternal, tokens.plainInternal],
        ['callback', tokens.fedCallback, tokens.plainCallback],
      ] as const) {
        await acrossNodes('warm', fed);
        const withRates: number[] = [];
        const withoutRates: number[] = [];
        for (let i = 0; i < slices; i++) {
          const order = i % 2 === 0 ? ['with', 'without'] : ['without', 'with'];
          for (const which of order) {
            if (which === 'with') withRates.push(await acrossNodes(`three nodes, ${mode}, pool`, fed));
            else withoutRates.push(await acrossNodes(`three nodes, ${mode}, no jackpot`, plain));
          }
        }
        three[mode] = spread(withRates.map((rate, i) => rate / (withoutRates[i] as number)));
        const mean = (rates: number[]) => rates.reduce((sum, rate) => sum + rate, 0) / rates.length;
        threeRates[mode] = [mean(withRates), mean(withoutRates)];
      }
    } finally {
      for (const node of others) await node.stop();
    }
    // PostgreSQL's own account of a fed internal slice (the benchmark's embedded one only): where a
    // fed round's extra time goes, by function and table.
    const profile = process.env.BENCH_DATABASE_URL ? undefined : await openPgProfile(server.info.databaseUrl);
    const profiled = { fed: '(an outside PostgreSQL: not profiled)', plain: '' };
    if (profile) {
      try {
        for (const which of ['fed', 'plain'] as const) {
          await profile.start();
          const run = await measured(
            'profiled',
            which === 'fed' ? tokens.fedInternal : tokens.plainInternal,
            {
              duration: sliceSeconds,
              connections,
            },
          );
          profiled[which] = (
            await profile.report(Math.round(run.result.requestsPerSecond * sliceSeconds))
          ).markdown;
        }
      } finally {
        await profile.close();
      }
    }
    const meters = (await (
      await fetch(`${base}/api/admin/v1/jackpots`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
    ).json()) as {
      jackpots: Array<{
        pool_id: string;
        tiers: Array<{ name: string; meters: { display: string; hits: string } }>;
      }>;
    };
    const pool = meters.jackpots.find((candidate) => candidate.pool_id === poolId);
    const audit = (await (await fetch(`${base}/api/public/v1/jackpots/${poolId}`)).json()) as {
      check: { problems: string[]; entriesChecked: number } | null;
      pending: number;
    };
    const row = (r: LoadResult, cpu: { node: number; db: number }) =>
      `| ${r.name} | ${Math.round(r.requestsPerSecond)} | ${r.p50} | ${r.p99} | ${cpu.node.toFixed(3)} | ${cpu.db.toFixed(3)} | ${r.non2xx + r.errors} |`;
    const verdict = (ratio: { median: number; low: number; high: number }) =>
      `${ratio.median.toFixed(2)} (slices ${ratio.low.toFixed(2)}–${ratio.high.toFixed(2)}) ${ratio.median >= GOAL ? 'met' : 'NOT met'}`;
    return [
      '## Jackpots on the spin path',
      '',
      `One network pool of four tiers (two must-drop, two progressive; ${connections} connections) that every spin of the fed operators feeds, against the same game of operators outside the pool. ${slices} slices of ${sliceSeconds} s each, taking turns; the ratio is the median of the slices' own. Goal (issue 28): ≥ ${GOAL}× the same run without jackpots.`,
      '',
      '| load | req/s | p50 ms | p99 ms | node CPU ms/round | PostgreSQL CPU ms/round | non-2xx |',
      '|---|---:|---:|---:|---:|---:|---:|',
      row(internal.with, internal.cpuWith),
      row(internal.without, internal.cpuWithout),
      row(callback.with, callback.cpuWith),
      row(callback.without, callback.cpuWithout),
      '',
      `- Internal wallet, with ÷ without: ${verdict(internal.ratio)}.`,
      `- Callback wallet, with ÷ without: ${verdict(callback.ratio)}.`,
      `- Across three nodes on the one PostgreSQL (each node a third of the sessions and of the connections, the same slices taking turns): internal ${verdict(three.internal)}, ${Math.round(threeRates.internal[0] ?? 0)} against ${Math.round(threeRates.internal[1] ?? 0)} req/s; callback ${verdict(three.callback)}, ${Math.round(threeRates.callback[0] ?? 0)} against ${Math.round(threeRates.callback[1] ?? 0)} req/s.`,
      `- The pool after the run: ${pool?.tiers.map((tier) => `${tier.name} ${tier.meters.display} (${tier.meters.hits} hits)`).join(', ')}; its public check: ${audit.check === null ? 'the ledger is longer than the server checks whole' : `${audit.check.problems.length === 0 ? 'no problems' : audit.check.problems.join('; ')} over ${audit.check.entriesChecked} ledger entries`} (${audit.pending} pending).`,
      '',
      "PostgreSQL's share of a fed internal round (one more slice of the fed internal load, from its own statistics: bench/pg-profile.ts; a function's time is wall time, its waits for locks and the disk included):",
      '',
      profiled.fed,
      '',
      'The same for a round outside the pool:',
      '',
      profiled.plain,
    ].join('\n');
  } finally {
    await mock.stop();
    await server.stop();
  }
}

if (import.meta.main) {
  process.stdout.write(`${await runJackpotBench({ quick: process.argv.includes('--quick') })}\n`);
}
