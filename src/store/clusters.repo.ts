// The control cluster's operator → cluster map (migration 030, issue 30 part 3).
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** Where an operator plays, as the control cluster's map says (no row: the control cluster). */
export interface Placement {
  cluster: string;
  /** While `reelforge operator move` runs: launches and new rounds refused, what is open finishes. */
  readOnly: boolean;
}

export interface PlacementRow extends Placement {
  operatorId: string;
  changedAt: Date;
}

export function clustersRepo(db: Kysely<Database>) {
  return {
    /** Every operator placed off the control cluster or read-only; the rest play on the control cluster. */
    async all(): Promise<PlacementRow[]> {
      const rows = await db.selectFrom('operator_clusters').selectAll().orderBy('operator_id').execute();
      return rows.map((row) => ({
        operatorId: row.operator_id,
        cluster: row.cluster_id,
        readOnly: row.state === 'read_only',
        changedAt: row.changed_at,
      }));
    },

    /** Places `operatorId` on `cluster`, read-only or not (the row is made on first use). */
    async place(operatorId: string, placement: Placement): Promise<void> {
      const state = placement.readOnly ? 'read_only' : 'active';
      await db
        .insertInto('operator_clusters')
        .values({ operator_id: operatorId, cluster_id: placement.cluster, state })
        .onConflict((oc) =>
          oc
            .column('operator_id')
            .doUpdateSet({ cluster_id: placement.cluster, state, changed_at: new Date() }),
        )
        .execute();
    },
  };
}
