// The audit trail (migrations 012, 021): appended one entry at a time under a lock, so each entry's
// prev_hash is the hash of the entry before it; read newest first; walked in order to verify.
import { type Kysely, type Selectable, sql } from 'kysely';
import type { ApprovalsTable, AuditLogTable, Database } from './schema.ts';

export type AuditRow = Selectable<AuditLogTable>;
export type ApprovalRow = Selectable<ApprovalsTable>;

/** Advisory lock key that serialises appends across every node (ASCII "rfaudit"). */
const AUDIT_LOCK = 0x7266617564697400n;

export interface AuditFilter {
  actor?: string;
  entity?: string;
  entityId?: string;
  /** Entries with a lower seq than this (the previous page's cursor). */
  beforeSeq?: bigint;
  limit: number;
}

export function auditRepo(db: Kysely<Database>) {
  return {
    /**
     * Appends one entry: `build` gets the last entry (its hash, whether it is keyed) and returns the
     * row to insert (with its own hash), or null to append nothing, inside one transaction holding
     * the chain's lock.
     */
    async append(
      build: (
        last: { hash: string; keyed: boolean } | null,
      ) => (Omit<AuditRow, 'seq' | 'before' | 'after'> & { before: unknown; after: unknown }) | null,
    ): Promise<AuditRow | null> {
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${AUDIT_LOCK.toString()}::bigint)`.execute(trx);
        const last = await trx
          .selectFrom('audit_log')
          .select(['hash', 'keyed'])
          .orderBy('seq', 'desc')
          .limit(1)
          .executeTakeFirst();
        const row = build(last ?? null);
        if (row === null) return null;
        return trx
          .insertInto('audit_log')
          .values({
            ...row,
            before: row.before === null || row.before === undefined ? null : JSON.stringify(row.before),
            after: row.after === null || row.after === undefined ? null : JSON.stringify(row.after),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },

    /** The last entry, or undefined for an empty chain. */
    async last(): Promise<AuditRow | undefined> {
      return db.selectFrom('audit_log').selectAll().orderBy('seq', 'desc').limit(1).executeTakeFirst();
    },

    async list(filter: AuditFilter): Promise<AuditRow[]> {
      let query = db.selectFrom('audit_log').selectAll().orderBy('seq', 'desc').limit(filter.limit);
      if (filter.actor !== undefined) query = query.where('actor', '=', filter.actor);
      if (filter.entity !== undefined) query = query.where('entity', '=', filter.entity);
      if (filter.entityId !== undefined) query = query.where('entity_id', '=', filter.entityId);
      if (filter.beforeSeq !== undefined) query = query.where('seq', '<', filter.beforeSeq);
      return query.execute();
    },

    /** Every entry in order, a page at a time (the chain can be long). */
    async *walk(pageSize = 1000): AsyncGenerator<AuditRow> {
      let after = 0n;
      for (;;) {
        const page = await db
          .selectFrom('audit_log')
          .selectAll()
          .where('seq', '>', after)
          .orderBy('seq')
          .limit(pageSize)
          .execute();
        for (const row of page) yield row;
        if (page.length < pageSize) return;
        after = (page.at(-1) as AuditRow).seq;
      }
    },

    /** The highest seq ever handed out (a deleted last entry leaves it above the highest row). */
    async lastIssuedSeq(): Promise<bigint | null> {
      const result = await sql<{ last_value: string | bigint; is_called: boolean }>`
        select last_value, is_called from audit_log_seq_seq`.execute(db);
      const row = result.rows[0];
      return row?.is_called ? BigInt(row.last_value) : null;
    },
  };
}

export function approvalsRepo(db: Kysely<Database>) {
  return {
    async create(row: {
      id: string;
      action: string;
      entity: string;
      entity_id: string;
      change: unknown;
      requested_by: string;
      requested_at: Date;
    }): Promise<ApprovalRow> {
      return db
        .insertInto('approvals')
        .values({ ...row, change: JSON.stringify(row.change) })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async find(id: string): Promise<ApprovalRow | undefined> {
      return db.selectFrom('approvals').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async list(
      status: 'pending' | 'approved' | 'rejected' | undefined,
      limit: number,
    ): Promise<ApprovalRow[]> {
      let query = db.selectFrom('approvals').selectAll().orderBy('requested_at', 'desc').limit(limit);
      if (status) query = query.where('status', '=', status);
      return query.execute();
    },

    /** An approved change that could not be applied: rejected with why. */
    async fail(id: string, reason: string): Promise<ApprovalRow | undefined> {
      return db
        .updateTable('approvals')
        .set({ status: 'rejected', reason })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    /** Decides a pending approval once: undefined when it was no longer pending. */
    async decide(
      id: string,
      status: 'approved' | 'rejected',
      by: string,
      at: Date,
      reason: string | null,
    ): Promise<ApprovalRow | undefined> {
      return db
        .updateTable('approvals')
        .set({ status, decided_by: by, decided_at: at, reason })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
    },
  };
}

export type AuditRepo = ReturnType<typeof auditRepo>;
export type ApprovalsRepo = ReturnType<typeof approvalsRepo>;
