// The public OpenAPI 3.1 document: every public route, the contract's schemas, and the four
// wallet callbacks Reelforge sends to the operator as webhooks. Admin routes are internal.

type Document = Record<string, unknown> & { paths?: Record<string, unknown>; tags?: Array<{ name: string }> };

const CALLBACK_HEADERS = [
  {
    name: 'x-rf-request-id',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description: 'New for every attempt; equals the body request_id.',
  },
  {
    name: 'x-rf-timestamp',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description: 'Unix time in seconds.',
  },
  {
    name: 'x-rf-signature',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description:
      'Lower-case hex HMAC-SHA256 with the wallet_secret over "<x-rf-timestamp>.<exact raw body>".',
  },
];

function walletWebhook(type: 'balance' | 'debit' | 'credit' | 'rollback') {
  return {
    post: {
      summary: `Wallet ${type} callback (operator-hosted: {wallet_base_url}/${type})`,
      description:
        type === 'rollback'
          ? 'Reverses the transaction named by original_transaction_id. Also sent, best effort, when a debit succeeded and a later settlement step failed.'
          : 'transaction_id is the idempotency key: a repeat after success must return the original result.',
      tags: ['wallet callbacks'],
      parameters: CALLBACK_HEADERS,
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/WalletCallbackRequest' } } },
      },
      responses: {
        200: {
          description: 'Accepted: the new balance.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/WalletSuccessResponse' } } },
        },
        400: {
          description: 'Rejected, e.g. insufficient_funds.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/WalletErrorResponse' } } },
        },
        401: {
          description: 'invalid_signature (or a stale timestamp).',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/WalletErrorResponse' } } },
        },
      },
    },
  };
}

/** Documented here rather than validated per route: header validation copies every request's headers. */
const OPERATOR_HEADER = {
  name: 'x-operator-id',
  in: 'header',
  required: false,
  schema: { type: 'string' },
  description:
    'Provider master keys only: the operator to act for (as operator_id). Operator keys must not name another operator.',
};
const OPERATOR_SCOPED = [
  '/api/provider/v1/games',
  '/api/provider/v1/games/{symbol}',
  '/api/provider/v1/launch-url',
  '/api/provider/v1/free-rounds/campaigns',
  '/api/provider/v1/free-rounds/campaigns/{campaign_id}',
  '/api/provider/v1/free-rounds/campaigns/{campaign_id}/players',
  '/api/provider/v1/free-rounds/campaigns/{campaign_id}/cancel',
  '/api/provider/v1/free-rounds/grants',
  '/api/provider/v1/rounds',
  '/api/provider/v1/rounds/{round_id}',
  '/api/provider/v1/transactions/{transaction_id}/round',
  '/api/provider/v1/reports/transactions',
  '/api/provider/v1/reports/summary',
  '/api/provider/v1/campaigns',
  '/api/provider/v1/campaigns/{campaign_id}/opt-in',
  '/api/provider/v1/campaigns/{campaign_id}/opt-out',
  '/api/provider/v1/campaigns/{campaign_id}/standings',
  '/api/provider/v1/campaigns/prizes',
  '/api/provider/v1/campaigns/prizes/{prize_id}/receipt',
];

/** The contract this document extends; every later version only adds. */
export const CONTRACT_VERSION = '1.1.0';
const ADDED_IN = /\b(?:Added in|Since) (\d+)\.(\d+)\.(\d+)/g;

/** The newest version any part of the document says it was added in (the contract's when none). */
export function documentVersion(doc: unknown): string {
  let newest = CONTRACT_VERSION.split('.').map(Number);
  for (const match of JSON.stringify(doc).matchAll(ADDED_IN)) {
    const version = [Number(match[1]), Number(match[2]), Number(match[3])];
    const newer = version.findIndex((part, i) => part !== newest[i]);
    if (newer >= 0 && (version[newer] as number) > (newest[newer] as number)) newest = version;
  }
  return newest.join('.');
}

/**
 * The document operators read: internal admin routes removed, wallet callbacks added, and its
 * version the newest addition it describes (a superset of 1.1.0).
 */
export function publicDocument(full: Record<string, unknown>): Document {
  const doc = structuredClone(full) as Document;
  doc.paths = Object.fromEntries(
    Object.entries(doc.paths ?? {}).filter(([path]) => !path.startsWith('/api/admin/')),
  );
  for (const path of OPERATOR_SCOPED) {
    const item = doc.paths[path] as Record<string, { parameters?: unknown[] }> | undefined;
    for (const operation of Object.values(item ?? {})) {
      operation.parameters = [...(operation.parameters ?? []), OPERATOR_HEADER];
    }
  }
  doc.tags = [...(doc.tags ?? []).filter((tag) => tag.name !== 'admin'), { name: 'wallet callbacks' }];
  const schemes = (doc.components as { securitySchemes?: Record<string, unknown> } | undefined)
    ?.securitySchemes;
  if (schemes) delete schemes.adminToken;
  doc.webhooks = {
    walletBalance: walletWebhook('balance'),
    walletDebit: walletWebhook('debit'),
    walletCredit: walletWebhook('credit'),
    walletRollback: walletWebhook('rollback'),
  };
  const info = (doc.info ?? {}) as Record<string, unknown>;
  doc.info = { ...info, version: documentVersion(doc) };
  return doc;
}
