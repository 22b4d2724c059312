// docs/wallet-integration.md must name every field and every action_type a callback can carry: a
// wallet written to the page alone would otherwise refuse what it was never told about (free-round
// credits were). The lists come from the code that builds bodies and from the OpenAPI schema.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WALLET_ACTION_TYPES } from '../../src/domain/wallet-actions.ts';
import { WalletCallbackRequest } from '../../src/http/schemas.ts';
import type { CallbackType } from '../../src/wallet/protocol.ts';
import { callbackBody } from '../../src/wallet/settlement.ts';

const guide = readFileSync(path.resolve(import.meta.dirname, '../../docs/wallet-integration.md'), 'utf8');
/** The rows of the guide's table that follows `marker`: the first cell of each, without backticks. */
function tableAfter(marker: string): string[] {
  const from = guide.indexOf(marker);
  expect(from, `the guide has the ${marker} table`).toBeGreaterThan(-1);
  const lines = guide.slice(from).split('\n');
  const start = lines.findIndex((line) => line.startsWith('|'));
  const rows: string[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push((line.split('|')[1] ?? '').trim().replace(/`/g, ''));
  }
  return rows;
}

/** Every field the code puts in a body: each call type with every optional part present. */
function fieldsTheCodeSends(): Set<string> {
  const fields = new Set<string>();
  for (const type of ['balance', 'debit', 'credit', 'rollback'] satisfies CallbackType[]) {
    const body = callbackBody(
      {
        round_id: 'rnd_1',
        operator_id: 'op_1',
        player_id: 'p-1',
        game_symbol: 'rf_ember_crown',
        currency: 'EUR',
      },
      type,
      {
        id: 'tx_1',
        actionType: type === 'rollback' ? 'rollback' : 'spin',
        amount: 100n,
        sessionToken: 'ses_1',
        original: type === 'rollback' ? 'tx_0' : undefined,
        extras: {
          detailsUrl: 'https://rgs.example/round-details/rnd_1',
          freeRound: { campaign_id: 'c-1', grant_id: 'frg_1' },
          jackpot: { jackpot_id: 'jp_1', jackpot_tier: 'grand' },
        },
      },
    );
    for (const key of Object.keys(JSON.parse(body))) fields.add(key);
  }
  return fields;
}

describe('docs/wallet-integration.md names everything a callback can carry', () => {
  const documented = tableAfter('<!-- wallet-callback-fields');
  const schemaFields = Object.keys(WalletCallbackRequest.properties);

  it('every field the code sends is in the OpenAPI schema and in the guide', () => {
    const sent = [...fieldsTheCodeSends()];
    expect(sent.length).toBeGreaterThan(10);
    for (const field of sent) {
      expect(schemaFields, `${field} in WalletCallbackRequest`).toContain(field);
      expect(documented, `${field} in the guide's field table`).toContain(field);
    }
  });

  it('every field of the OpenAPI schema is in the guide, and the guide invents none', () => {
    expect([...documented].sort()).toEqual([...schemaFields].sort());
  });

  it('every action_type the code can send is in the guide and the schema, and nothing else', () => {
    expect([...tableAfter('<!-- wallet-action-types')].sort()).toEqual([...WALLET_ACTION_TYPES].sort());
    const schema = WalletCallbackRequest.properties.action_type as unknown as {
      anyOf: Array<{ const: string }>;
    };
    expect(schema.anyOf.map((literal) => literal.const).sort()).toEqual([...WALLET_ACTION_TYPES].sort());
  });
});
