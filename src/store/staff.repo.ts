// Staff accounts and their sign-in sessions (migration 012).
import type { Kysely, Selectable } from 'kysely';
import type { Database, StaffAccountsTable, StaffRole, StaffSessionsTable } from './schema.ts';

export type StaffRow = Selectable<StaffAccountsTable>;
export type StaffSessionRow = Selectable<StaffSessionsTable>;

export function staffRepo(db: Kysely<Database>) {
  return {
    async create(row: {
      id: string;
      email: string;
      role: StaffRole;
      password_hash: string;
      disabled?: boolean;
      admin_since?: Date | null;
      admin_granted_by?: string | null;
    }): Promise<StaffRow | undefined> {
      return db
        .insertInto('staff_accounts')
        .values(row)
        .onConflict((oc) => oc.expression(db.fn('lower', ['email'])).doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    async find(id: string): Promise<StaffRow | undefined> {
      return db.selectFrom('staff_accounts').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findByEmail(email: string): Promise<StaffRow | undefined> {
      return db
        .selectFrom('staff_accounts')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .executeTakeFirst();
    },

    async list(): Promise<StaffRow[]> {
      return db.selectFrom('staff_accounts').selectAll().orderBy('created_at').orderBy('id').execute();
    },

    async countActiveAdmins(): Promise<number> {
      const row = await db
        .selectFrom('staff_accounts')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('role', '=', 'admin')
        .where('disabled', '=', false)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async update(
      id: string,
      fields: Partial<Omit<StaffRow, 'id' | 'created_at' | 'updated_at'>>,
      now: Date,
    ): Promise<StaffRow | undefined> {
      return db
        .updateTable('staff_accounts')
        .set({ ...fields, updated_at: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * One more failed sign-in: the count restarts when the first failure is older than `window`;
     * at `limit` failures the account is locked until now + `lockFor`.
     */
    async recordFailure(
      id: string,
      now: Date,
      windowMs: number,
      limit: number,
      lockForMs: number,
    ): Promise<StaffRow | undefined> {
      const windowStart = new Date(now.getTime() - windowMs);
      const lockedUntil = new Date(now.getTime() + lockForMs);
      return db
        .updateTable('staff_accounts')
        .set((eb) => ({
          failed_attempts: eb
            .case()
            .when('first_failed_at', 'is', null)
            .then(1)
            .when('first_failed_at', '<', windowStart)
            .then(1)
            .else(eb('failed_attempts', '+', 1))
            .end(),
          first_failed_at: eb
            .case()
            .when('first_failed_at', 'is', null)
            .then(now)
            .when('first_failed_at', '<', windowStart)
            .then(now)
            .else(eb.ref('first_failed_at'))
            .end(),
        }))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst()
        .then(async (row) => {
          if (!row || row.failed_attempts < limit) return row;
          return db
            .updateTable('staff_accounts')
            .set({ locked_until: lockedUntil, failed_attempts: 0, first_failed_at: null })
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirst();
        });
    },

    async clearFailures(id: string): Promise<void> {
      await db
        .updateTable('staff_accounts')
        .set({ failed_attempts: 0, first_failed_at: null, locked_until: null })
        .where('id', '=', id)
        .execute();
    },

    /** Replaces the sealed TOTP secrets of an account if they are still `expected` (a concurrent change wins). */
    async replaceTotpSecrets(
      id: string,
      expected: { totp_secret: string | null; totp_pending_secret: string | null },
      fields: { totp_secret?: string; totp_pending_secret?: string },
    ): Promise<boolean> {
      const row = await db
        .updateTable('staff_accounts')
        .set(fields)
        .where('id', '=', id)
        .where('totp_secret', 'is not distinct from', expected.totp_secret)
        .where('totp_pending_secret', 'is not distinct from', expected.totp_pending_secret)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Takes a TOTP time step once: false when this step (or a later one) was already used. */
    async takeTotpStep(id: string, step: number): Promise<boolean> {
      const row = await db
        .updateTable('staff_accounts')
        .set({ totp_last_step: step })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', BigInt(step))]))
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async createSession(row: {
      id: string;
      staff_id: string;
      token_hash: Buffer;
      csrf_token: string;
      created_at: Date;
      last_seen_at: Date;
      expires_at: Date;
    }): Promise<void> {
      await db.insertInto('staff_sessions').values(row).execute();
    },

    async findSession(tokenHash: Buffer): Promise<StaffSessionRow | undefined> {
      return db
        .selectFrom('staff_sessions')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    async touchSession(id: string, at: Date): Promise<void> {
      await db.updateTable('staff_sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
    },

    async revokeSession(id: string, at: Date): Promise<void> {
      await db
        .updateTable('staff_sessions')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Ends every session of a staff member (disabled, password reset), but `except`. */
    async revokeSessionsOf(staffId: string, at: Date, except?: string): Promise<void> {
      let query = db
        .updateTable('staff_sessions')
        .set({ revoked_at: at })
        .where('staff_id', '=', staffId)
        .where('revoked_at', 'is', null);
      if (except) query = query.where('id', '!=', except);
      await query.execute();
    },
  };
}

export type StaffRepo = ReturnType<typeof staffRepo>;
