// Which rows a cluster holds, by id (issue 30, part 3): a jackpot pool's, a campaign's or a campaign
// prize's pages name only its id, so a node on several clusters asks each which one holds it.
import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.ts';

/** What a node looks up by id on each cluster: a jackpot pool, a campaign, a campaign prize. */
export type HeldKind = 'pool' | 'campaign' | 'prize';

const TABLES: Record<HeldKind, string> = {
  pool: 'jackpot_pools',
  campaign: 'campaigns',
  prize: 'campaign_prizes',
};

export function holdingsRepo(db: Kysely<Database>) {
  return {
    async holds(kind: HeldKind, id: string): Promise<boolean> {
      const { rows } = await sql<{ held: boolean }>`
        select exists (select 1 from ${sql.table(TABLES[kind])} where id = ${id}) as held`.execute(db);
      return rows[0]?.held === true;
    },
  };
}
