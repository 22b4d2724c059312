// Checks a pool the way anyone outside would: from its public JSON record alone, every page of the
// ledger fetched and run through the published check (src/domain/jackpot-audit.ts).
import { checkPool, type PoolCheck, type PublishedEntry } from '../../src/domain/jackpot-audit.ts';
import type { TestServer } from '../helpers/server.ts';

export async function verifyPool(
  server: TestServer,
  poolId: string,
): Promise<PoolCheck & { pending: number }> {
  const entries: PublishedEntry[] = [];
  let after = '0';
  let record: any;
  for (;;) {
    const response = await server.request(`/api/public/v1/jackpots/${poolId}?after=${after}`);
    if (response.status !== 200) throw new Error(`public record answered ${response.status}`);
    record = await response.json();
    entries.push(...record.ledger);
    if (record.next_after === null) break;
    after = record.next_after;
  }
  const check = checkPool(poolId, entries, record.blocks, record.tiers, record.pending);
  // The server's own verdict must be the same as the outsider's.
  if (JSON.stringify(check.problems) !== JSON.stringify(record.check.problems)) {
    throw new Error(`the server's check differs: ${JSON.stringify(record.check.problems)}`);
  }
  if (record.pending !== 0) throw new Error('entries were pending when the record was read');
  return { ...check, pending: record.pending };
}
