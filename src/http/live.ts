// Live figures for the back office (GET /api/admin/v1/live): rounds per second and each operator's
// wallet latency and failures, read from the prom-client registry. Counters and histograms only
// grow, so a figure "now" is the difference between the registry as it is and a sample the node
// took a little earlier (one every SAMPLE_EVERY_MS; the figures span WINDOW_MS or a little more, or
// the time since the node started when that is shorter).
import type { Registry } from 'prom-client';

export const SAMPLE_EVERY_MS = 5_000;
export const WINDOW_MS = 60_000;
/** The route whose 200 answers are played rounds (demo and free rounds included). */
export const SPIN_ROUTE = '/api/runtime/v1/spin';
/** Outcomes that count as a wallet failure; `rejected` is an answer (e.g. insufficient funds). */
const FAILURES = new Set(['failed', 'timeout']);

export interface OperatorSample {
  /** Cumulative histogram buckets over every call type: upper bound in seconds → count. */
  buckets: Map<number, number>;
  calls: number;
  failures: number;
}

export interface LiveSample {
  at: number;
  spins: number;
  operators: Map<string, OperatorSample>;
}

export interface OperatorFigures {
  operator_id: string;
  wallet_p50_ms: number | null;
  wallet_p99_ms: number | null;
  wallet_failures: number;
  wallet_calls: number;
}

export interface LiveFigures {
  at: string;
  window_seconds: number;
  rounds_per_second: number;
  by_operator: OperatorFigures[];
}

interface MetricValue {
  value: number;
  labels: Record<string, string | number | undefined>;
  metricName?: string;
}

async function valuesOf(registry: Registry, name: string): Promise<MetricValue[]> {
  const metric = registry.getSingleMetric(name);
  if (!metric) return [];
  return ((await metric.get()).values ?? []) as MetricValue[];
}

function operatorOf(map: Map<string, OperatorSample>, id: string): OperatorSample {
  let found = map.get(id);
  if (!found) {
    found = { buckets: new Map(), calls: 0, failures: 0 };
    map.set(id, found);
  }
  return found;
}

/** Reads the three metrics the figures come from. */
export async function takeSample(registry: Registry, at: number): Promise<LiveSample> {
  let spins = 0;
  for (const v of await valuesOf(registry, 'reelforge_http_requests_total')) {
    if (v.labels.method === 'POST' && v.labels.route === SPIN_ROUTE && String(v.labels.status) === '200')
      spins += v.value;
  }
  const operators = new Map<string, OperatorSample>();
  for (const v of await valuesOf(registry, 'reelforge_wallet_call_duration_seconds')) {
    if (!v.metricName?.endsWith('_bucket')) continue;
    const le = v.labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(v.labels.le);
    const op = operatorOf(operators, String(v.labels.operator));
    op.buckets.set(le, (op.buckets.get(le) ?? 0) + v.value);
  }
  for (const v of await valuesOf(registry, 'reelforge_wallet_calls_total')) {
    const op = operatorOf(operators, String(v.labels.operator));
    op.calls += v.value;
    if (FAILURES.has(String(v.labels.outcome))) op.failures += v.value;
  }
  return { at, spins, operators };
}

/**
 * The q-quantile (0..1) of a cumulative histogram, in milliseconds, interpolated linearly within
 * its bucket as Prometheus' histogram_quantile does; null without observations. A quantile in the
 * +Inf bucket is reported as the largest finite bound.
 */
export function quantileMs(buckets: Map<number, number>, q: number): number | null {
  const bounds = [...buckets.keys()].sort((a, b) => a - b);
  const total = buckets.get(Number.POSITIVE_INFINITY) ?? buckets.get(bounds.at(-1) ?? 0) ?? 0;
  if (total <= 0) return null;
  const rank = q * total;
  let lower = 0;
  let below = 0;
  for (const bound of bounds) {
    const count = buckets.get(bound) ?? 0;
    if (count >= rank) {
      if (!Number.isFinite(bound)) return Math.round(lower * 1000 * 10) / 10;
      const inBucket = count - below;
      const share = inBucket > 0 ? (rank - below) / inBucket : 1;
      return Math.round((lower + (bound - lower) * share) * 1000 * 10) / 10;
    }
    lower = bound;
    below = count;
  }
  return Math.round(lower * 1000 * 10) / 10;
}

/** The figures between two samples (`before` may lack operators that appeared since). */
export function figuresBetween(before: LiveSample, after: LiveSample): LiveFigures {
  const seconds = Math.max(0, (after.at - before.at) / 1000);
  const byOperator: OperatorFigures[] = [];
  for (const [id, now] of after.operators) {
    const then = before.operators.get(id);
    const buckets = new Map<number, number>();
    for (const [le, count] of now.buckets) buckets.set(le, count - (then?.buckets.get(le) ?? 0));
    byOperator.push({
      operator_id: id,
      wallet_p50_ms: quantileMs(buckets, 0.5),
      wallet_p99_ms: quantileMs(buckets, 0.99),
      wallet_failures: now.failures - (then?.failures ?? 0),
      wallet_calls: now.calls - (then?.calls ?? 0),
    });
  }
  byOperator.sort((a, b) => b.wallet_calls - a.wallet_calls || a.operator_id.localeCompare(b.operator_id));
  const spins = after.spins - before.spins;
  return {
    at: new Date(after.at).toISOString(),
    window_seconds: Math.round(seconds * 10) / 10,
    rounds_per_second: seconds > 0 ? Math.round((spins / seconds) * 100) / 100 : 0,
    by_operator: byOperator,
  };
}

export interface LiveSampler {
  /** Figures from the oldest kept sample to now. */
  now(): Promise<LiveFigures>;
  /** Takes a sample now (the timer calls this). */
  tick(): Promise<void>;
  stop(): void;
}

export function createLiveSampler(
  registry: Registry,
  options: { clock?: () => number; every?: number; window?: number; timer?: boolean } = {},
): LiveSampler {
  const clock = options.clock ?? Date.now;
  const window = options.window ?? WINDOW_MS;
  const samples: LiveSample[] = [];
  const started = takeSample(registry, clock()).then((first) => {
    samples.push(first);
  });
  const tick = async () => {
    await started;
    const sample = await takeSample(registry, clock());
    samples.push(sample);
    // Keep the oldest sample that is still within the window, and every one after it.
    while (samples.length > 1 && sample.at - (samples[1] as LiveSample).at >= window) samples.shift();
  };
  const timer =
    options.timer === false
      ? undefined
      : setInterval(() => {
          tick().catch(() => {});
        }, options.every ?? SAMPLE_EVERY_MS);
  timer?.unref();
  return {
    async now() {
      await started;
      const current = await takeSample(registry, clock());
      return figuresBetween(samples[0] as LiveSample, current);
    },
    tick,
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
