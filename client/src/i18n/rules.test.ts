// The rules screen in every language shows every prize of every model: the numbers are found by
// walking the models' feature data, not from a list, so a prize added to a model and left out of the
// rules fails here, and so does a field nobody has said how the rules show.
import { describe, expect, it } from 'vitest';
import type { GameModel } from '../../../src/engine/model.ts';
import { allGames, describeGame, readCertificate } from '../../../src/games/index.ts';
import { type RuleFigures, ruleFactsOf } from '../../../src/games/rule-facts.ts';
import { type RuleMessageKey, type RuleWords, ruleTexts } from '../../../src/games/rule-text.ts';
import type { Catalog } from './catalogs/en.ts';
import { format, loadCatalog, SUPPORTED_LANGUAGES } from './i18n.ts';

/** How the rules show a number of the model's features, by its path (array indices left out). */
type Shown = 'coins' | 'count' | 'factor' | 'symbol' | 'pick' | 'not_a_prize';

const FIELDS: Record<string, Shown> = {
  'scatter.symbol': 'symbol',
  'scatter.pays': 'coins',
  'scatter.trigger': 'count',
  'scatter.retrigger': 'count',
  'freeSpins.buySpins': 'count',
  'freeSpins.wildMultiplier': 'factor',
  'freeSpins.expandingSymbols.values': 'symbol',
  'multiplier.symbol': 'symbol',
  'multiplier.values.values': 'factor',
  'collect.moneySymbol': 'symbol',
  'collect.collectorSymbol': 'symbol',
  'collect.values.values': 'coins',
  'collect.holdTrigger': 'count',
  'collect.holdStart': 'count',
  'collect.respins': 'count',
  'collect.fullScreenBonus': 'coins',
  'pick.bonusSymbol': 'symbol',
  'pick.trigger': 'count',
  'pick.cashPicks': 'count',
  'pick.guaranteedPicks': 'count',
  'pick.maxPicks': 'count',
  'pick.prizes.values': 'pick',
  'modes.buy.costCoins': 'coins',
  'modes.special.costCoins': 'coins',
  // How often, not how much: the certificate's figures, not the rules, speak for these.
  'collect.respinHit.hit': 'not_a_prize',
  'collect.respinHit.of': 'not_a_prize',
  // The base spin's price is the bet itself (the `bet` fact states its coins).
  'modes.base.costCoins': 'count',
};

interface Prize {
  path: string;
  shown: Shown;
  value: number;
}

/** Every number of a model's features with its path; weights and reel sets are how often, not what. */
function prizesOf(model: GameModel): Prize[] {
  const prizes: Prize[] = [];
  const visit = (value: unknown, path: string) => {
    if (typeof value === 'number') {
      const shown = FIELDS[path];
      if (shown === undefined) throw new Error(`${model.slug}: the rules do not say how they show ${path}`);
      prizes.push({ path, shown, value });
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, path);
    } else if (value && typeof value === 'object') {
      const table = value as { values?: number[]; weights?: number[] };
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'weights' || key === 'reelSets') continue;
        // A table's value that can never be drawn is no prize.
        if (key === 'values' && table.weights)
          visit(
            (inner as number[]).filter((_, i) => (table.weights?.[i] ?? 0) > 0),
            `${path}.${key}`,
          );
        else visit(inner, `${path}.${key}`);
      }
    }
  };
  const { scatter, freeSpins, multiplier, collect, pick, modes } = model;
  for (const [key, value] of Object.entries({ scatter, freeSpins, multiplier, collect, pick, modes }))
    visit(value, key);
  return prizes;
}

function wordsFor(language: string, catalog: Catalog, model: GameModel): RuleWords {
  const plurals = new Intl.PluralRules(language);
  return {
    language,
    message: (key: RuleMessageKey, values = {}) => format(catalog[key], values, plurals),
    symbol: (code) => catalog[`symbol.${model.slug}.${code}` as keyof Catalog] ?? code,
  };
}

const catalogs = await Promise.all(
  SUPPORTED_LANGUAGES.map(async (language) => [language, await loadCatalog(language)] as const),
);

const english = () => catalogs.find(([language]) => language === 'en')?.[1] as Catalog;

/** Each game's variants with the certificate's figures as written (the hash check is certificates.test's). */
const cases = allGames().flatMap((game) =>
  Object.values(game.variants).map((model) => ({
    model,
    figures: (readCertificate(model.slug)?.variants[model.variant] ?? null) as RuleFigures,
  })),
);

describe('rules from the certified model', () => {
  it('walks prizes in every game', () => {
    expect(cases.length).toBeGreaterThanOrEqual(6);
    for (const { model } of cases) prizesOf(model);
  });

  for (const [language, catalog] of catalogs) {
    it(`${language}: every prize of every model is in the rules`, () => {
      for (const { model, figures } of cases) {
        const words = wordsFor(language, catalog, model);
        const text = ruleTexts(ruleFactsOf(model, figures), words, { maxWinChance: true }).join('\n');
        const number = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
        const times = (n: number) => words.message('rule.times', { value: number.format(n) });
        const bet = (coins: number) => times(Math.round((coins * 100) / model.lineCost) / 100);
        const where = (prize: Prize) =>
          `${language} ${model.slug} ${model.variant} ${prize.path} ${prize.value}`;
        for (const prize of prizesOf(model)) {
          if (prize.value === 0 && prize.shown !== 'pick' && prize.shown !== 'symbol') continue; // no prize
          const expected = {
            coins: () => bet(prize.value),
            count: () => number.format(prize.value),
            factor: () =>
              prize.path === 'freeSpins.wildMultiplier' ? number.format(prize.value) : times(prize.value),
            symbol: () => words.symbol(model.symbols[prize.value]?.code ?? ''),
            pick: () =>
              prize.value > 0
                ? bet(prize.value)
                : prize.value < 0
                  ? words.message('rule.boost', { value: number.format(-prize.value) })
                  : words.message('rule.pick_end'),
            not_a_prize: () => '',
          }[prize.shown]();
          expect(text, where(prize)).toContain(expected);
        }
        // One maximum win: the certified figure; the cap only where it is the certified figure.
        const maxWin = figures?.maxWin;
        expect(text).toContain(times(maxWin ? Number(maxWin.multiplier) : model.maxWinMultiplier));
        if (maxWin && Number(maxWin.multiplier) !== model.maxWinMultiplier)
          expect(text, `${language} ${model.slug}: the uncertified cap`).not.toContain(
            times(model.maxWinMultiplier),
          );
        for (const mode of ['special', 'buy'] as const) {
          const rtp = figures?.modes[mode]?.rtp;
          if (rtp)
            expect(text, `${language} ${model.slug} ${mode} RTP`).toContain(number.format(Number(rtp)));
        }
        const chance = maxWin?.probability;
        if (chance && Number(chance.oneIn) > 0)
          expect(text, `${language} ${model.slug} max-win chance`).toContain(
            chance.oneIn.length <= 15
              ? number.format(Number(chance.oneIn))
              : `× 10${[...String(chance.oneIn.length - 1)].map((d) => '⁰¹²³⁴⁵⁶⁷⁸⁹'[Number(d)]).join('')}`,
          );
      }
    });
  }

  it('words the chance of the maximum win by its kind, only where the market asks', () => {
    const model = cases.find((c) => c.model.slug === 'ember-crown')?.model as GameModel;
    const words = wordsFor('en', english(), model);
    const figures = (kind: 'exact' | 'bound' | 'estimate'): RuleFigures => ({
      maxWin: {
        multiplier: '5000.00',
        kind: 'cap',
        basis: '',
        probability: { oneIn: '4310000000', value: '2.320e-10', kind, basis: '' },
      },
      modes: {},
    });
    const rules = (kind: 'exact' | 'bound' | 'estimate', maxWinChance = true) =>
      ruleTexts(ruleFactsOf(model, figures(kind)), words, { maxWinChance }).join('\n');
    expect(rules('exact')).toContain('Chance of the maximum win: 1 in 4,310,000,000 rounds.');
    expect(rules('bound')).toContain('Chance of the maximum win: at most 1 in 4,310,000,000 rounds.');
    expect(rules('estimate')).toContain('Chance of the maximum win: about 1 in 4,310,000,000 rounds.');
    expect(rules('bound', false)).not.toContain('Chance of the maximum win');
    const huge: RuleFigures = {
      maxWin: {
        multiplier: '1800.00',
        kind: 'exact',
        basis: '',
        probability: { oneIn: '4880000000000000000000000000000000', value: '', kind: 'exact', basis: '' },
      },
      modes: { buy: { maxWinProbability: { oneIn: '0', value: '0', kind: 'estimate', basis: '' } } as never },
    };
    const hugeText = ruleTexts(ruleFactsOf(model, huge), words, { maxWinChance: true }).join('\n');
    expect(hugeText).toContain('Chance of the maximum win: 1 in 4.88 × 10³³ rounds.');
    // An estimate that never saw the maximum is no "1 in 0".
    expect(hugeText).not.toContain('1 in 0');
  });

  it('gives every free-spin count by scatters, not only the smallest', () => {
    const model = cases.find((c) => c.model.slug === 'ember-crown')?.model as GameModel;
    const text = ruleTexts(ruleFactsOf(model, null), wordsFor('en', english(), model), {
      maxWinChance: false,
    }).join('\n');
    expect(text).toContain(
      'Crown anywhere start free spins: 3: 10 free spins, 4: 12 free spins, 5 or more: 15 free spins.',
    );
  });

  it('the server words its English rules from the same facts', () => {
    for (const game of allGames()) {
      const description = describeGame(game);
      const model = game.variants[description.variant] as GameModel;
      const words = wordsFor('en', english(), model);
      expect(description.rules).toEqual(
        ruleTexts(
          description.ruleFacts,
          { ...words, symbol: (code) => model.symbols.find((s) => s.code === code)?.name ?? code },
          { maxWinChance: true },
        ),
      );
    }
  });
});
