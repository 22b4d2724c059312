// Uploaded artwork lives in PostgreSQL so that any node can serve it.
import type { Kysely, Selectable } from 'kysely';
import type { Database, GameThumbnailsTable } from './schema.ts';

export type ThumbnailRow = Selectable<GameThumbnailsTable>;

export function thumbnailsRepo(db: Kysely<Database>) {
  return {
    async find(symbol: string): Promise<ThumbnailRow | undefined> {
      return db
        .selectFrom('game_thumbnails')
        .selectAll()
        .where('game_symbol', '=', symbol)
        .executeTakeFirst();
    },

    async symbols(): Promise<string[]> {
      const rows = await db.selectFrom('game_thumbnails').select('game_symbol').execute();
      return rows.map((row) => row.game_symbol);
    },

    async put(row: Omit<ThumbnailRow, 'updated_at'>): Promise<void> {
      await db
        .insertInto('game_thumbnails')
        .values(row)
        .onConflict((oc) =>
          oc.column('game_symbol').doUpdateSet((eb) => ({
            content_type: eb.ref('excluded.content_type'),
            body: eb.ref('excluded.body'),
            etag: eb.ref('excluded.etag'),
            width: eb.ref('excluded.width'),
            height: eb.ref('excluded.height'),
            updated_at: new Date(),
          })),
        )
        .execute();
    },

    async remove(symbol: string): Promise<boolean> {
      const result = await db
        .deleteFrom('game_thumbnails')
        .where('game_symbol', '=', symbol)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

export type ThumbnailsRepo = ReturnType<typeof thumbnailsRepo>;
