// Demo play's fun balances (one per demo session). Demo rounds live in demo_rounds, read through
// roundsRepo(db, 'demo_rounds') and written by rf_play_demo_round (ledger.repo.ts).
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

export function demoRepo(db: Kysely<Database>) {
  return {
    async balance(sessionId: string): Promise<bigint | undefined> {
      const row = await db
        .selectFrom('demo_balances')
        .select('balance')
        .where('session_id', '=', sessionId)
        .executeTakeFirst();
      return row?.balance;
    },

    /** Puts the session's fun balance back to `amount`. */
    async reset(sessionId: string, amount: bigint): Promise<void> {
      await db
        .insertInto('demo_balances')
        .values({ session_id: sessionId, balance: amount })
        .onConflict((oc) => oc.column('session_id').doUpdateSet({ balance: amount, updated_at: new Date() }))
        .execute();
    },
  };
}

export type DemoRepo = ReturnType<typeof demoRepo>;
