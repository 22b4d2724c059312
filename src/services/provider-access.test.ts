import { describe, expect, it } from 'vitest';
import type { KeyHeaders } from '../domain/api-keys.ts';
import type { OperatorRow } from '../store/operators.repo.ts';
import { type AccessFacts, decideAccess, type OperatorAccess, type Principal } from './provider-access.ts';

const KEY = `rf_live_${'a'.repeat(33)}`;
const OTHER_KEY = `rf_live_${'b'.repeat(33)}`;
const MASTER_KEY = `rf_master_${'c'.repeat(33)}`;
const OPERATOR: Principal = { kind: 'operator', keyId: 'key_1', operatorId: 'op_1' };
const MASTER: Principal = { kind: 'master', keyId: 'key_m' };
const OFF: ReadonlySet<string> = new Set(['rf_switched_off']);

function operatorAccess(id: string, status = 'active'): OperatorAccess {
  const operator = { id, status, rtp_variant: 'standard' } as unknown as OperatorRow;
  return { operator, allowlist: new Set(['rf_ember_crown']) };
}
const OPERATORS = new Map([
  ['op_1', operatorAccess('op_1')],
  ['op_2', operatorAccess('op_2')],
  ['op_off', operatorAccess('op_off', 'inactive')],
]);
/** Every fact known: the key's principal given, the operators above, the switched-off list. */
const known = (principal: Principal | null): AccessFacts => ({
  principal,
  operator: (id) => OPERATORS.get(id) ?? null,
  off: OFF,
});
const decide = (headers: KeyHeaders, facts: AccessFacts, named: string[] = []) =>
  decideAccess({ headers, named }, facts);
const detailOf = (decision: ReturnType<typeof decideAccess>) =>
  decision.kind === 'refused' ? `${decision.error.code}: ${decision.error.detail}` : decision.kind;

describe('decideAccess: the key', () => {
  it('reads the key from each of the three header forms and asks for its principal', () => {
    for (const headers of [
      { 'x-provider-api-key': KEY },
      { 'x-api-key': KEY },
      { authorization: `Bearer ${KEY}` },
      { authorization: `bearer  ${KEY} ` },
    ]) {
      expect(decide(headers, {}), JSON.stringify(headers)).toEqual({
        kind: 'needs',
        need: { kind: 'key', apiKey: KEY },
      });
    }
  });

  it('takes the same key in several forms, and refuses two different ones (401)', () => {
    expect(
      decide({ 'x-provider-api-key': KEY, 'x-api-key': KEY, authorization: `Bearer ${KEY}` }, {}),
    ).toEqual({ kind: 'needs', need: { kind: 'key', apiKey: KEY } });
    for (const headers of [
      { 'x-provider-api-key': KEY, 'x-api-key': OTHER_KEY },
      { 'x-api-key': KEY, authorization: `Bearer ${OTHER_KEY}` },
      { 'x-api-key': [KEY, OTHER_KEY] },
    ]) {
      expect(detailOf(decide(headers, known(OPERATOR)))).toBe(
        'unauthorized: the request carries two different API keys',
      );
    }
  });

  it('refuses a missing key, a non-Bearer Authorization, and an empty key (401)', () => {
    expect(detailOf(decide({}, known(OPERATOR)))).toBe(
      'unauthorized: missing API key: send x-provider-api-key',
    );
    expect(detailOf(decide({ authorization: `Basic ${KEY}` }, known(OPERATOR)))).toBe(
      'unauthorized: the Authorization header must be "Bearer <API_KEY>"',
    );
    expect(detailOf(decide({ 'x-api-key': ' ' }, known(OPERATOR)))).toBe(
      'unauthorized: the Authorization header must be "Bearer <API_KEY>"',
    );
  });

  it('refuses an unknown or revoked key (401), whatever operator the request names', () => {
    expect(detailOf(decide({ 'x-api-key': KEY }, known(null), ['op_1']))).toBe(
      'unauthorized: invalid or revoked API key',
    );
  });
});

describe('decideAccess: the scope', () => {
  it('gives an operator key its own operator, named or not', () => {
    for (const named of [[], ['op_1'], ['op_1', 'op_1']]) {
      const decision = decide({ 'x-api-key': KEY }, known(OPERATOR), named);
      expect(decision).toMatchObject({
        kind: 'granted',
        principal: OPERATOR,
        operator: { id: 'op_1' },
        scope: { kind: 'operator', operatorId: 'op_1', rtpVariant: 'standard', off: OFF },
      });
    }
  });

  it('refuses an operator key another operator (403), even beside its own', () => {
    for (const named of [['op_2'], ['op_1', 'op_2']]) {
      expect(detailOf(decide({ 'x-api-key': KEY }, known(OPERATOR), named))).toBe(
        'forbidden: an operator key acts only for its own operator; do not send another operator_id',
      );
    }
  });

  it('gives a master key every operator when it names none, and the one it names', () => {
    expect(decide({ 'x-api-key': MASTER_KEY }, known(MASTER))).toEqual({
      kind: 'granted',
      principal: MASTER,
      operator: null,
      scope: { kind: 'all', off: OFF },
    });
    expect(decide({ 'x-api-key': MASTER_KEY }, known(MASTER), ['op_2', 'op_2'])).toMatchObject({
      kind: 'granted',
      operator: { id: 'op_2' },
      scope: { kind: 'operator', operatorId: 'op_2' },
    });
  });

  it('refuses a master key two different operators (400) and one that does not exist (403)', () => {
    expect(detailOf(decide({ 'x-api-key': MASTER_KEY }, known(MASTER), ['op_1', 'op_2']))).toBe(
      'invalid_request: operator_id and x-operator-id name different operators',
    );
    expect(detailOf(decide({ 'x-api-key': MASTER_KEY }, known(MASTER), ['op_none']))).toBe(
      'forbidden: operator op_none does not exist',
    );
  });

  it('refuses an inactive operator (403) to its own key and to a master key', () => {
    const ownKey: Principal = { kind: 'operator', keyId: 'key_2', operatorId: 'op_off' };
    expect(detailOf(decide({ 'x-api-key': KEY }, known(ownKey)))).toBe(
      'forbidden: operator op_off is inactive',
    );
    expect(detailOf(decide({ 'x-api-key': MASTER_KEY }, known(MASTER), ['op_off']))).toBe(
      'forbidden: operator op_off is inactive',
    );
  });

  it('refuses an operator key whose operator is gone (403)', () => {
    const gone: Principal = { kind: 'operator', keyId: 'key_3', operatorId: 'op_gone' };
    expect(detailOf(decide({ 'x-api-key': KEY }, known(gone)))).toBe(
      'forbidden: the key operator does not exist',
    );
  });
});

describe('decideAccess: the facts it asks for', () => {
  it('asks for the key, then the operator, then the switched-off games, one at a time', () => {
    const headers = { 'x-api-key': KEY };
    expect(decide(headers, {})).toEqual({ kind: 'needs', need: { kind: 'key', apiKey: KEY } });
    expect(decide(headers, { principal: OPERATOR })).toEqual({
      kind: 'needs',
      need: { kind: 'operator', operatorId: 'op_1' },
    });
    expect(decide(headers, { principal: OPERATOR, operator: (id) => OPERATORS.get(id) })).toEqual({
      kind: 'needs',
      need: { kind: 'switches' },
    });
    expect(decide({ 'x-api-key': MASTER_KEY }, { principal: MASTER })).toEqual({
      kind: 'needs',
      need: { kind: 'switches' },
    });
  });

  it('refuses without asking for what the refusal does not need', () => {
    expect(decide({ 'x-api-key': KEY }, { principal: OPERATOR }, ['op_2']).kind).toBe('refused');
    expect(
      decide({ 'x-api-key': MASTER_KEY }, { principal: MASTER, operator: () => null }, ['op_x']).kind,
    ).toBe('refused');
  });
});
