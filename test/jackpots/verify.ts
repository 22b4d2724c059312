// Checks a pool the way anyone outside would: from its public JSON record alone, every page of the
// ledger fetched and run through the published check (src/domain/jackpot-audit.ts).
import { checkPool, type PoolCheck, type PublishedEntry } from '../../src/domain/jackpot-audit.ts';
import type { TestServer } from '../helpers/server.ts';

async function page(server: TestServer, poolId: string, after: string) {
  const response = await server.request(`/api/public/v1/jackpots/${poolId}?after=${after}`);
  if (response.status !== 200) throw new Error(`public record answered ${response.status}`);
  return (await response.json()) as any;
}

export async function verifyPool(
  server: TestServer,
  poolId: string,
): Promise<PoolCheck & { pending: number }> {
  // Every entry sealed first (the node's own sealer may hold the pool this moment, and the record is
  // cached for a second), so that the meters are compared with the ledger too.
  let first = await page(server, poolId, '0');
  for (let tries = 0; first.pending !== 0; tries++) {
    if (tries > 100) throw new Error('pending entries were never sealed');
    await server.services.jackpots.sealOnce();
    await new Promise((resolve) => setTimeout(resolve, 100));
    first = await page(server, poolId, '0');
  }
  const entries: PublishedEntry[] = [...first.ledger];
  let record = first;
  while (record.next_after !== null) {
    record = await page(server, poolId, record.next_after);
    entries.push(...record.ledger);
  }
  const check = checkPool(poolId, entries, first.blocks, first.tiers, first.pending);
  // The server's own verdict must be the same as the outsider's.
  if (first.check === null || JSON.stringify(check.problems) !== JSON.stringify(first.check.problems)) {
    throw new Error(`the server's check differs: ${JSON.stringify(first.check.problems)}`);
  }
  // What only the server knows must not be in the record: the salts of every tier's drop point not
  // yet fallen (its current cycle's and the next one's drawn ahead). A leaked salt and commitment
  // give anyone the point.
  const { rows } = await server.store.pool.query<{ current: string | null; next: string | null }>(
    'select drop_salt as current, next_drop_salt as next from jackpot_tiers where pool_id = $1',
    [poolId],
  );
  const secrets = rows.flatMap((row) => [row.current, row.next]).filter((salt): salt is string => !!salt);
  const leaked = secrets.filter((salt) => entries.some((entry) => String(entry.body).includes(salt)));
  return {
    ...check,
    problems: [
      ...check.problems,
      ...leaked.map((salt) => `a drop point not yet fallen is public (salt ${salt})`),
    ],
    pending: first.pending,
  };
}
