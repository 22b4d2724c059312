// Prometheus metrics at /metrics: requests and latencies by route and status, pool usage, and the
// operators' wallets: call latency by operator and type, calls by outcome, open transactions, and
// the store's share of a callback round step by step. With METRICS_TOKEN set (required in production)
// /metrics answers only `Authorization: Bearer <METRICS_TOKEN>`: its labels name operators and
// its figures are wallet volumes.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { errors } from '../domain/errors.ts';
import type { Services } from '../services/index.ts';

/**
 * Counts one answered request under its route's labels; `lane` marks an answer the read lane sent
 * without Fastify's pipeline (counted again, apart, so staff can see how many took that path).
 */
export type CountRequest = (
  method: string,
  route: string,
  status: number,
  seconds: number,
  lane?: boolean,
) => void;

export function installMetrics(
  app: FastifyInstance,
  services: Pick<Services, 'poolUsage' | 'walletAttempts' | 'walletQueue' | 'roundSteps' | 'replica'> & {
    config: Pick<Services['config'], 'metricsToken'>;
  },
): { registry: Registry; countRequest: CountRequest } {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'reelforge_' });
  const requests = new Counter({
    name: 'reelforge_http_requests_total',
    help: 'HTTP requests by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'reelforge_http_request_duration_seconds',
    help: 'HTTP request latency by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  new Gauge({
    name: 'reelforge_db_pool_connections',
    help: 'PostgreSQL pool connections by state',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = services.poolUsage();
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });

  // The read replica (DATABASE_REPLICA_URL): its lag while it is usable, and where routed reads went.
  new Gauge({
    name: 'reelforge_replica_up',
    help: 'Whether the read replica was streaming at its last probe (1) or not (0); absent without a replica',
    registers: [registry],
    collect() {
      const state = services.replica.state();
      if (state !== undefined) this.set(state.kind === 'up' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'reelforge_replica_lag_seconds',
    help: 'Replay lag of the read replica at its last probe (0 when it had replayed all it received)',
    registers: [registry],
    collect() {
      const state = services.replica.state();
      if (state?.kind === 'up') this.set(state.lagMs / 1000);
    },
  });
  const replicaReads = new Counter({
    name: 'reelforge_replica_reads_total',
    help: 'Reads that may use the replica, by the side that served them and why (replica; or primary: replica_down, replica_lagging, too_fresh, unsettled_or_missing, replica_error)',
    labelNames: ['served_by', 'reason'] as const,
    registers: [registry],
  });
  services.replica.listen((side, reason) => replicaReads.inc({ served_by: side, reason }));

  const walletLatency = new Histogram({
    name: 'reelforge_wallet_call_duration_seconds',
    help: "Latency of calls to operators' wallets by operator and call type (balance, debit, credit, rollback)",
    labelNames: ['operator', 'type'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const walletCalls = new Counter({
    name: 'reelforge_wallet_calls_total',
    help: "Calls to operators' wallets by operator, type and outcome (acknowledged, rejected, failed, timeout)",
    labelNames: ['operator', 'type', 'outcome'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'reelforge_wallet_transactions_open',
    help: 'Wallet transactions waiting for a retry (pending) or for staff (parked)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const counts = await services.walletQueue.counts();
      this.set({ state: 'pending' }, counts.pending);
      this.set({ state: 'parked' }, counts.parked);
    },
  });
  services.walletAttempts.listen((event) => {
    const outcome = event.timedOut ? 'timeout' : event.outcome;
    walletLatency.observe({ operator: event.operatorId, type: event.type }, event.latencyMs / 1000);
    walletCalls.inc({ operator: event.operatorId, type: event.type, outcome });
  });

  const roundSteps = new Histogram({
    name: 'reelforge_callback_round_step_duration_seconds',
    help: "The store's steps of callback-wallet rounds: open (round and debit intent), debit_record, credit_record, rollback_record, read (the wallet calls are in reelforge_wallet_call_duration_seconds)",
    labelNames: ['step'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const stepChildren = new Map<string, { observe(value: number): void }>();
  services.roundSteps.listen((step, seconds) => {
    let child = stepChildren.get(step);
    if (!child) {
      child = roundSteps.labels({ step });
      stepChildren.set(step, child);
    }
    child.observe(seconds);
  });

  // One labelled child per (method, route, status), found by a plain key: prom-client would
  // otherwise hash the label object on every request.
  const children = new Map<
    string,
    { count: { inc(): void }; time: { observe(value: number): void }; lane?: { inc(): void } }
  >();
  const laneAnswers = new Counter({
    name: 'reelforge_http_read_lane_answers_total',
    help: 'Catalog, game and key-art answers sent from memory before the framework pipeline (also in reelforge_http_requests_total)',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  const countRequest: CountRequest = (method, route, status, seconds, lane = false) => {
    const key = `${method} ${route} ${status}`;
    let child = children.get(key);
    if (!child) {
      const labels = { method, route, status: String(status) };
      child = { count: requests.labels(labels), time: duration.labels(labels) };
      children.set(key, child);
    }
    child.count.inc();
    child.time.observe(seconds);
    if (lane) {
      child.lane ??= laneAnswers.labels({ route });
      child.lane.inc();
    }
  };
  app.addHook('onResponse', (request, reply, done) => {
    countRequest(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  const allowed = metricsAccess(services.config.metricsToken);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!allowed(request)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw errors.unauthorized('/metrics needs Authorization: Bearer <METRICS_TOKEN>');
    }
    reply.type(registry.contentType);
    return registry.metrics();
  });
  return { registry, countRequest };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether a request may read /metrics: anyone without a token, else the bearer of it (compared in constant time). */
function metricsAccess(token: string | undefined): (request: FastifyRequest) => boolean {
  if (token === undefined) return () => true;
  const expected = digest(token);
  return (request) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    return match !== null && timingSafeEqual(digest(match[1] as string), expected);
  };
}
