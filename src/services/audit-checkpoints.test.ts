// Signed checkpoints against a chain's hashes: every way a database writer could change what a line
// names (rewrite, truncate, forge a line) is refused; a torn last line is not evidence.
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkCheckpoints, checkpointSigner } from './audit-checkpoints.ts';

const { privateKey } = generateKeyPairSync('ed25519');
const signer = checkpointSigner(privateKey.export({ format: 'pem', type: 'pkcs8' }) as string);
const at = new Date(Date.UTC(2026, 10, 26));
const hashes = new Map<bigint, string>([1n, 2n, 3n, 4n].map((seq) => [seq, `${seq}`.repeat(64)]));
const hashAt = (chain: Map<bigint, string>) => (seq: bigint) => chain.get(seq);
const head = (chain: Map<bigint, string>) => {
  const last = [...chain.keys()].at(-1);
  return last === undefined ? null : { seq: String(last), hash: chain.get(last) as string };
};
const lines = (...seqs: bigint[]) =>
  `${seqs.map((seq) => JSON.stringify(signer.sign(String(seq), hashes.get(seq) as string, at))).join('\n')}\n`;

describe('checkpoints', () => {
  it('accept a chain that still holds every entry they name, with those hashes', () => {
    expect(checkCheckpoints(lines(1n, 2n, 4n), signer.publicKey, hashAt(hashes), head(hashes))).toEqual({
      ok: true,
      checkpoints: 3,
      lastSeq: '4',
    });
    expect(checkCheckpoints('', signer.publicKey, hashAt(hashes), head(hashes))).toMatchObject({ ok: true });
  });

  it('refuse a truncated chain (the last entries deleted, the sequence put back)', () => {
    const truncated = new Map([...hashes].filter(([seq]) => seq < 4n));
    expect(
      checkCheckpoints(lines(1n, 4n), signer.publicKey, hashAt(truncated), head(truncated)),
    ).toMatchObject({
      ok: false,
      line: 2,
      seq: '4',
      reason: expect.stringMatching(/truncated/),
    });
    expect(checkCheckpoints(lines(1n), signer.publicKey, hashAt(new Map()), null)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/chain is empty/),
    });
  });

  it('refuse a chain rewritten under any hashing (an entry no longer the one signed)', () => {
    const rewritten = new Map(hashes).set(2n, 'f'.repeat(64));
    expect(
      checkCheckpoints(lines(1n, 2n), signer.publicKey, hashAt(rewritten), head(rewritten)),
    ).toMatchObject({
      ok: false,
      line: 2,
      reason: expect.stringMatching(/rewritten/),
    });
  });

  it('refuse a line not signed by the key, or altered after signing', () => {
    const other = checkpointSigner(
      generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }) as string,
    );
    const forged = `${JSON.stringify(other.sign('4', hashes.get(4n) as string, at))}\n`;
    expect(checkCheckpoints(forged, signer.publicKey, hashAt(hashes), head(hashes))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/signature/),
    });
    const altered = lines(3n).replace('"seq":"3"', '"seq":"2"');
    expect(checkCheckpoints(altered, signer.publicKey, hashAt(hashes), head(hashes))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/signature/),
    });
    expect(checkCheckpoints('not json\n{}', signer.publicKey, hashAt(hashes), head(hashes)).ok).toBe(false);
  });

  it('pass over a torn last line (a node stopped mid-write)', () => {
    const torn = `${lines(1n, 2n)}{"seq":"3","ha`;
    expect(checkCheckpoints(torn, signer.publicKey, hashAt(hashes), head(hashes))).toMatchObject({
      ok: true,
      checkpoints: 2,
    });
  });
});
