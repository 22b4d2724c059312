// The audit trail: every change made through the Admin API (staff session or ADMIN_TOKEN) or the
// CLI, with who, when, what, before and after. Entries are chained by an HMAC under AUDIT_CHAIN_KEY
// (domain/staff.ts), a key the database does not hold, and each new head is published as a signed
// checkpoint outside the database (audit-checkpoints.ts): `verify` checks both.
import { randomBase62 } from '../domain/ids.ts';
import { type Actor, actorLabel, auditHash, GENESIS_HASH, verifyChain } from '../domain/staff.ts';
import type { AuditRepo, AuditRow } from '../store/audit.repo.ts';
import { type CheckpointFile, type CheckpointSigner, checkCheckpoints } from './audit-checkpoints.ts';

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

/** What `verify` found: the chain and the checkpoints, or the first thing that is wrong. */
export type AuditCheck =
  | {
      ok: true;
      entries: number;
      /** Entries chained before the key (sha256 only); the first keyed entry covers them. */
      legacy: number;
      /** Checkpoint lines checked; null when no checkpoint file was given. */
      checkpoints: number | null;
      /** Entries after the last checkpoint in this file (another node's file may name them). */
      after_last_checkpoint: number | null;
    }
  | { ok: false; entries: number; brokenAt: string; seq: string; reason: string };

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
  /**
   * Walks the whole chain under the key, then the signed checkpoints of `checkpoints` (default: the
   * node's AUDIT_CHECKPOINT_FILE). A rewritten entry, a removed one, or a removed tail each fail.
   */
  verify(options?: { checkpoints?: CheckpointFile }): Promise<AuditCheck>;
  /**
   * At start-up: keys a chain that ends in entries from before the key (one `audit.chain_keyed`
   * entry whose keyed hash covers them), and starts an empty checkpoint file with the current head.
   */
  seal(actor: Actor): Promise<void>;
}

/** JSON round trip: what the store keeps of a value (dates as ISO text, undefined fields gone). */
const asStored = (value: unknown): unknown =>
  value === undefined ? null : JSON.parse(JSON.stringify(value));

export function createAuditService(deps: {
  audit: AuditRepo;
  now: () => Date;
  chainKey: string;
  signer: CheckpointSigner;
  /** Where checkpoints go; none (development/test without AUDIT_CHECKPOINT_FILE) writes none. */
  checkpoints?: CheckpointFile;
  /** A checkpoint that could not be written (the entry is in; `verify` will show the gap). */
  warn?: (message: string) => void;
}): AuditService {
  const repo = deps.audit;
  const warn = deps.warn ?? ((message: string) => process.emitWarning(message));

  function publish(row: { seq: bigint; hash: string }) {
    if (!deps.checkpoints) return;
    try {
      deps.checkpoints.append(deps.signer.sign(String(row.seq), row.hash, deps.now()));
    } catch (error) {
      warn(
        `audit checkpoint for entry ${row.seq} not written to ${deps.checkpoints.path}: ${(error as Error).message}`,
      );
    }
  }

  function entryRow(
    actor: Actor,
    action: string,
    entity: string,
    entityId: string | null,
    before: unknown,
    after: unknown,
    prevHash: string,
  ) {
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
    return {
      ...entry,
      actor_staff_id: actor.kind === 'staff' ? actor.staffId : null,
      prev_hash: prevHash,
      hash: auditHash(prevHash, entry, deps.chainKey),
      keyed: true,
    };
  }

  return {
    async record(actor, action, entity, entityId, before, after) {
      const row = (await repo.append((last) =>
        entryRow(actor, action, entity, entityId, before, after, last?.hash ?? GENESIS_HASH),
      )) as AuditRow;
      publish(row);
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

    async verify(options = {}) {
      const hashes = new Map<bigint, string>();
      const rows: AuditRow[] = [];
      for await (const row of repo.walk()) {
        rows.push(row);
        hashes.set(row.seq, row.hash);
      }
      const check = verifyChain(rows, deps.chainKey);
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
      const file = options.checkpoints ?? deps.checkpoints;
      if (!file)
        return {
          ok: true,
          entries: check.entries,
          legacy: check.legacy,
          checkpoints: null,
          after_last_checkpoint: null,
        };
      const text = file.read();
      if (text === undefined && check.entries > 0)
        return {
          ok: false,
          entries: check.entries,
          brokenAt: `checkpoint file ${file.path}`,
          seq: String(lastSeq),
          reason: 'the checkpoint file does not exist: without it a removed tail cannot be told apart',
        };
      const points = checkCheckpoints(
        text ?? '',
        deps.signer.publicKey,
        (seq) => hashes.get(seq),
        check.head,
      );
      if (!points.ok)
        return {
          ok: false,
          entries: check.entries,
          brokenAt: `checkpoint ${file.path}:${points.line}`,
          seq: points.seq,
          reason: points.reason,
        };
      return {
        ok: true,
        entries: check.entries,
        legacy: check.legacy,
        checkpoints: points.checkpoints,
        after_last_checkpoint: Number(lastSeq - (points.lastSeq === null ? 0n : BigInt(points.lastSeq))),
      };
    },

    async seal(actor) {
      const anchor = await repo.append((last) =>
        last && !last.keyed
          ? entryRow(actor, 'audit.chain_keyed', 'audit', null, null, { legacy_head: last.hash }, last.hash)
          : null,
      );
      if (anchor) {
        publish(anchor);
        return;
      }
      const text = deps.checkpoints?.read();
      if (deps.checkpoints && (text === undefined || text.trim() === '')) {
        const head = await repo.last();
        if (head) publish(head);
      }
    },
  };
}
