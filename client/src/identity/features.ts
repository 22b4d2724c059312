// The intro screen a game opens with: its lettered title, its two or three key features, each with
// a symbol of its own as the picture and the rule in the player's words, and its maximum win and
// volatility from the session's rules; Continue, and a choice not to see it again (the player's
// `intro` setting, which the settings screen can turn back on).
import type { GameRules } from '../api/types.ts';
import { type MessageKey, t } from '../i18n/i18n.ts';
import { h } from '../ui/dom.ts';
import { showModal } from '../ui/modal.ts';

type Fact = GameRules['ruleFacts'][number];

/** What the intro screen shows first (the features a player comes for, then how the game pays), titled. */
const TITLES = {
  free_spins: 'intro.feature.free_spins',
  pick: 'intro.feature.pick',
  hold: 'intro.feature.hold',
  collect: 'intro.feature.collect',
  multiplier: 'intro.feature.multiplier',
  wild_multiplier: 'intro.feature.wild_multiplier',
  tumble: 'intro.feature.tumble',
  expanding: 'intro.feature.expanding',
  wild: 'intro.feature.wild',
  lines: 'intro.feature.lines',
  ways: 'intro.feature.ways',
  anywhere: 'intro.feature.anywhere',
} as const satisfies Partial<Record<Fact['id'], MessageKey>>;

type FeatureId = keyof typeof TITLES;
const ORDER = Object.keys(TITLES) as FeatureId[];

export interface KeyFeature {
  id: FeatureId;
  fact: Fact;
  /** The symbol that pictures it (by code), or null where none does. */
  symbol: string | null;
}

function pictured(fact: Fact, rules: GameRules): string | null {
  switch (fact.id) {
    case 'free_spins':
    case 'pick':
    case 'multiplier':
    case 'wild':
      return fact.symbol;
    case 'hold':
      return fact.money;
    case 'collect':
      return fact.collector;
    case 'expanding':
      return fact.symbols[0] ?? null;
    case 'wild_multiplier':
      return rules.symbols.find((s) => s.kind === 'wild')?.code ?? null;
    default: {
      // How the game pays: its best-paying ordinary symbol.
      const best = rules.symbols
        .filter((s) => s.kind === 'regular')
        .sort(
          (a, b) => Math.max(0, ...b.pays.map((p) => p.coins)) - Math.max(0, ...a.pays.map((p) => p.coins)),
        )[0];
      return best?.code ?? null;
    }
  }
}

/** The game's key features in the order the intro shows them, at most `limit`. */
export function keyFeatures(rules: GameRules, limit = 3): KeyFeature[] {
  const found: KeyFeature[] = [];
  for (const id of ORDER) {
    const fact = rules.ruleFacts.find((f) => f.id === id);
    if (fact) found.push({ id, fact, symbol: pictured(fact, rules) });
    if (found.length === limit) break;
  }
  return found;
}

export interface IntroFacts {
  rules: GameRules;
  /** The game's title (lettered in its face by skins.css). */
  title: string;
  /** A feature's rule in the player's words. */
  describe: (fact: Fact) => string;
  /** A symbol's picture as an image URL, or ''. */
  iconOf: (code: string) => string;
  /** The maximum win as the player's language writes numbers ("1,104.36"). */
  maxWin: string;
}

const VOLATILITY_PIPS = { low: 1, medium_low: 2, medium: 3, high: 4, very_high: 5 } as const;

/**
 * Shows the intro screen; resolves when the player continues, with whether they asked not to see
 * it again.
 */
export function showIntro(facts: IntroFacts): Promise<{ hide: boolean }> {
  return new Promise((resolve) => {
    const dontShow = h('input', { type: 'checkbox', id: 'intro-hide', 'data-testid': 'intro-hide' });
    const cards = keyFeatures(facts.rules).map((feature) => {
      const icon = feature.symbol ? facts.iconOf(feature.symbol) : '';
      return h(
        'li',
        { class: 'intro-feature', 'data-feature': feature.id },
        h(
          'div',
          { class: 'intro-picture', 'aria-hidden': 'true' },
          icon ? h('img', { src: icon, alt: '', width: 96, height: 96, draggable: 'false' }) : '',
        ),
        h('h3', {}, t(TITLES[feature.id])),
        h('p', {}, facts.describe(feature.fact)),
      );
    });
    const volatility = facts.rules.volatility;
    const pips = volatility ? VOLATILITY_PIPS[volatility] : 0;
    const figures = h(
      'dl',
      { class: 'intro-figures' },
      h(
        'div',
        { 'data-testid': 'intro-max-win' },
        h('dt', {}, t('intro.max_win')),
        h('dd', {}, t('intro.max_win_value', { times: facts.maxWin })),
      ),
      volatility
        ? h(
            'div',
            { 'data-testid': 'intro-volatility', 'data-volatility': volatility },
            h('dt', {}, t('intro.volatility')),
            h(
              'dd',
              {},
              h(
                'span',
                { class: 'pips', 'aria-hidden': 'true' },
                ...[1, 2, 3, 4, 5].map((n) => h('i', { class: n <= pips ? 'on' : '' })),
              ),
              t(`volatility.${volatility}`),
            ),
          )
        : '',
    );
    const dialog = h(
      'dialog',
      { class: 'intro-screen', 'aria-labelledby': 'intro-title', 'data-testid': 'intro' },
      h(
        'h2',
        { id: 'intro-title', class: 'intro-title logo' },
        h('span', { class: 'logo-text' }, facts.title),
      ),
      h('p', { class: 'intro-kicker' }, t('intro.features')),
      h('ul', { class: 'intro-features' }, ...cards),
      figures,
      h(
        'div',
        { class: 'intro-actions' },
        h('label', { class: 'intro-hide' }, dontShow, ` ${t('intro.dont_show')}`),
        h(
          'button',
          {
            type: 'button',
            class: 'primary',
            'data-testid': 'intro-continue',
            onclick: () => dialog.close(),
          },
          t('intro.continue'),
        ),
      ),
    );
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve({ hide: dontShow.checked });
    });
    showModal(dialog);
  });
}
