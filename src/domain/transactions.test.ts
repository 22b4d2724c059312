import { describe, expect, it } from 'vitest';
import { STAFF_ROLES } from './staff.ts';
import { type TransactionView, transactionViewFor } from './transactions.ts';

const view = {
  id: 'tx_1',
  request_body: { amount: '1.00' },
  attempt_log: [
    { request_id: 'att_1', http_status: 200, error: null, response_body: '{"internal":"secret"}' },
  ],
} as unknown as TransactionView;

describe('what each staff role reads of a wallet answer', () => {
  it.each(STAFF_ROLES)('%s', (role) => {
    const seen = transactionViewFor({ kind: 'staff', staffId: 'stf_1', email: 'a@b.example', role }, view);
    const body = seen.attempt_log[0]?.response_body;
    // Only roles that handle wallet incidents read the answer; the status and error stay for everyone.
    if (role === 'admin' || role === 'support') expect(body).toBe('{"internal":"secret"}');
    else expect(body).toBeNull();
    expect(seen.attempt_log[0]).toMatchObject({ request_id: 'att_1', http_status: 200 });
  });

  it('the ADMIN_TOKEN and the command line act as admin', () => {
    for (const actor of [{ kind: 'token' as const }, { kind: 'cli' as const, user: 'ops' }])
      expect(transactionViewFor(actor, view).attempt_log[0]?.response_body).toBe('{"internal":"secret"}');
  });
});
