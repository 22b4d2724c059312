// Replay under the certificate a round was played under: the same model re-derives the same
// outcome; any other model (an edited weight, the other RTP variant) is refused with
// replay_model_mismatch naming both hashes, never answered with another outcome.
import { describe, expect, it } from 'vitest';
import type { GameModel } from '../engine/model.ts';
import { outcomeToJson } from '../engine/outcome.ts';
import { createSeededRng } from '../engine/rng.ts';
import type { GameState } from '../engine/round.ts';
import { initialState, spin } from '../engine/spin.ts';
import { certificationOf, checkReplayModel } from './certificates.ts';
import { allGames } from './index.ts';
import { certificateHashOf, replayCertified, replayStoredRound, type StoredRound } from './replay.ts';

const bet = { coin: 10n, betLevel: 1, mode: 'base' as const };

/** `count` rounds played in sequence (features carry their state), as the store keeps them. */
function playRounds(slug: string, model: GameModel, seed: number, count: number) {
  const rng = createSeededRng(seed, 0);
  let state: GameState = initialState(model);
  const rounds: Array<{ stored: StoredRound; outcome: ReturnType<typeof outcomeToJson> }> = [];
  for (let i = 0; i < count; i++) {
    const { outcome, nextState } = spin(model, state, bet, rng);
    rounds.push({
      stored: {
        gameSymbol: slug,
        variant: model.variant,
        bet: outcome.bet,
        stateBefore: state,
        draws: outcome.draws,
        certificateHash: certificateHashOf(model),
      },
      outcome: outcomeToJson(outcome),
    });
    state = nextState;
  }
  return rounds;
}

/** The model with its first base reel-set weight one higher: the edit that made a game pay 115%. */
function withOneWeightChanged(model: GameModel): GameModel {
  const edited = structuredClone(model) as GameModel & {
    modes: { base: { reelSets: { weights: number[] } } };
  };
  edited.modes.base.reelSets.weights[0] = (edited.modes.base.reelSets.weights[0] as number) + 1;
  return edited;
}

const games = allGames().map((game) => [game.slug, game] as const);

describe.each(games)('%s', (_slug, game) => {
  const variantIds = Object.keys(game.variants);

  it('has two RTP variants, each certified under its own hash', () => {
    expect(variantIds.length).toBeGreaterThanOrEqual(2);
    const hashes = variantIds.map((id) => certificateHashOf(game.variants[id] as GameModel));
    for (const hash of hashes) expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  describe.each(variantIds)('variant %s', (variantId) => {
    const model = game.variants[variantId] as GameModel;
    const rounds = playRounds(game.symbol, model, 11, 60);

    it('re-derives every stored outcome under the same certificate, checked', () => {
      for (const { stored, outcome } of rounds) {
        const result = replayCertified(stored, model);
        expect(result.ok).toBe(true);
        if (!result.ok) continue;
        expect(result.checked).toBe(true);
        expect(result.currentHash).toBe(stored.certificateHash);
        expect(outcomeToJson(result.outcome)).toEqual(outcome);
        // The registry's model of the round's game and variant is the same model.
        expect(replayStoredRound(stored)).toMatchObject({ ok: true, checked: true });
      }
    });

    it('refuses the model with one weight changed: replay_model_mismatch, no outcome', () => {
      const edited = withOneWeightChanged(model);
      expect(certificationOf(edited).ok).toBe(false);
      for (const { stored } of rounds.slice(0, 10)) {
        const result = replayCertified(stored, edited);
        expect(result).toMatchObject({
          ok: false,
          reason: 'replay_model_mismatch',
          storedHash: stored.certificateHash,
          currentHash: null,
        });
        expect(result).not.toHaveProperty('outcome');
        if (!result.ok) expect(result.detail).toContain(stored.certificateHash as string);
      }
    });

    it("refuses the game's other variant, naming both certificate hashes", () => {
      const otherId = variantIds.find((id) => id !== variantId) as string;
      const other = game.variants[otherId] as GameModel;
      const otherHash = certificateHashOf(other) as string;
      for (const { stored } of rounds.slice(0, 10)) {
        const result = replayCertified(stored, other);
        expect(result).toMatchObject({
          ok: false,
          reason: 'replay_model_mismatch',
          storedHash: stored.certificateHash,
          currentHash: otherHash,
        });
        if (!result.ok) {
          expect(result.detail).toContain(stored.certificateHash as string);
          expect(result.detail).toContain(otherHash);
        }
      }
    });
  });
});

describe('rounds without a certificate hash, and other refusals', () => {
  const game = allGames().find((g) => g.slug === 'harbor-haul');
  const model = game?.variants['96.5'] as GameModel;
  const [first] = playRounds('harbor-haul', model, 5, 1);
  const stored = first?.stored as StoredRound;

  it('replays a round stored before rounds recorded a hash under the current model, unchecked', () => {
    const result = replayCertified({ ...stored, certificateHash: null }, model);
    expect(result).toMatchObject({ ok: true, checked: false, currentHash: certificateHashOf(model) });
    if (result.ok) expect(outcomeToJson(result.outcome)).toEqual(first?.outcome);
  });

  it('refuses when the stored hash is certified but another (a forged certification)', () => {
    const certification = certificationOf(model);
    if (!certification.ok) throw new Error('harbor-haul 96.5 is not certified');
    const forged = { ...certification, certificateHash: 'f'.repeat(64) };
    expect(checkReplayModel(stored.certificateHash, model, forged)).toMatchObject({
      ok: false,
      reason: 'replay_model_mismatch',
      currentHash: 'f'.repeat(64),
    });
  });

  it('refuses a round whose variant no longer exists', () => {
    expect(replayStoredRound({ ...stored, variant: '99.9' })).toMatchObject({
      ok: false,
      reason: 'replay_model_mismatch',
      currentHash: null,
    });
  });

  it('under the right certificate, tampered draws are an engine refusal, not a mismatch', () => {
    const result = replayCertified({ ...stored, draws: [...stored.draws, 0] }, model);
    expect(result).toMatchObject({ ok: false, reason: 'draws_left_over', checked: true });
  });
});
