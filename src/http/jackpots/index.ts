// Jackpot routes (issue 28): the operator's meters for its lobby (provider API, additive), the
// game's meters (runtime API) and the public record of a pool that anyone can check (JSON and a page)
// (staff's pools and their changes: src/http/admin/jackpots.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { errors } from '../../domain/errors.ts';
import { checkPool, type PoolCheck } from '../../domain/jackpot-audit.ts';
import { TIER_KINDS } from '../../domain/jackpots.ts';
import { formatAmount } from '../../money.ts';
import type { Services } from '../../services/index.ts';
import { jackpotEligible } from '../../services/jackpots.ts';
import { authorizeOperator } from '../provider/auth.ts';
import { providerSecurity } from '../provider/security.ts';
import { limitPublic } from '../public-limit.ts';
import { runtimeSession } from '../runtime/auth.ts';
import { runtimeErrors } from '../runtime/schemas.ts';
import { errorResponses } from '../schemas.ts';
import { jackpotPage } from './page.ts';

const TierView = Type.Object({
  tier_id: Type.String(),
  name: Type.String(),
  kind: Type.Union(TIER_KINDS.map((kind) => Type.Literal(kind))),
  value: Type.String({
    description: "The live value, whole minor units of the pool's currency, rounded down.",
  }),
  value_in_currency: Type.Optional(Type.Object({ currency: Type.String(), value: Type.String() })),
  seed: Type.String(),
  ceiling: Type.Union([Type.String(), Type.Null()]),
  contribution_rate: Type.String({
    description:
      'The share of every stake that feeds the meter, as a decimal percentage ("1.0"). Added in 1.4.0.',
  }),
  reserve_rate: Type.String({
    description:
      'The share of every stake set aside for the next seed, as a decimal percentage ("0.2"). Added in 1.4.0.',
  }),
  cycle: Type.String(),
  hits: Type.String(),
  drop_commit: Type.Union([Type.String(), Type.Null()], {
    description:
      "Must-drop tiers: SHA-256 committing the current cycle's hidden drop point, revealed with its win.",
  }),
});

export const PoolViewSchema = Type.Object({
  pool_id: Type.String(),
  name: Type.String(),
  scope: Type.Union([Type.Literal('game'), Type.Literal('operator'), Type.Literal('network')]),
  currency: Type.String(),
  tiers: Type.Array(TierView),
  updated_at: Type.String({ format: 'date-time' }),
});

const PoolParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export function registerJackpotRoutes(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/provider/v1/jackpots',
    {
      schema: {
        summary: "The jackpots of the operator's games, with their live values",
        description:
          "Added in 1.4.0. Every pool one of the operator's games feeds: its tiers' live values (in the pool's currency and, with `currency`, in that one at the pool's rate), the games that feed it, and for must-drop tiers the commitment of the hidden drop point. Values move with every paid spin; poll it (cheap) for a lobby.",
        tags: ['jackpots'],
        security: providerSecurity,
        querystring: Type.Object({
          currency: Type.Optional(Type.String({ minLength: 3, maxLength: 4 })),
          operator_id: Type.Optional(Type.String()),
        }),
        response: {
          200: Type.Object({
            success: Type.Boolean(),
            data: Type.Object({
              jackpots: Type.Array(
                Type.Intersect([PoolViewSchema, Type.Object({ games: Type.Array(Type.String()) })]),
              ),
            }),
          }),
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const { operator } = await authorizeOperator(services, request, reply);
      const { currency } = request.query as { currency?: string };
      const jackpots = await services.jackpots.metersOfOperator(operator.id, currency);
      return { success: true, data: { jackpots } };
    },
  );

  app.get(
    '/api/runtime/v1/jackpots',
    {
      schema: {
        summary: "The jackpots this session's rounds feed, live",
        tags: ['runtime'],
        hide: true, // documented in docs/runtime-api.md; outside the operator contract
        response: {
          200: Type.Object({
            eligible: Type.Boolean({ description: 'Whether this session can win them (market, play mode).' }),
            jackpots: Type.Array(PoolViewSchema),
          }),
          ...runtimeErrors(),
        },
      },
    },
    async (request) => {
      const session = await runtimeSession(services, request);
      const eligible = jackpotEligible(session);
      const jackpots = eligible
        ? await services.jackpots.metersFor(
            session.row.operator_id,
            session.row.game_symbol,
            session.row.currency,
          )
        : [];
      return { eligible, jackpots };
    },
  );

  // A ledger short enough is read and checked whole at most once a second per pool, however many ask.
  const recent = new Map<string, { at: number; check: Promise<PoolCheck | null> }>();
  const checkOf = (id: string): Promise<PoolCheck | null> => {
    const now = Date.now();
    const held = recent.get(id);
    if (held && now - held.at < 1_000) return held.check;
    if (recent.size > 1_000) recent.clear();
    const check = services.jackpots
      .audit(id, 0n, true)
      .then((whole) =>
        whole?.whole
          ? checkPool(
              id,
              published(whole.ledger),
              publishedBlocks(whole.blocks),
              publishedTiers(whole.meters),
              whole.pending,
            )
          : null,
      );
    recent.set(id, { at: now, check });
    check.catch(() => recent.delete(id));
    return check;
  };

  // The public pages count against the address's limit when the request arrives, before the cell
  // routing asks every cluster which one holds the pool (src/http/cells.ts): a client past its
  // limit costs no cluster a query.
  const countFirst = (request: FastifyRequest, reply: FastifyReply) => limitPublic(services, request, reply);

  /** The record, with one page of the ledger: the 1,000 entries after `after`, and their blocks. */
  const publicRecord = async (id: string, after = 0n) => {
    const audit = await services.jackpots.audit(id, after);
    if (!audit) throw errors.notFound(`no jackpot pool ${id}`);
    const tiers = publishedTiers(audit.meters);
    const ledger = published(audit.ledger);
    const blocks = publishedBlocks(audit.blocks);
    const lastShown = ledger.at(-1)?.seq;
    return {
      pool: {
        id: audit.pool.id,
        name: audit.pool.name,
        scope: audit.pool.scope,
        currency: audit.pool.currency,
        status: audit.pool.status,
        created_at: audit.pool.created_at.toISOString(),
      },
      units: 'meters, seeds and contributions in fine units: millionths of a minor unit of the pool currency',
      tiers,
      pending: audit.pending,
      ledger,
      ledger_total: audit.length.toString(),
      next_after: lastShown !== undefined && BigInt(lastShown) < audit.length ? lastShown : null,
      blocks,
      wins: audit.wins.slice(0, 20).map((win) => ({
        at: win.created_at.toISOString(),
        tier: win.tier,
        cycle: win.cycle.toString(),
        amount: formatAmount(win.amount, win.currency),
        currency: win.currency,
        status: win.status,
        drop_at: win.drop_at?.toString() ?? null,
        drop_salt: win.drop_salt,
        drop_commit: win.drop_commit,
      })),
      // null: the ledger is longer than the server checks whole (WHOLE_CHECK_LIMIT); check the pages
      check: await checkOf(id),
    };
  };

  app.get(
    '/api/public/v1/jackpots/:id',
    {
      schema: {
        summary: "A pool's public record: parameters, meters, the hash-chained ledger and its blocks",
        tags: ['jackpots'],
        params: PoolParams,
        querystring: Type.Object({ after: Type.Optional(Type.String({ pattern: '^[0-9]{1,18}$' })) }),
        hide: true, // described in docs/jackpots.md
      },
      onRequest: countFirst,
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=1');
      const { after } = request.query as { after?: string };
      return publicRecord((request.params as { id: string }).id, BigInt(after ?? '0'));
    },
  );

  app.get(
    '/api/public/v1/jackpots/:id/rounds/:round_id',
    {
      schema: {
        summary: "The proof that a round's contribution is in a pool's ledger",
        tags: ['jackpots'],
        params: Type.Object({
          id: Type.String({ minLength: 1, maxLength: 64 }),
          round_id: Type.String({ minLength: 1, maxLength: 64 }),
        }),
        hide: true, // described in docs/jackpots.md
      },
      onRequest: countFirst,
    },
    async (request) => {
      const { id, round_id: roundId } = request.params as { id: string; round_id: string };
      const entries = await services.jackpots.proofOf(id, roundId);
      if (entries.length === 0) {
        throw errors.notFound(
          `round ${roundId} has no sealed entry in pool ${id} (entries are sealed within about a second of the round)`,
        );
      }
      return { pool_id: id, round_id: roundId, entries };
    },
  );

  app.get(
    '/jackpots/:id',
    { schema: { params: PoolParams, hide: true }, onRequest: countFirst },
    async (request, reply) => {
      const record = await publicRecord((request.params as { id: string }).id);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(jackpotPage(record));
    },
  );
}

type Audit = NonNullable<Awaited<ReturnType<Services['jackpots']['audit']>>>;

function publishedTiers(meters: Audit['meters']) {
  return meters.map((tier) => ({
    tier_id: tier.id,
    name: tier.name,
    kind: tier.kind,
    seed: tier.seed.toString(),
    contribution_ppm: tier.contribution_ppm.toString(),
    reserve_ppm: tier.reserve_ppm.toString(),
    ceiling: tier.ceiling?.toString() ?? null,
    odds_stake: tier.odds_stake?.toString() ?? null,
    deadline_minute: tier.deadline_minute,
    cycle: tier.cycle.toString(),
    hits: tier.hits.toString(),
    meter: tier.meter.toString(),
    reserve: tier.reserve.toString(),
    drop_commit: tier.drop_commit,
    next_drop_commit: tier.next_drop_commit,
  }));
}

function published(ledger: Audit['ledger']) {
  return ledger.map((entry) => ({
    seq: entry.seq.toString(),
    block: entry.block.toString(),
    kind: entry.kind,
    round_id: entry.round_id,
    body: entry.body,
    prev_hash: entry.prev_hash,
    hash: entry.hash,
  }));
}

function publishedBlocks(blocks: Audit['blocks']) {
  return blocks.map((block) => ({
    block: block.block.toString(),
    first_seq: block.first_seq.toString(),
    last_seq: block.last_seq.toString(),
    merkle_root: block.merkle_root,
    last_hash: block.last_hash,
    sealed_at: block.sealed_at.toISOString(),
  }));
}
