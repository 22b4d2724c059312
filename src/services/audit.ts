// The audit trail: every change made through the Admin API (staff session or ADMIN_TOKEN) or the
// CLI, with who, when, what, before and after. Entries are chained by hash (domain/staff.ts).
import { randomBase62 } from '../domain/ids.ts';
import {
  type Actor,
  actorLabel,
  auditHash,
  type ChainCheck,
  GENESIS_HASH,
  verifyChain,
} from '../domain/staff.ts';
import type { AuditRepo, AuditRow } from '../store/audit.repo.ts';

export interface AuditEntryView {
  id: string;
  at: string;
  actor: string;
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  hash: string;
  prev_hash: string;
}

export function auditEntryView(row: AuditRow): AuditEntryView {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actor,
    action: row.action,
    entity: row.entity,
    entity_id: row.entity_id,
    before: row.before ?? null,
    after: row.after ?? null,
    hash: row.hash,
    prev_hash: row.prev_hash,
  };
}

export interface AuditService {
  /** Appends one entry (before/after are JSON values: no secrets, no bigint). */
  record(
    actor: Actor,
    action: string,
    entity: string,
    entityId: string | null,
    before: unknown,
    after: unknown,
  ): Promise<AuditEntryView>;
  list(filter: {
    actor?: string;
    entity?: string;
    entityId?: string;
    cursor?: string;
    limit: number;
  }): Promise<{ entries: AuditEntryView[]; next_cursor: string | null }>;
  /** Walks the whole chain; a deleted last entry shows as a gap below the last issued number. */
  verify(): Promise<ChainCheck>;
}

/** JSON round trip: what the store keeps of a value (dates as ISO text, undefined fields gone). */
const asStored = (value: unknown): unknown =>
  value === undefined ? null : JSON.parse(JSON.stringify(value));

export function createAuditService(deps: { audit: AuditRepo; now: () => Date }): AuditService {
  const repo = deps.audit;
  return {
    async record(actor, action, entity, entityId, before, after) {
      const row = await repo.append((prevHash) => {
        const entry = {
          id: `aud_${randomBase62(12)}`,
          at: deps.now(),
          actor: actorLabel(actor),
          action,
          entity,
          entity_id: entityId,
          before: asStored(before),
          after: asStored(after),
        };
        const prev = prevHash ?? GENESIS_HASH;
        return {
          ...entry,
          actor_staff_id: actor.kind === 'staff' ? actor.staffId : null,
          prev_hash: prev,
          hash: auditHash(prev, entry),
        };
      });
      return auditEntryView(row);
    },

    async list(filter) {
      const beforeSeq = filter.cursor !== undefined ? BigInt(filter.cursor) : undefined;
      const rows = await repo.list({ ...filter, beforeSeq });
      const last = rows.at(-1);
      return {
        entries: rows.map(auditEntryView),
        next_cursor: rows.length === filter.limit && last ? String(last.seq) : null,
      };
    },

    async verify() {
      const rows: AuditRow[] = [];
      for await (const row of repo.walk()) rows.push(row);
      const check = verifyChain(rows);
      if (!check.ok) return check;
      const issued = await repo.lastIssuedSeq();
      const last = rows.at(-1);
      const lastSeq = last ? last.seq : 0n;
      if (issued !== null && issued > lastSeq)
        return {
          ok: false,
          entries: check.entries,
          brokenAt: last?.id ?? '(none)',
          seq: String(lastSeq),
          reason: `the entries after it, numbered ${lastSeq + 1n} to ${issued}, are missing (deleted)`,
        };
      return check;
    },
  };
}
