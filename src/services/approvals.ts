// Four-eyes on changes a regulator or an attacker cares about: an operator's RTP variant, its wallet
// URL or mode, a wallet secret (set, generated or rotated), a game going live, and a staff account
// becoming an active admin (created as one, promoted, or enabled again). From a staff session they
// become a pending approval that a second, PRE-EXISTING admin approves (which applies the change) or
// any other admin rejects. Who may approve (`approverProblem`): an active admin who is not the
// requester, who has been an active admin since before the request (admin_since < requested_at), and
// whom the requester did not propose as an admin (admin_granted_by), ever. So an admin cannot make a
// helper account and approve their own change with it. The ADMIN_TOKEN and the CLI are the
// break-glass path: they apply at once, and the audit trail says who did.
import { errors, type Outcome } from '../domain/errors.ts';
import { randomBase62 } from '../domain/ids.ts';
import { checkOperatorInput, type OperatorInput, type OperatorView } from '../domain/operators.ts';
import { type Actor, isStaffRole, STAFF_ROLES, type StaffRole } from '../domain/staff.ts';
import type { ApprovalRow, ApprovalsRepo } from '../store/audit.repo.ts';
import type { OperatorsRepo } from '../store/operators.repo.ts';
import type { StaffRepo, StaffRow } from '../store/staff.repo.ts';
import type { AuditService } from './audit.ts';
import type { StaffActions } from './audited.ts';
import type { GameLiveView } from './game-switches.ts';
import { isActiveAdmin, type StaffService, type StaffView } from './staff.ts';

/** Jackpot pool changes (applied by jackpot-admin.ts). */
export const JACKPOT_ACTIONS = [
  'jackpot.create',
  'jackpot.tier_change',
  'jackpot.rate',
  'jackpot.member_add',
  'jackpot.member_remove',
  'jackpot.close',
] as const;
export type JackpotAction = (typeof JACKPOT_ACTIONS)[number];

export type ApprovalAction =
  | 'operator.update'
  | 'operator.wallet_secret_rotate'
  | 'game.live'
  | 'staff.update'
  | JackpotAction;

/**
 * Why `approver` may not approve `request`, or null when they may. `approver` is the account as
 * stored now; `request` the pending approval.
 */
export function approverProblem(
  approver: Pick<StaffRow, 'id' | 'role' | 'disabled' | 'admin_since' | 'admin_granted_by'> | undefined,
  request: Pick<ApprovalRow, 'requested_by' | 'requested_at'>,
): string | null {
  if (!approver || !isActiveAdmin(approver)) return 'only an active admin approves a change';
  if (approver.id === request.requested_by)
    return 'you requested this change: a different admin must approve it';
  if (approver.admin_since === null || approver.admin_since.getTime() >= request.requested_at.getTime())
    return 'you became an admin after this change was requested: an admin from before the request must approve it';
  if (approver.admin_granted_by === request.requested_by)
    return 'the requester proposed you as an admin: an admin they did not appoint must approve their changes';
  return null;
}

export interface ApprovalView {
  id: string;
  action: string;
  entity: string;
  entity_id: string;
  change: unknown;
  /** The requesting staff member's e-mail address. */
  requested_by: string;
  requested_at: string;
  status: 'pending' | 'approved' | 'rejected';
  decided_by: string | null;
  decided_at: string | null;
  reason: string | null;
}

/** Applied at once, or waiting for a second admin. */
export type Gated<T> = { applied: true; value: T } | { applied: false; approval: ApprovalView };

type OperatorSaved = { operator: OperatorView; wallet_secret?: string };
type Rotated = { operator: OperatorView; wallet_secret: string; switch_at: string };

/** How far ahead a rotation may be scheduled. */
const MAX_SWITCH_AHEAD_MS = 90 * 24 * 60 * 60 * 1000;

export interface ApprovalService {
  updateOperator(actor: Actor, id: string, input: OperatorInput): Promise<Outcome<Gated<OperatorSaved>>>;
  rotateWalletSecret(actor: Actor, id: string, switchAt: unknown): Promise<Outcome<Gated<Rotated>>>;
  setGameLive(actor: Actor, symbol: string, live: unknown): Promise<Outcome<Gated<GameLiveView>>>;
  /** A new staff account; an admin from a staff session is created disabled until approved. */
  createStaff(
    actor: Actor,
    input: { email?: unknown; role?: unknown; password?: unknown },
  ): Promise<Outcome<Gated<StaffView>>>;
  /** A role or disabled change; one that makes an active admin waits for approval from a staff session. */
  updateStaff(
    actor: Actor,
    id: string,
    input: { role?: unknown; disabled?: unknown },
  ): Promise<Outcome<Gated<StaffView>>>;
  list(status: 'pending' | 'approved' | 'rejected' | undefined, limit: number): Promise<ApprovalView[]>;
  /** A change another service checked, put to a second admin (jackpot-admin.ts). */
  request<T>(
    actor: Extract<Actor, { kind: 'staff' }>,
    action: ApprovalAction,
    entity: string,
    entityId: string,
    change: unknown,
  ): Promise<Outcome<Gated<T>>>;
  approve(id: string, actor: Actor): Promise<Outcome<{ approval: ApprovalView; result: unknown }>>;
  reject(id: string, actor: Actor, reason: unknown): Promise<Outcome<{ approval: ApprovalView }>>;
  /**
   * Who applies an approved jackpot change: the pools' service, set once it is built (it requests
   * through this one); on several clusters, the control view that applies it on the pool's cluster.
   */
  applyJackpotChangesWith(apply: JackpotApplier): void;
}

type JackpotApplier = (row: ApprovalRow, actor: Actor) => Promise<Outcome<unknown>>;

export function createApprovalService(deps: {
  approvals: ApprovalsRepo;
  staff: StaffRepo;
  /** Staff accounts as changed on approval (`staff.update`). */
  accounts: StaffService;
  operators: OperatorsRepo;
  audit: AuditService;
  actingAs: (actor: Actor) => StaffActions;
  now: () => Date;
}): ApprovalService {
  const { approvals, now } = deps;
  let applyJackpotChange: JackpotApplier | undefined;

  /** `emails` (staff id → e-mail) answers a list from one read; a single view looks its two up. */
  async function view(row: ApprovalRow, emails?: Map<string, string>): Promise<ApprovalView> {
    const emailOf = async (id: string | null) =>
      id ? ((emails ? emails.get(id) : (await deps.staff.find(id))?.email) ?? id) : null;
    return {
      id: row.id,
      action: row.action,
      entity: row.entity,
      entity_id: row.entity_id,
      change: row.change,
      requested_by: (await emailOf(row.requested_by)) as string,
      requested_at: row.requested_at.toISOString(),
      status: row.status,
      decided_by: await emailOf(row.decided_by),
      decided_at: row.decided_at?.toISOString() ?? null,
      reason: row.reason,
    };
  }

  async function request<T>(
    actor: Extract<Actor, { kind: 'staff' }>,
    action: ApprovalAction,
    entity: string,
    entityId: string,
    change: unknown,
  ): Promise<Outcome<Gated<T>>> {
    const row = await approvals.create({
      id: `apr_${randomBase62(12)}`,
      action,
      entity,
      entity_id: entityId,
      change,
      requested_by: actor.staffId,
      requested_at: now(),
    });
    const approval = await view(row);
    await deps.audit.record(actor, 'approval.request', 'approval', row.id, null, approval);
    return { ok: true, value: { applied: false, approval } };
  }

  const applied = <T>(outcome: Outcome<T>): Outcome<Gated<T>> =>
    outcome.ok ? { ok: true, value: { applied: true, value: outcome.value } } : outcome;

  function parseSwitchAt(value: unknown): Outcome<Date> {
    const at = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? new Date(value) : null;
    if (!at || Number.isNaN(at.getTime()))
      return { ok: false, error: errors.invalidRequest('switch_at must be an ISO 8601 date-time') };
    if (at.getTime() > now().getTime() + MAX_SWITCH_AHEAD_MS)
      return { ok: false, error: errors.invalidRequest('switch_at must be within 90 days') };
    // A time already past switches at once (when applied).
    return { ok: true, value: at };
  }

  /** Applies an approved change as the approving admin. */
  async function apply(row: ApprovalRow, actor: Actor): Promise<Outcome<unknown>> {
    const actions = deps.actingAs(actor);
    const change = row.change as Record<string, unknown>;
    switch (row.action as ApprovalAction) {
      case 'operator.update':
        return actions.operators.updateOperator(row.entity_id, change as OperatorInput);
      case 'operator.wallet_secret_rotate': {
        const at = parseSwitchAt(change.switch_at);
        if (!at.ok) return at;
        const effective = new Date(Math.max(at.value.getTime(), now().getTime()));
        return actions.operators.rotateWalletSecret(row.entity_id, effective, now());
      }
      case 'game.live':
        return actions.games.setLive(row.entity_id, change.live === true);
      case 'staff.update':
        return deps.accounts.update(row.entity_id, change, actor, { grantedBy: row.requested_by });
      default:
        if ((JACKPOT_ACTIONS as readonly string[]).includes(row.action) && applyJackpotChange)
          return applyJackpotChange(row, actor);
        return { ok: false, error: errors.conflict(`unknown approval action ${row.action}`) };
    }
  }

  async function decidable(id: string, actor: Actor): Promise<Outcome<ApprovalRow>> {
    if (actor.kind !== 'staff')
      return {
        ok: false,
        error: errors.forbidden(
          'approvals are decided by an admin signed in as themselves; the ADMIN_TOKEN and the CLI apply changes directly',
        ),
      };
    const row = await approvals.find(id);
    if (!row) return { ok: false, error: errors.notFound(`approval ${id} not found`) };
    if (row.status !== 'pending')
      return { ok: false, error: errors.conflict(`approval ${id} is already ${row.status}`) };
    return { ok: true, value: row };
  }

  return {
    request,

    applyJackpotChangesWith(apply) {
      applyJackpotChange = apply;
    },

    async updateOperator(actor, id, input) {
      const actions = deps.actingAs(actor);
      if (actor.kind !== 'staff') return applied(await actions.operators.updateOperator(id, input));
      if (input.wallet_secret !== undefined)
        return {
          ok: false,
          error: errors.invalidRequest(
            'wallet_secret: staff change the secret with POST /api/admin/v1/operators/{id}/wallet-secret (a second admin approves)',
          ),
        };
      const existing = await deps.operators.find(id);
      if (!existing) return { ok: false, error: errors.notFound(`operator ${id} not found`) };
      const checked = checkOperatorInput(input, existing);
      if (!checked.ok) return { ok: false, error: errors.invalidRequest(checked.problems.join('; ')) };
      const { fields } = checked.value;
      const changes = <K extends keyof typeof fields>(key: K) =>
        fields[key] !== undefined && fields[key] !== (existing as unknown as typeof fields)[key];
      // Where the money goes (the wallet's address and mode) counts like the secret that signs it.
      const gated =
        changes('rtp_variant') ||
        changes('wallet_base_url') ||
        changes('wallet_mode') ||
        checked.value.generatedSecret !== undefined;
      if (!gated) return applied(await actions.operators.updateOperator(id, input));
      return request(actor, 'operator.update', 'operator', id, input);
    },

    async rotateWalletSecret(actor, id, switchAt) {
      const at = parseSwitchAt(switchAt);
      if (!at.ok) return at;
      const existing = await deps.operators.find(id);
      if (!existing) return { ok: false, error: errors.notFound(`operator ${id} not found`) };
      if (existing.wallet_mode !== 'callback')
        return {
          ok: false,
          error: errors.conflict(`operator ${id} does not use a callback wallet: it has no secret to rotate`),
        };
      if (actor.kind === 'staff')
        return request(actor, 'operator.wallet_secret_rotate', 'operator', id, {
          switch_at: at.value.toISOString(),
        });
      const effective = new Date(Math.max(at.value.getTime(), now().getTime()));
      return applied(await deps.actingAs(actor).operators.rotateWalletSecret(id, effective, now()));
    },

    async setGameLive(actor, symbol, live) {
      if (typeof live !== 'boolean')
        return { ok: false, error: errors.invalidRequest('live must be true or false') };
      const actions = deps.actingAs(actor);
      // Taking a game off needs no second pair of eyes; putting one live does.
      if (actor.kind !== 'staff' || !live) return applied(await actions.games.setLive(symbol, live));
      const current = await actions.games.view(symbol);
      if (!current.ok) return current;
      if (current.value.live) return applied(current);
      return request(actor, 'game.live', 'game', current.value.symbol, { live: true });
    },

    async createStaff(actor, input) {
      if (actor.kind !== 'staff' || input.role !== 'admin')
        return applied(await deps.accounts.create(input, actor));
      const created = await deps.accounts.create(input, actor, { disabled: true });
      if (!created.ok) return created;
      return request(actor, 'staff.update', 'staff', created.value.id, { role: 'admin', disabled: false });
    },

    async updateStaff(actor, id, input) {
      if (actor.kind !== 'staff') return applied(await deps.accounts.update(id, input, actor));
      const row = await deps.staff.find(id);
      if (!row) return { ok: false, error: errors.notFound(`staff member ${id} not found`) };
      const problems: string[] = [];
      if (input.role !== undefined && !isStaffRole(input.role))
        problems.push(`role must be one of ${STAFF_ROLES.join(', ')}`);
      if (input.disabled !== undefined && typeof input.disabled !== 'boolean')
        problems.push('disabled must be a boolean');
      if (problems.length > 0) return { ok: false, error: errors.invalidRequest(problems.join('; ')) };
      const after = {
        role: (input.role as StaffRole | undefined) ?? row.role,
        disabled: (input.disabled as boolean | undefined) ?? row.disabled,
      };
      if (isActiveAdmin(row) || !isActiveAdmin(after))
        return applied(await deps.accounts.update(id, input, actor));
      // The approver sees the state the account will have, not only the field that moves.
      return request(actor, 'staff.update', 'staff', id, after);
    },

    async list(status, limit) {
      const [rows, staff] = await Promise.all([approvals.list(status, limit), deps.staff.list()]);
      const emails = new Map(staff.map((member) => [member.id, member.email]));
      return Promise.all(rows.map((row) => view(row, emails)));
    },

    async approve(id, actor) {
      const found = await decidable(id, actor);
      if (!found.ok) return found;
      const row = found.value;
      const problem = approverProblem(await deps.staff.find((actor as { staffId: string }).staffId), row);
      if (problem) return { ok: false, error: errors.forbidden(problem) };
      const claimed = await approvals.decide(
        id,
        'approved',
        (actor as { staffId: string }).staffId,
        now(),
        null,
      );
      if (!claimed) return { ok: false, error: errors.conflict(`approval ${id} is no longer pending`) };
      const result = await apply(row, actor);
      if (!result.ok) {
        const failed = await approvals.fail(id, `could not apply: ${result.error.detail}`);
        if (failed) await deps.audit.record(actor, 'approval.fail', 'approval', id, null, await view(failed));
        return result;
      }
      const approval = await view(claimed);
      await deps.audit.record(actor, 'approval.approve', 'approval', id, { status: 'pending' }, approval);
      return { ok: true, value: { approval, result: result.value } };
    },

    async reject(id, actor, reason) {
      if (reason !== undefined && reason !== null && (typeof reason !== 'string' || reason.length > 1000))
        return {
          ok: false,
          error: errors.invalidRequest('reason must be a string of at most 1000 characters'),
        };
      const found = await decidable(id, actor);
      if (!found.ok) return found;
      const row = await approvals.decide(
        id,
        'rejected',
        (actor as { staffId: string }).staffId,
        now(),
        typeof reason === 'string' && reason.trim() !== '' ? reason.trim() : null,
      );
      if (!row) return { ok: false, error: errors.conflict(`approval ${id} is no longer pending`) };
      const approval = await view(row);
      await deps.audit.record(actor, 'approval.reject', 'approval', id, { status: 'pending' }, approval);
      return { ok: true, value: { approval } };
    },
  };
}
