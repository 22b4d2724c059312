// The keys staging and production insist on (config.ts, Secrets), fresh for each call: a test that
// starts a strict node spreads them into its environment.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function strictSecrets(): Record<string, string> {
  const { privateKey } = generateKeyPairSync('ed25519');
  return {
    TOTP_KEY: randomBytes(32).toString('base64url'),
    AUDIT_CHAIN_KEY: randomBytes(32).toString('base64url'),
    AUDIT_SIGNING_KEY: privateKey.export({ format: 'pem', type: 'pkcs8' }) as string,
    AUDIT_CHECKPOINT_FILE: path.join(mkdtempSync(path.join(tmpdir(), 'rf-audit-')), 'checkpoints.jsonl'),
  };
}
