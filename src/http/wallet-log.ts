// One log line per wallet attempt: who, what, how it ended and how long it took. Acknowledged calls
// at info; refusals, failures and timeouts at warn, as plain fields (no stack trace: an operator's
// wallet saying no is not a fault of ours). Never the session token, the body or the signature.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services/index.ts';

export function logWalletAttempts(app: FastifyInstance, services: Pick<Services, 'walletAttempts'>): void {
  const log = app.log.child({ component: 'wallet' });
  services.walletAttempts.listen((event) => {
    const line = {
      operator_id: event.operatorId,
      type: event.type,
      transaction_id: event.transactionId,
      request_id: event.requestId,
      http_status: event.httpStatus,
      latency_ms: event.latencyMs,
      outcome: event.timedOut ? 'timeout' : event.outcome,
      ...(event.error === null ? {} : { error: event.error }),
    };
    if (event.outcome === 'acknowledged') log.info(line, 'wallet call acknowledged');
    else if (event.timedOut) log.warn(line, 'wallet call timed out');
    else if (event.outcome === 'rejected') log.warn(line, 'wallet call refused');
    else log.warn(line, 'wallet call failed');
  });
}
