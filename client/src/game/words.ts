// How the game names things to the player: amounts in the session's currency, symbols in the
// player's language, the symbols that start a feature, and the rules from the server's rule facts.
import { ruleTexts } from '../../../src/games/rule-text.ts';
import type { GameRules, JurisdictionRules, SessionInfo } from '../api/types.ts';
import { language, symbolName, t } from '../i18n/i18n.ts';
import type { Ladder } from '../logic/bet.ts';
import { formatMoney, toMinor } from '../logic/money.ts';

type SymbolRef = { code: string; name: string };

export class GameWords {
  private readonly rules: GameRules;
  private readonly currency: string;

  constructor(rules: GameRules, currency: string) {
    this.rules = rules;
    this.currency = currency;
  }

  money(minor: bigint): string {
    return formatMoney(minor, this.currency, language());
  }

  /** A decimal amount of the wire ("12.50") as the player reads money. */
  decimal(text: string): string {
    return this.money(toMinor(text, this.currency));
  }

  nameOf(symbol: SymbolRef): string {
    return symbolName(this.rules.slug, symbol);
  }

  /** A symbol's name by its code (the code itself when the game has no such symbol). */
  nameOfCode(code: string): string {
    const symbol = this.rules.symbols.find((s) => s.code === code);
    return symbol ? this.nameOf(symbol) : code;
  }

  symbolById(id: number | null): SymbolRef | undefined {
    return id === null ? undefined : this.rules.symbols[id];
  }

  /** The ids of the game's symbols of a kind (a game may draw one symbol in several versions). */
  idsOf(kind: string): Set<number> {
    return new Set(this.rules.symbols.filter((s) => s.kind === kind).map((s) => s.id));
  }

  /** The symbols that start a feature by count, and how many start it (scatters or pick symbols). */
  triggerOf(inFeature: boolean): { ids: Set<number>; count: number; name: string } | null {
    const facts = this.rules.ruleFacts;
    const wanted = (() => {
      for (const fact of facts) {
        if (inFeature && fact.id === 'retrigger') return { code: fact.symbol, count: fact.awards[0]?.count };
        if (!inFeature && fact.id === 'free_spins')
          return { code: fact.symbol, count: fact.awards[0]?.count };
        if (!inFeature && fact.id === 'pick') return { code: fact.symbol, count: fact.count };
      }
      return null;
    })();
    if (!wanted || wanted.count === undefined) return null;
    const symbols = this.rules.symbols.filter((s) => s.code === wanted.code);
    const first = symbols[0];
    if (!first) return null;
    return { ids: new Set(symbols.map((s) => s.id)), count: wanted.count, name: this.nameOf(first) };
  }

  /** The rules in the player's words, from the server's rule facts (the same wording as its English). */
  ruleTexts(info: SessionInfo, ladder: Ladder, market: JurisdictionRules): string[] {
    // Buy and ante are described only where this session offers them (the market may ban them).
    const offered = {
      buy: info.game.features.buy_feature && ladder.modeCoins.buy !== null,
      special: info.game.features.special_bet && ladder.modeCoins.special !== null,
    };
    const facts = this.rules.ruleFacts.filter((fact) => {
      if (fact.id === 'buy_free_spins' || fact.id === 'buy_hold') return offered.buy;
      if (fact.id === 'ante') return offered.special;
      if (fact.id === 'max_win_chance' && fact.mode !== 'base') return offered[fact.mode];
      return true;
    });
    return ruleTexts(
      facts,
      {
        language: language(),
        message: (key, values) => t(key, values),
        symbol: (code) => this.nameOfCode(code),
      },
      { maxWinChance: market.show_max_win_probability },
    );
  }

  /** One rule fact in the player's words (the intro screen's lines). */
  factText(fact: GameRules['ruleFacts'][number]): string {
    return ruleTexts(
      [fact],
      {
        language: language(),
        message: (key, values) => t(key, values),
        symbol: (code) => this.nameOfCode(code),
      },
      { maxWinChance: false },
    ).join(' ');
  }
}
