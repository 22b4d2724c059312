import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLUSTER_ID_PATTERN,
  clusterOfToken,
  homingOperator,
  looksLikeSessionToken,
  sessionToken,
} from './clusters.ts';

const random = 'AbCdEfGhIjKlMnOpQrStUvWx';

describe('session tokens name their cluster', () => {
  it("a control cluster's token has no prefix (every token made before clusters reads as the control's)", () => {
    expect(sessionToken('main', 'main', random)).toBe(`ses_${random}`);
    expect(clusterOfToken(`ses_${random}`, 'main')).toBe('main');
  });

  it("another cluster's token carries it, and reads back to it", () => {
    const token = sessionToken('east', 'main', random);
    expect(token).toBe(`ses_east_${random}`);
    expect(looksLikeSessionToken(token)).toBe(true);
    expect(clusterOfToken(token, 'main')).toBe('east');
  });

  it('reads back whatever cluster and random part a token was made with', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(CLUSTER_ID_PATTERN),
        fc.stringMatching(CLUSTER_ID_PATTERN),
        fc.stringMatching(/^[A-Za-z0-9]{16,64}$/),
        (cluster, control, part) => {
          const token = sessionToken(cluster, control, part);
          expect(looksLikeSessionToken(token)).toBe(true);
          expect(clusterOfToken(token, control)).toBe(cluster);
        },
      ),
    );
  });

  it('refuses what is not a token: no cluster is read from it', () => {
    for (const text of [
      '',
      'ses_',
      'ses_short',
      `ses_East_${random}`,
      `ses_east__${random}`,
      `ses_1east_${random}`,
      `ses_east_${random}!`,
      `sess_${random}`,
      `ses_averyveryverylongname_${random}`,
    ]) {
      expect(looksLikeSessionToken(text), text).toBe(false);
      expect(clusterOfToken(text, 'main'), text).toBeUndefined();
    }
  });
});

describe('the operator that homes a new pool or campaign', () => {
  it('is its owner, else its first member, as a pool or a campaign names them', () => {
    expect(homingOperator({ owner_operator_id: 'op_a', members: [{ operator_id: 'op_b' }] })).toBe('op_a');
    expect(homingOperator({ members: [{ operator_id: 'op_b' }, { operator_id: 'op_c' }] })).toBe('op_b');
    expect(homingOperator({ operator_id: 'op_d' })).toBe('op_d');
    expect(homingOperator({ scope: 'network', operators: ['op_e', 'op_f'] })).toBe('op_e');
  });

  it('is none for a body that names no operator (the control cluster refuses it, naming the field)', () => {
    for (const body of [null, 'x', 7, {}, { members: [] }, { members: ['op_a'] }, { operators: [3] }])
      expect(homingOperator(body)).toBeUndefined();
    expect(homingOperator({ owner_operator_id: '', operators: ['op_g'] })).toBe('op_g');
  });
});
