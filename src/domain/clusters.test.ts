import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLUSTER_ID_PATTERN, clusterOfToken, looksLikeSessionToken, sessionToken } from './clusters.ts';

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
