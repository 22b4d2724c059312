// Staff's jackpot pools (issue 28; New Jersey 13:69E-1.39A/C): parameters and meters kept
// centrally, every change recorded, none applied without a second admin. From a staff session,
// creating a pool, changing a tier's parameters, a network pool's rate, its member games or closing
// it becomes a pending approval (approvals.ts) that a second, pre-existing admin approves; the
// ADMIN_TOKEN and the CLI apply at once. Every applied change is in the audit trail and, as a
// 'parameters' entry, in the pool's public ledger. A tier's new parameters apply from its next cycle
// (staged in jackpot_tier_changes; functions/rf_jackpot_apply_tier_change.sql applies them when the
// cycle is won), so no cycle changes its rules while it runs.
import { ApiError, errors, type Outcome } from '../domain/errors.ts';
import { randomBase62 } from '../domain/ids.ts';
import {
  bad,
  checked,
  checkTier,
  currencyOf,
  fromStored,
  isObject,
  onlyFields,
  optional,
  PARAM_FIELDS,
  paramsOf,
  paramsView,
  rateOf,
  shown,
  stored,
  stringified,
  type TierParamsView,
  text,
} from '../domain/jackpot-params.ts';
import { TIER_KINDS, type TierKind, type TierParams } from '../domain/jackpots.ts';
import { type Actor, actorLabel } from '../domain/staff.ts';
import { findGameInfo } from '../games/index.ts';
import { formatAmount } from '../money.ts';
import type { ApprovalRow } from '../store/audit.repo.ts';
import type { JackpotAdminRepo, TierChangeRow } from '../store/jackpot-admin.repo.ts';
import type { JackpotsRepo, PoolRow, TierMeters } from '../store/jackpots.repo.ts';
import type { ApprovalService, ApprovalView, Gated, JackpotAction } from './approvals.ts';
import type { AuditService } from './audit.ts';
import type { JackpotService, NewPoolInput } from './jackpots.ts';

/** A tier's NJ meters (13:69E-1.39C), amounts in the pool currency rounded down; `fine` exact. */
export interface TierAdminView {
  tier_id: string;
  name: string;
  kind: TierKind;
  cycle: string;
  cycle_started_at: string;
  parameters: TierParamsView;
  pending_parameters: (TierParamsView & { from_cycle: string; set_by: string; set_at: string }) | null;
  meters: {
    display: string;
    coin_in_share: string;
    hits: string;
    wins_paid: string;
    reserve: string;
    overflow: string;
    fine: { display: string; coin_in_share: string; seeded: string; wins_paid: string; reserve: string };
  };
  drop_commit: string | null;
}

export interface PoolAdminView {
  pool_id: string;
  name: string;
  scope: PoolRow['scope'];
  currency: string;
  status: PoolRow['status'];
  owner_operator_id: string | null;
  created_by: string;
  created_at: string;
  public_url: string;
  members: Array<{ operator_id: string; game_symbol: string }>;
  rates: Array<{ currency: string; rate: string; set_by: string; set_at: string }>;
  tiers: TierAdminView[];
}

export interface PoolDetailView extends PoolAdminView {
  history: {
    wins: Array<{
      at: string;
      tier: string;
      cycle: string;
      amount: string;
      currency: string;
      operator_id: string;
      player_id: string;
      round_id: string;
      status: 'won' | 'void';
    }>;
    changes: Array<{ at: string; seq: string | null; entry: Record<string, unknown> }>;
  };
  /** Changes to this pool waiting for a second admin. */
  approvals: ApprovalView[];
}

export function createJackpotAdminService(deps: {
  repo: JackpotAdminRepo;
  pools: JackpotsRepo;
  jackpots: JackpotService;
  approvals: ApprovalService;
  audit: AuditService;
  now: () => Date;
  /**
   * With several clusters: where each operator plays, and this pool's cluster. A pool is fed in its
   * rounds' own transactions, so its games are only those of operators on its cluster.
   */
  placement?: { here: string; clusterOf(operatorId: string): Promise<string> };
}) {
  const { repo, pools, now } = deps;

  /** The operators among `ids` that play on another cluster than the pools', with that cluster. */
  async function playingElsewhere(ids: readonly string[]): Promise<Map<string, string>> {
    const away = new Map<string, string>();
    if (!deps.placement) return away;
    for (const id of new Set(ids)) {
      const cluster = await deps.placement.clusterOf(id);
      if (cluster !== deps.placement.here) away.set(id, cluster);
    }
    return away;
  }
  const elsewhere = (operatorId: string, cluster: string) =>
    `operator "${operatorId}" plays on cluster ${cluster}: a pool's games are its cluster's operators' (${deps.placement?.here})`;

  /** Every field of a new pool, with the operators and games its members name. */
  async function parseCreate(body: unknown): Promise<Outcome<NewPoolInput>> {
    return checked(async () => {
      if (!isObject(body)) return bad('body', 'must be a JSON object');
      onlyFields(body, ['name', 'scope', 'currency', 'owner_operator_id', 'members', 'rates', 'tiers']);
      const name = text(body.name, 'name').trim();
      if (name.length === 0 || name.length > 80) bad('name', '1–80 characters');
      const scope = text(body.scope, 'scope');
      if (scope !== 'game' && scope !== 'operator' && scope !== 'network')
        bad('scope', 'one of game, operator, network');
      const currency = currencyOf(body.currency, 'currency');
      const owner = optional(body.owner_operator_id, (v) => text(v, 'owner_operator_id'));
      if (scope !== 'network' && owner === null)
        bad('owner_operator_id', `a ${scope} pool belongs to one operator`);
      if (!Array.isArray(body.members) || body.members.length === 0)
        bad('members', 'at least one operator game feeds a pool');
      const rawMembers = body.members as unknown[];
      if (rawMembers.length > 500) bad('members', 'at most 500 games');
      const named = [
        ...(owner ? [owner] : []),
        ...rawMembers.map((member) => (isObject(member) ? String(member.operator_id) : '')),
      ];
      const known = await repo.existingOperators(named);
      const away = await playingElsewhere(named.filter((id) => known.has(id)));
      if (owner && !known.has(owner)) bad('owner_operator_id', `no operator "${owner}"`);
      const seen = new Set<string>();
      const members = rawMembers.map((member, index) => {
        const at = `members[${index}]`;
        if (!isObject(member)) return bad(at, 'an object {operator_id, game_symbol}');
        onlyFields(member, ['operator_id', 'game_symbol'], `${at}.`);
        const operatorId = text(member.operator_id, `${at}.operator_id`);
        if (!known.has(operatorId)) bad(`${at}.operator_id`, `no operator "${operatorId}"`);
        const cluster = away.get(operatorId);
        if (cluster !== undefined) bad(`${at}.operator_id`, elsewhere(operatorId, cluster));
        if (scope !== 'network' && operatorId !== owner)
          bad(`${at}.operator_id`, `a ${scope} pool takes only its owner's games (${owner})`);
        const symbol = text(member.game_symbol, `${at}.game_symbol`);
        const game = findGameInfo(symbol);
        if (!game || game.symbol !== symbol) bad(`${at}.game_symbol`, `no game "${symbol}"`);
        if (seen.has(`${operatorId}|${symbol}`)) bad(at, 'listed twice');
        seen.add(`${operatorId}|${symbol}`);
        return { operatorId, gameSymbol: symbol };
      });
      if (scope === 'game' && new Set(members.map((member) => member.gameSymbol)).size !== 1)
        bad('members', 'a game pool takes one game');
      if (body.rates !== undefined && !Array.isArray(body.rates))
        bad('rates', 'an array of {currency, rate}');
      const rates = ((body.rates as unknown[] | undefined) ?? []).map((rate, index) => {
        const at = `rates[${index}]`;
        if (!isObject(rate)) return bad(at, 'an object {currency, rate}');
        const from = currencyOf(rate.currency, `${at}.currency`);
        if (from === currency) bad(`${at}.currency`, 'the pool currency needs no rate');
        return { currency: from, rate: rateOf(rate.rate, from, currency, `${at}.rate`) };
      });
      if (!Array.isArray(body.tiers) || body.tiers.length === 0 || body.tiers.length > 8)
        bad('tiers', '1 to 8 tiers');
      const names = new Set<string>();
      const tiers = (body.tiers as unknown[]).map((raw, index): TierParams => {
        const at = `tiers[${index}].`;
        if (!isObject(raw)) return bad(`tiers[${index}]`, 'an object');
        onlyFields(raw, ['name', 'kind', ...PARAM_FIELDS], at);
        const kind = text(raw.kind, `${at}kind`);
        if (!(TIER_KINDS as readonly string[]).includes(kind))
          bad(`${at}kind`, `one of ${TIER_KINDS.join(', ')}`);
        const tier = {
          name: text(raw.name, `${at}name`),
          kind: kind as TierKind,
          ...paramsOf(raw, null, currency, at),
        };
        checkTier(tier, at);
        if (names.has(tier.name)) bad(`${at}name`, `"${tier.name}" is used twice`);
        names.add(tier.name);
        return tier;
      });
      return {
        name,
        scope: scope as NewPoolInput['scope'],
        currency,
        ownerOperatorId: scope === 'network' ? null : owner,
        members,
        rates,
        tiers,
      };
    });
  }

  async function activePool(id: string): Promise<Outcome<PoolRow>> {
    const pool = await pools.pool(id);
    if (!pool) return { ok: false, error: errors.notFound(`no jackpot pool ${id}`) };
    if (pool.status !== 'active')
      return { ok: false, error: errors.conflict(`jackpot pool ${id} is closed`) };
    return { ok: true, value: pool };
  }

  /** A tier change: the tier and its parameters after the body's fields, checked. */
  async function parseTierChange(poolId: string, change: unknown) {
    const pool = await activePool(poolId);
    if (!pool.ok) return pool;
    if (!isObject(change))
      return { ok: false as const, error: errors.invalidRequest('body: must be a JSON object') };
    const tier = (await pools.tiersOf([poolId])).find((row) => row.id === change.tier_id);
    if (!tier)
      return {
        ok: false as const,
        error: errors.notFound(`no tier ${String(change.tier_id)} in pool ${poolId}`),
      };
    return checked(() => {
      const { tier_id: _id, tier: _name, ...fields } = change;
      onlyFields(fields, PARAM_FIELDS);
      if (Object.keys(fields).length === 0) bad('body', `name at least one of ${PARAM_FIELDS.join(', ')}`);
      const params = paramsOf(fields, fromStored(tier), pool.value.currency, '');
      checkTier({ name: tier.name, kind: tier.kind, ...params }, '');
      return { pool: pool.value, tier, params: stored(params), fields };
    });
  }

  async function parseRate(poolId: string, change: unknown) {
    const pool = await activePool(poolId);
    if (!pool.ok) return pool;
    return checked(() => {
      if (!isObject(change)) return bad('body', 'must be a JSON object');
      if (pool.value.scope !== 'network')
        bad('currency', 'only a network pool takes stakes in other currencies');
      const currency = currencyOf(change.currency, 'currency');
      if (currency === pool.value.currency) bad('currency', 'the pool currency needs no rate');
      return { pool: pool.value, currency, rate: rateOf(change.rate, currency, pool.value.currency, 'rate') };
    });
  }

  async function parseMember(poolId: string, change: unknown, action: JackpotAction) {
    const pool = await activePool(poolId);
    if (!pool.ok) return pool;
    const body = isObject(change) ? change : {};
    const operatorId = typeof body.operator_id === 'string' ? body.operator_id : '';
    const [known, members, away] = await Promise.all([
      repo.existingOperators([operatorId]),
      repo.members(poolId),
      operatorId === '' ? new Map<string, string>() : playingElsewhere([operatorId]),
    ]);
    if (action === 'jackpot.member_remove' && members.length === 1)
      return {
        ok: false as const,
        error: errors.conflict('a pool keeps at least one game: add another first, or close the pool'),
      };
    return checked(() => {
      if (!isObject(change)) return bad('body', 'must be a JSON object');
      onlyFields(change, ['operator_id', 'game_symbol']);
      text(change.operator_id, 'operator_id');
      if (!known.has(operatorId)) bad('operator_id', `no operator "${operatorId}"`);
      const cluster = away.get(operatorId);
      if (action === 'jackpot.member_add' && cluster !== undefined)
        bad('operator_id', elsewhere(operatorId, cluster));
      const p = pool.value;
      if (p.scope !== 'network' && operatorId !== p.owner_operator_id)
        bad('operator_id', `a ${p.scope} pool takes only its owner's games (${p.owner_operator_id})`);
      const symbol = text(change.game_symbol, 'game_symbol');
      if (findGameInfo(symbol)?.symbol !== symbol) bad('game_symbol', `no game "${symbol}"`);
      if (
        action === 'jackpot.member_add' &&
        p.scope === 'game' &&
        members.some((member) => member.game_symbol !== symbol)
      )
        bad('game_symbol', 'a game pool takes one game');
      return { pool: p, operatorId, gameSymbol: symbol };
    });
  }

  const outcome = <T>(value: T): Outcome<T> => ({ ok: true, value });

  /** Applies a checked change as `actor` (the token, or the admin who approved it): audited, in the ledger. */
  async function apply(
    action: JackpotAction,
    poolId: string,
    change: unknown,
    actor: Actor,
    approvalId?: string,
  ): Promise<Outcome<unknown>> {
    const by = actorLabel(actor);
    const at = now();
    const record = (before: unknown, after: unknown, id = poolId) =>
      deps.audit.record(
        actor,
        action,
        'jackpot_pool',
        id,
        before,
        approvalId ? { ...(after as object), approval_id: approvalId } : after,
      );
    switch (action) {
      case 'jackpot.create': {
        const input = await parseCreate(change);
        if (!input.ok) return input;
        let id: string;
        try {
          id = await deps.jackpots.create(input.value, by);
        } catch (error) {
          // its own checks (the same as ours): a value, so an approval that cannot apply is marked failed
          if (error instanceof ApiError) return { ok: false, error };
          throw error;
        }
        const created = await detail(id);
        await record(null, change, id);
        return outcome({ pool: created });
      }
      case 'jackpot.tier_change': {
        const parsed = await parseTierChange(poolId, change);
        if (!parsed.ok) return parsed;
        const { pool, tier, params } = parsed.value;
        const id = `jpc_${randomBase62(12)}`;
        const fromCycle = tier.cycle + 1n;
        const before = paramsView(tier, pool.currency);
        const after = paramsView(params, pool.currency);
        await repo.stageTierChange(
          { id, pool_id: poolId, tier_id: tier.id, from_cycle: fromCycle, ...params, set_by: by, set_at: at },
          {
            change: 'tier_parameters_staged',
            change_id: id,
            tier_id: tier.id,
            tier: tier.name,
            from_cycle: fromCycle.toString(),
            before: stringified(tier),
            after: stringified(params),
            by,
            ...(approvalId ? { approval_id: approvalId } : {}),
          },
        );
        await record(
          { tier_id: tier.id, ...before },
          { tier_id: tier.id, from_cycle: fromCycle.toString(), ...after },
        );
        return outcome({ pool: await detail(poolId), change_id: id, from_cycle: fromCycle.toString() });
      }
      case 'jackpot.rate': {
        const parsed = await parseRate(poolId, change);
        if (!parsed.ok) return parsed;
        const before = (await repo.rates(poolId)).find((rate) => rate.currency === parsed.value.currency);
        await repo.setRate(poolId, parsed.value.currency, parsed.value.rate, by, at);
        deps.jackpots.refresh();
        await record(before ? { currency: before.currency, rate: before.rate } : null, {
          currency: parsed.value.currency,
          rate: parsed.value.rate,
        });
        return outcome({ pool: await detail(poolId) });
      }
      case 'jackpot.member_add':
      case 'jackpot.member_remove': {
        const parsed = await parseMember(poolId, change, action);
        if (!parsed.ok) return parsed;
        const { operatorId, gameSymbol } = parsed.value;
        const member = { operator_id: operatorId, game_symbol: gameSymbol };
        const done =
          action === 'jackpot.member_add'
            ? await repo.addMember(poolId, operatorId, gameSymbol, by, at)
            : await repo.removeMember(poolId, operatorId, gameSymbol, by, at);
        if (!done)
          return {
            ok: false,
            error: errors.conflict(
              `${operatorId}/${gameSymbol} is ${action === 'jackpot.member_add' ? 'already' : 'not'} a member of ${poolId}`,
            ),
          };
        deps.jackpots.refresh();
        await record(
          action === 'jackpot.member_add' ? null : member,
          action === 'jackpot.member_add' ? member : null,
        );
        return outcome({ pool: await detail(poolId) });
      }
      case 'jackpot.close': {
        const pool = await activePool(poolId);
        if (!pool.ok) return pool;
        if (!(await repo.close(poolId, by, at)))
          return { ok: false, error: errors.conflict(`jackpot pool ${poolId} is closed`) };
        deps.jackpots.refresh();
        await record({ status: 'active' }, { status: 'closed' });
        return outcome({ pool: await detail(poolId) });
      }
    }
  }

  /** Checks a change now (a 400 or 404 answers at once, not at approval), then applies it or asks for approval. */
  async function gate(
    actor: Actor,
    action: JackpotAction,
    poolId: string,
    change: unknown,
  ): Promise<Outcome<Gated<unknown>>> {
    const check =
      action === 'jackpot.create'
        ? await parseCreate(change)
        : action === 'jackpot.tier_change'
          ? await parseTierChange(poolId, change)
          : action === 'jackpot.rate'
            ? await parseRate(poolId, change)
            : action === 'jackpot.close'
              ? await activePool(poolId)
              : await parseMember(poolId, change, action);
    if (!check.ok) return check;
    if (actor.kind === 'staff') return deps.approvals.request(actor, action, 'jackpot_pool', poolId, change);
    const applied = await apply(action, poolId, change, actor);
    return applied.ok ? { ok: true, value: { applied: true, value: applied.value } } : applied;
  }

  async function views(rows: readonly PoolRow[]): Promise<PoolAdminView[]> {
    const ids = rows.map((pool) => pool.id);
    const [meters, staged, paid] = await Promise.all([
      pools.meters(ids),
      repo.stagedChanges(ids),
      repo.winsPaid(ids),
    ]);
    return Promise.all(
      rows.map(async (pool) => {
        const [members, rates] = await Promise.all([repo.members(pool.id), repo.rates(pool.id)]);
        return {
          pool_id: pool.id,
          name: pool.name,
          scope: pool.scope,
          currency: pool.currency,
          status: pool.status,
          owner_operator_id: pool.owner_operator_id,
          created_by: pool.created_by,
          created_at: pool.created_at.toISOString(),
          public_url: `/jackpots/${pool.id}`,
          members,
          rates: rates.map((rate) => ({ ...rate, set_at: rate.set_at.toISOString() })),
          tiers: meters
            .filter((tier) => tier.pool_id === pool.id)
            .map((tier) =>
              tierView(
                tier,
                pool.currency,
                staged.find((change) => change.tier_id === tier.id),
                paid.get(tier.id) ?? 0n,
              ),
            ),
        };
      }),
    );
  }

  function tierView(
    tier: TierMeters,
    currency: string,
    staged: TierChangeRow | undefined,
    paid: bigint,
  ): TierAdminView {
    return {
      tier_id: tier.id,
      name: tier.name,
      kind: tier.kind,
      cycle: tier.cycle.toString(),
      cycle_started_at: tier.cycle_started_at.toISOString(),
      parameters: paramsView(tier, currency),
      pending_parameters: staged
        ? {
            ...paramsView(staged, currency),
            from_cycle: staged.from_cycle.toString(),
            set_by: staged.set_by,
            set_at: staged.set_at.toISOString(),
          }
        : null,
      meters: {
        display: shown(tier.meter, currency),
        coin_in_share: shown(tier.contributed, currency),
        hits: tier.hits.toString(),
        wins_paid: shown(paid, currency),
        reserve: shown(tier.reserve, currency),
        // Progressive ceilings do not divert contributions (no overflow meter is kept): always 0.
        overflow: formatAmount(0n, currency),
        fine: {
          display: tier.meter.toString(),
          coin_in_share: tier.contributed.toString(),
          seeded: tier.seeded.toString(),
          wins_paid: paid.toString(),
          reserve: tier.reserve.toString(),
        },
      },
      drop_commit: tier.drop_commit,
    };
  }

  async function pendingApprovals(): Promise<ApprovalView[]> {
    return (await deps.approvals.list('pending', 200)).filter((approval) =>
      approval.action.startsWith('jackpot.'),
    );
  }

  async function detail(id: string): Promise<PoolDetailView | undefined> {
    const pool = await pools.pool(id);
    if (!pool) return undefined;
    const [[view], wins, changes, approvals] = await Promise.all([
      views([pool]),
      pools.wins(id, 20),
      repo.parameterHistory(id),
      pendingApprovals(),
    ]);
    return {
      ...(view as PoolAdminView),
      history: {
        wins: wins.map((win) => ({
          at: win.created_at.toISOString(),
          tier: win.tier,
          cycle: win.cycle.toString(),
          amount: formatAmount(win.amount, win.currency),
          currency: win.currency,
          operator_id: win.operator_id,
          player_id: win.player_id,
          round_id: win.round_id,
          status: win.status,
        })),
        changes: changes.map((change) => ({
          at: change.at.toISOString(),
          seq: change.seq?.toString() ?? null,
          entry: change.body,
        })),
      },
      approvals: approvals.filter((approval) => approval.entity_id === id),
    };
  }

  return {
    async list(): Promise<{ jackpots: PoolAdminView[]; approvals: ApprovalView[] }> {
      const [rows, approvals] = await Promise.all([pools.pools(), pendingApprovals()]);
      return { jackpots: await views(rows), approvals };
    },

    async get(id: string): Promise<Outcome<PoolDetailView>> {
      const found = await detail(id);
      return found
        ? { ok: true, value: found }
        : { ok: false, error: errors.notFound(`no jackpot pool ${id}`) };
    },

    create: (actor: Actor, body: unknown) => gate(actor, 'jackpot.create', 'new', body),
    changeTier: (actor: Actor, poolId: string, tierId: string, body: unknown) =>
      gate(actor, 'jackpot.tier_change', poolId, isObject(body) ? { ...body, tier_id: tierId } : body),
    setRate: (actor: Actor, poolId: string, currency: string, body: unknown) =>
      gate(actor, 'jackpot.rate', poolId, isObject(body) ? { ...body, currency } : body),
    addMember: (actor: Actor, poolId: string, body: unknown) =>
      gate(actor, 'jackpot.member_add', poolId, body),
    removeMember: (actor: Actor, poolId: string, operatorId: string, gameSymbol: string) =>
      gate(actor, 'jackpot.member_remove', poolId, { operator_id: operatorId, game_symbol: gameSymbol }),
    close: (actor: Actor, poolId: string) => gate(actor, 'jackpot.close', poolId, {}),

    /** Applies an approved request as the approving admin (approvals.ts calls it). */
    applyApproved(row: ApprovalRow, actor: Actor): Promise<Outcome<unknown>> {
      return apply(row.action as JackpotAction, row.entity_id, row.change, actor, row.id);
    },
  };
}

export type JackpotAdminService = ReturnType<typeof createJackpotAdminService>;
