// Live figures from two registry samples: quantiles, per-operator differences, rounds per second.
import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import {
  createLiveSampler,
  figuresBetween,
  type LiveSample,
  quantileMs,
  SPIN_ROUTE,
  takeSample,
} from './live.ts';

const INF = Number.POSITIVE_INFINITY;

describe('quantileMs', () => {
  it('is null without observations', () => {
    expect(quantileMs(new Map(), 0.5)).toBeNull();
    expect(
      quantileMs(
        new Map([
          [0.1, 0],
          [INF, 0],
        ]),
        0.5,
      ),
    ).toBeNull();
  });

  it('interpolates inside the bucket the rank falls in', () => {
    // 10 calls: 4 under 10 ms, 4 more under 50 ms, 2 more under 100 ms.
    const buckets = new Map([
      [0.01, 4],
      [0.05, 8],
      [0.1, 10],
      [INF, 10],
    ]);
    // rank 5 is the first of the 4 calls between 10 and 50 ms: 10 + 40 * (1/4) = 20 ms.
    expect(quantileMs(buckets, 0.5)).toBe(20);
    // rank 9.9 is in the last finite bucket: 50 + 50 * (1.9/2) = 97.5 ms.
    expect(quantileMs(buckets, 0.99)).toBe(97.5);
  });

  it('reports the largest finite bound for a rank in the +Inf bucket', () => {
    expect(
      quantileMs(
        new Map([
          [0.01, 1],
          [10, 1],
          [INF, 5],
        ]),
        0.99,
      ),
    ).toBe(10_000);
  });
});

function sample(
  at: number,
  spins: number,
  ops: Record<string, { b: [number, number][]; calls: number; failures: number }>,
): LiveSample {
  return {
    at,
    spins,
    operators: new Map(
      Object.entries(ops).map(([id, o]) => [
        id,
        { buckets: new Map(o.b), calls: o.calls, failures: o.failures },
      ]),
    ),
  };
}

describe('figuresBetween', () => {
  it('counts only what happened between the samples', () => {
    const before = sample(1_000, 100, {
      op_a: {
        b: [
          [0.01, 50],
          [INF, 50],
        ],
        calls: 50,
        failures: 2,
      },
    });
    const after = sample(11_000, 150, {
      op_a: {
        b: [
          [0.01, 50],
          [INF, 60],
        ],
        calls: 60,
        failures: 5,
      },
      op_b: {
        b: [
          [0.01, 3],
          [INF, 3],
        ],
        calls: 3,
        failures: 0,
      },
    });
    const figures = figuresBetween(before, after);
    expect(figures.rounds_per_second).toBe(5);
    expect(figures.window_seconds).toBe(10);
    expect(figures.at).toBe(new Date(11_000).toISOString());
    expect(figures.by_operator).toEqual([
      // The 10 new calls of op_a were all slower than 10 ms (in the +Inf bucket).
      { operator_id: 'op_a', wallet_calls: 10, wallet_failures: 3, wallet_p50_ms: 10, wallet_p99_ms: 10 },
      { operator_id: 'op_b', wallet_calls: 3, wallet_failures: 0, wallet_p50_ms: 5, wallet_p99_ms: 9.9 },
    ]);
  });

  it('gives 0 rounds per second and null latencies when nothing happened', () => {
    const one = sample(5_000, 7, {
      op_a: {
        b: [
          [0.01, 1],
          [INF, 1],
        ],
        calls: 1,
        failures: 0,
      },
    });
    const figures = figuresBetween(one, { ...one, at: 5_000 });
    expect(figures.rounds_per_second).toBe(0);
    expect(figures.by_operator[0]).toMatchObject({
      wallet_calls: 0,
      wallet_p50_ms: null,
      wallet_p99_ms: null,
    });
  });
});

describe('takeSample and the sampler', () => {
  function registry() {
    const r = new Registry();
    const requests = new Counter({
      name: 'reelforge_http_requests_total',
      help: 'h',
      labelNames: ['method', 'route', 'status'],
      registers: [r],
    });
    const latency = new Histogram({
      name: 'reelforge_wallet_call_duration_seconds',
      help: 'h',
      labelNames: ['operator', 'type'],
      buckets: [0.01, 0.1],
      registers: [r],
    });
    const calls = new Counter({
      name: 'reelforge_wallet_calls_total',
      help: 'h',
      labelNames: ['operator', 'type', 'outcome'],
      registers: [r],
    });
    return { r, requests, latency, calls };
  }

  it('reads spins (200 answers of the spin route only) and wallet calls by operator over call types', async () => {
    const { r, requests, latency, calls } = registry();
    requests.inc({ method: 'POST', route: SPIN_ROUTE, status: '200' }, 3);
    requests.inc({ method: 'POST', route: SPIN_ROUTE, status: '402' }, 5);
    requests.inc({ method: 'GET', route: '/api/runtime/v1/session', status: '200' }, 9);
    latency.observe({ operator: 'op_a', type: 'debit' }, 0.005);
    latency.observe({ operator: 'op_a', type: 'credit' }, 0.05);
    calls.inc({ operator: 'op_a', type: 'debit', outcome: 'acknowledged' });
    calls.inc({ operator: 'op_a', type: 'credit', outcome: 'timeout' });
    calls.inc({ operator: 'op_a', type: 'debit', outcome: 'rejected' });
    calls.inc({ operator: 'op_a', type: 'debit', outcome: 'failed' });
    const taken = await takeSample(r, 42);
    expect(taken.spins).toBe(3);
    const op = taken.operators.get('op_a');
    expect(op?.calls).toBe(4);
    expect(op?.failures).toBe(2);
    expect([...(op?.buckets ?? [])]).toEqual([
      [0.01, 1],
      [0.1, 2],
      [INF, 2],
    ]);
  });

  it('measures from the oldest kept sample and lets samples older than the window go', async () => {
    const { r, requests } = registry();
    let now = 0;
    const sampler = createLiveSampler(r, { clock: () => now, window: 60_000, timer: false });
    requests.inc({ method: 'POST', route: SPIN_ROUTE, status: '200' }, 10);
    now = 10_000;
    expect((await sampler.now()).rounds_per_second).toBe(1); // 10 spins since the start sample, 10 s
    await sampler.tick(); // at 10 s, 10 spins
    now = 70_000;
    await sampler.tick(); // at 70 s: the start sample is 70 s old and goes; the 10 s one stays
    requests.inc({ method: 'POST', route: SPIN_ROUTE, status: '200' }, 30);
    now = 80_000;
    const figures = await sampler.now();
    expect(figures.window_seconds).toBe(70);
    expect(figures.rounds_per_second).toBeCloseTo(30 / 70, 2);
    sampler.stop();
  });
});
