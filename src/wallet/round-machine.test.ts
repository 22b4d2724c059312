import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  type CallAnswer,
  type CallType,
  callOf,
  RECOVERY,
  type RoundStage,
  TRANSITIONS,
  transition,
  transitionTableMarkdown,
} from './round-machine.ts';

const CALLS: CallType[] = ['debit', 'credit', 'rollback', 'jackpot'];
const ANSWERS: CallAnswer[] = ['acknowledged', 'rejected', 'failed'];
const STAGES: RoundStage[] = ['debit', 'credit', 'rollback', 'settled', 'cancelled'];

describe('the callback round table', () => {
  it('has exactly one move for every answer to every call', () => {
    for (const call of CALLS) {
      for (const answer of ANSWERS) {
        expect(TRANSITIONS.filter((row) => row.from === call && row.on === answer)).toHaveLength(1);
        expect(transition(call, answer).from).toBe(call);
      }
    }
    expect(TRANSITIONS).toHaveLength(CALLS.length * ANSWERS.length);
  });

  it('settles only on an acknowledged credit and cancels only on a rejected debit or an acknowledged rollback', () => {
    const into = (stage: RoundStage) =>
      TRANSITIONS.filter((row) => row.to === stage).map((row) => `${row.from}:${row.on}`);
    expect(into('settled')).toEqual(['credit:acknowledged']);
    expect(into('cancelled').sort()).toEqual(['debit:rejected', 'rollback:acknowledged']);
  });

  it('names as the next call the stage it moves to, and ends with none', () => {
    for (const row of TRANSITIONS) {
      if (row.to === 'settled' || row.to === 'cancelled' || row.to === 'paid') expect(row.next).toBeNull();
      else expect(row.next).toBe(row.to);
    }
  });

  it('makes durable exactly the records recovery could not re-drive from the opening: a failed or rejected debit', () => {
    const durable = TRANSITIONS.filter((row) => row.durable).map((row) => `${row.from}:${row.on}`);
    expect(durable.sort()).toEqual(['debit:failed', 'debit:rejected']);
  });

  it('knows what recovery does in every stage, and never sends a debit again unless the database restarted', () => {
    for (const stage of STAGES) expect(RECOVERY[stage]).toBeDefined();
    expect(RECOVERY.debit).toMatchObject({ leaseExpired: 'abandon', storeRestarted: 'resend' });
    for (const stage of ['credit', 'rollback', 'jackpot'] as const) {
      expect(RECOVERY[stage]).toMatchObject({ leaseExpired: 'resend', storeRestarted: 'resend' });
    }
    for (const stage of ['settled', 'cancelled'] as const) {
      expect(RECOVERY[stage]).toMatchObject({ leaseExpired: 'none', storeRestarted: 'none' });
    }
  });

  it('pays a jackpot win by a call of its own that never moves the round, and reads a jackpot_win credit as that call', () => {
    expect(
      TRANSITIONS.filter((row) => row.from === 'jackpot')
        .map((row) => row.to)
        .sort(),
    ).toEqual(['jackpot', 'jackpot', 'paid']);
    expect(callOf({ type: 'credit', action_type: 'jackpot_win' })).toBe('jackpot');
    expect(callOf({ type: 'credit', action_type: 'spin' })).toBe('credit');
    expect(callOf({ type: 'rollback', action_type: 'rollback' })).toBe('rollback');
  });

  it('is the table docs/architecture.md shows', () => {
    const doc = readFileSync(new URL('../../docs/architecture.md', import.meta.url), 'utf8');
    expect(doc).toContain(transitionTableMarkdown());
  });
});
