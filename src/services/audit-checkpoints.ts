// Signed checkpoints of the audit chain, kept outside the database: after each entry the node appends
// one line `{"seq","hash","at","sig"}` to AUDIT_CHECKPOINT_FILE, signed with AUDIT_SIGNING_KEY
// (Ed25519). A database writer can neither forge a line nor take an entry back that a line names, so
// `audit verify` catches a rewritten chain and a truncated one. The file is append-only by use; an
// auditor copies it off the machine (or ships it to a write-once log) as often as they like.
import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';

export interface Checkpoint {
  seq: string;
  hash: string;
  at: string;
  /** Base64 Ed25519 signature of checkpointPayload(seq, hash, at). */
  sig: string;
}

export const checkpointPayload = (seq: string, hash: string, at: string) =>
  Buffer.from(`reelforge-audit-checkpoint/v1\n${seq}\n${hash}\n${at}`, 'utf8');

export interface CheckpointSigner {
  sign(seq: string, hash: string, at: Date): Checkpoint;
  publicKey: KeyObject;
}

export function checkpointSigner(privatePem: string): CheckpointSigner {
  const key = createPrivateKey(privatePem);
  return {
    sign(seq, hash, at) {
      const when = at.toISOString();
      return {
        seq,
        hash,
        at: when,
        sig: sign(null, checkpointPayload(seq, hash, when), key).toString('base64'),
      };
    },
    publicKey: createPublicKey(key),
  };
}

/** What a checkpoint file says about a chain (head: its last entry, by seq and hash). */
export type CheckpointCheck =
  | { ok: true; checkpoints: number; lastSeq: string | null }
  | { ok: false; line: number; seq: string; reason: string };

/**
 * Every line must be signed by `publicKey` and name an entry the chain still has, with that hash.
 * `hashAt(seq)` is the chain's hash of entry `seq` (undefined when it has none).
 */
export function checkCheckpoints(
  text: string,
  publicKey: KeyObject,
  hashAt: (seq: bigint) => string | undefined,
  head: { seq: string; hash: string } | null,
): CheckpointCheck {
  let count = 0;
  let last: bigint | null = null;
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    const number = index + 1;
    let point: Checkpoint;
    try {
      point = JSON.parse(line) as Checkpoint;
    } catch {
      // A torn last line (the node stopped mid-write) is not evidence of anything.
      if (index === lines.length - 1) continue;
      return { ok: false, line: number, seq: '?', reason: 'the line is not a checkpoint' };
    }
    const seq = typeof point.seq === 'string' && /^\d+$/.test(point.seq) ? BigInt(point.seq) : null;
    if (
      seq === null ||
      typeof point.hash !== 'string' ||
      typeof point.at !== 'string' ||
      typeof point.sig !== 'string' ||
      !verify(
        null,
        checkpointPayload(point.seq, point.hash, point.at),
        publicKey,
        Buffer.from(point.sig, 'base64'),
      )
    )
      return {
        ok: false,
        line: number,
        seq: String(point.seq),
        reason: 'its signature does not verify (forged or damaged)',
      };
    count++;
    if (last === null || seq > last) last = seq;
    const hash = hashAt(seq);
    if (hash === undefined)
      return {
        ok: false,
        line: number,
        seq: point.seq,
        reason: `the chain ${head ? `ends at entry ${head.seq}` : 'is empty'}: entry ${point.seq} and any after it were removed (truncated)`,
      };
    if (hash !== point.hash)
      return {
        ok: false,
        line: number,
        seq: point.seq,
        reason: `entry ${point.seq} is not the entry signed then (rewritten)`,
      };
  }
  return { ok: true, checkpoints: count, lastSeq: last === null ? null : String(last) };
}

export interface CheckpointFile {
  path: string;
  append(point: Checkpoint): void;
  /** The file's text; undefined when it does not exist. */
  read(): string | undefined;
}

export function checkpointFile(path: string): CheckpointFile {
  return {
    path,
    append(point) {
      appendFileSync(path, `${JSON.stringify(point)}\n`, { encoding: 'utf8', flag: 'a', mode: 0o640 });
    },
    read: () => (existsSync(path) ? readFileSync(path, 'utf8') : undefined),
  };
}
