// The wording of rule facts: one function turns a game's facts into sentences in any language, given
// that language's messages. The English messages live here (the server's `rules` and the client's
// English catalog both read them); the other languages are in the client's catalogs under the same
// keys. Pure and without Node imports: the client imports it.
import type { ByCount, RuleFact } from './rule-facts.ts';

export const RULE_MESSAGES_EN = {
  'rule.lines': '{lines} paylines pay left to right from the first reel.',
  'rule.ways': '{ways} ways: matching symbols on adjacent reels from the left pay, once per way.',
  'rule.anywhere': '{count} or more of a symbol anywhere pay.',
  'rule.bet':
    'A bet is {coins} coins (coin value × bet level). The table shows pays at the current bet; the prizes below are multiples of the total bet.',
  'rule.wild': '{symbol} substitutes for every paying symbol.',
  'rule.tumble': 'Winning symbols vanish and new ones fall in; wins repeat until none is left.',
  'rule.multiplier':
    "Each {symbol} lands with a multiplier of {values}. When a spin's tumbles win, the multipliers of every {symbol} in view after the last tumble are added and the sum multiplies those wins.",
  'rule.unmultiplied': '{symbol} pays are not multiplied.',
  'rule.scatter_pays': '{symbol} pays anywhere, in the base game and in free spins: {pays}.',
  'rule.free_spins': '{symbol} anywhere start free spins: {awards}.',
  'rule.retrigger': 'During free spins, {symbol} anywhere add spins: {awards}.',
  'rule.by_count': '{count}: {value}',
  'rule.or_more': '{count} or more',
  'rule.spins': '{count} free spin|{count} free spins',
  'rule.free_spins_bet': 'Free spins are played at the bet that started them, on their own reels.',
  'rule.wild_multiplier': 'During free spins each wild multiplies the line it completes by {factor}.',
  'rule.expanding':
    'Before free spins one of these symbols is chosen: {symbols}. On every free spin it expands over each reel it lands on and pays on every line when it shows on enough reels, beside the usual line wins.',
  'rule.money': 'Each {symbol} carries a cash value of {values} the total bet.',
  'rule.collect': '{collector} collects the value of every {money} in view.',
  'rule.hold':
    '{count} or more {money} start respins (not free spins): every {money} stays, the other cells respin; {respins} respins, back to {respins} whenever a new {money} lands. At the end every {money} pays its value.',
  'rule.full_screen': 'Filling all {cells} cells adds a bonus of {prize} the total bet.',
  'rule.pick':
    '{count} or more {symbol} open the pick bonus. A pick can reveal cash of {cash} the total bet.',
  'rule.pick_boost':
    'A pick can instead add {boosts} to the bonus multiplier, which starts at 1×; the bonus pays its cash times the multiplier.',
  'rule.pick_end': 'A pick can also close the bonus.',
  'rule.pick_cash': 'Opening picks that always reveal cash: {count}.',
  'rule.pick_limits': 'The first {guaranteed} picks never close the bonus; there are at most {max} picks.',
  'rule.buy_free_spins': 'Buy feature: {spins} for {price} the total bet.',
  'rule.buy_hold': 'Buy feature: respins starting with {count} {money} for {price} the total bet.',
  'rule.buy_rtp': 'Return to player of the bought feature: {rtp}%.',
  'rule.ante': 'Ante bet: {price} the total bet a spin; the reels show more {symbol}.',
  'rule.ante_plain': 'Ante bet: {price} the total bet a spin, on other reels.',
  'rule.ante_rtp': 'Return to player with the ante bet: {rtp}%.',
  'rule.max_win_cap':
    'A round (a spin with its features) pays at most {prize} the total bet; reaching it ends the round.',
  'rule.max_win': 'The most one round can pay is {prize} the total bet.',
  'rule.chance.exact': 'Chance of the maximum win{mode}: 1 in {oneIn} rounds.',
  'rule.chance.bound': 'Chance of the maximum win{mode}: at most 1 in {oneIn} rounds.',
  'rule.chance.estimate': 'Chance of the maximum win{mode}: about 1 in {oneIn} rounds.',
  'rule.chance.special': ' with the ante bet',
  'rule.chance.buy': ' in a bought feature',
  'rule.times': '{value}×',
  'rule.boost': '+{value}',
  'rule.separator': ', ',
};

export type RuleMessageKey = keyof typeof RULE_MESSAGES_EN;

/** Fills `{name}` placeholders; a `one|other` message picks its form by the `count` value. */
export function fillMessage(
  message: string,
  values: Record<string, string | number>,
  plurals: Intl.PluralRules,
): string {
  let text = message;
  if (text.includes('|')) {
    const [one, other] = text.split('|') as [string, string];
    text = plurals.select(Number(values.count ?? 0)) === 'one' ? one : other;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    values[name] !== undefined ? String(values[name]) : whole,
  );
}

/** A language's words for the rules: its messages, its symbol names and its number format. */
export interface RuleWords {
  language: string;
  message: (key: RuleMessageKey, values?: Record<string, string | number>) => string;
  symbol: (code: string) => string;
}

export interface RuleTextOptions {
  /** Whether the market asks for the maximum win's probability (the facts carry it where certified). */
  maxWinChance: boolean;
}

/** The sentences of a game's rules, in the order of its facts. */
export function ruleTexts(facts: readonly RuleFact[], words: RuleWords, options: RuleTextOptions): string[] {
  const numbers = new Intl.NumberFormat(words.language, { maximumFractionDigits: 2 });
  const m = words.message;
  const num = (n: number) => numbers.format(n);
  const prize = (n: number) => m('rule.times', { value: num(n) });
  const or = (items: string[]) => new Intl.ListFormat(words.language, { type: 'disjunction' }).format(items);
  const join = (items: string[]) => items.join(m('rule.separator'));
  const counted = (entries: ByCount[], value: (entry: ByCount) => string) =>
    join(
      entries.map((e) =>
        m('rule.by_count', {
          count: e.orMore ? m('rule.or_more', { count: num(e.count) }) : num(e.count),
          value: value(e),
        }),
      ),
    );
  // Counts of spins and picks stay plain numbers: the plural form is chosen from the number itself.
  const spins = (count: number) => m('rule.spins', { count });
  const percent = new Intl.NumberFormat(words.language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const rtp = (value: string) => percent.format(Number(value));
  // "1 in N" up to 15 digits as written; beyond, N as "4.88 × 10³³" so it fits a phone's line.
  const oneIn = (text: string) => {
    const exponent = text.length - 1;
    if (exponent < 15) return num(Number(text));
    const mantissa = new Intl.NumberFormat(words.language, { maximumSignificantDigits: 3 }).format(
      Number(`${text[0]}.${text.slice(1, 4)}`),
    );
    const superscript = [...String(exponent)].map((d) => '⁰¹²³⁴⁵⁶⁷⁸⁹'[Number(d)]).join('');
    return `${mantissa} × 10${superscript}`;
  };
  const sentences: string[] = [];
  for (const fact of facts) {
    switch (fact.id) {
      case 'lines':
        sentences.push(m('rule.lines', { lines: num(fact.lines) }));
        break;
      case 'ways':
        sentences.push(m('rule.ways', { ways: num(fact.ways) }));
        break;
      case 'anywhere':
        sentences.push(m('rule.anywhere', { count: num(fact.count) }));
        break;
      case 'bet':
        sentences.push(m('rule.bet', { coins: num(fact.coins) }));
        break;
      case 'wild':
        sentences.push(m('rule.wild', { symbol: words.symbol(fact.symbol) }));
        break;
      case 'tumble':
        sentences.push(m('rule.tumble'));
        break;
      case 'multiplier':
        sentences.push(
          m('rule.multiplier', { symbol: words.symbol(fact.symbol), values: or(fact.values.map(prize)) }),
        );
        break;
      case 'unmultiplied':
        sentences.push(m('rule.unmultiplied', { symbol: words.symbol(fact.symbol) }));
        break;
      case 'scatter_pays':
        sentences.push(
          m('rule.scatter_pays', {
            symbol: words.symbol(fact.symbol),
            pays: counted(fact.pays, (e) => prize(e.value)),
          }),
        );
        break;
      case 'free_spins':
      case 'retrigger':
        sentences.push(
          m(`rule.${fact.id}`, {
            symbol: words.symbol(fact.symbol),
            awards: counted(fact.awards, (e) => spins(e.value)),
          }),
        );
        break;
      case 'free_spins_bet':
        sentences.push(m('rule.free_spins_bet'));
        break;
      case 'wild_multiplier':
        sentences.push(m('rule.wild_multiplier', { factor: num(fact.factor) }));
        break;
      case 'expanding':
        sentences.push(m('rule.expanding', { symbols: join(fact.symbols.map(words.symbol)) }));
        break;
      case 'money':
        sentences.push(
          m('rule.money', { symbol: words.symbol(fact.symbol), values: or(fact.values.map(prize)) }),
        );
        break;
      case 'collect':
        sentences.push(
          m('rule.collect', { collector: words.symbol(fact.collector), money: words.symbol(fact.money) }),
        );
        break;
      case 'hold':
        sentences.push(
          m('rule.hold', {
            count: num(fact.count),
            money: words.symbol(fact.money),
            respins: num(fact.respins),
          }),
        );
        break;
      case 'full_screen':
        sentences.push(m('rule.full_screen', { cells: num(fact.cells), prize: prize(fact.times) }));
        break;
      case 'pick':
        sentences.push(
          m('rule.pick', {
            count: num(fact.count),
            symbol: words.symbol(fact.symbol),
            cash: or(fact.cash.map(prize)),
          }),
        );
        if (fact.boosts.length > 0)
          sentences.push(
            m('rule.pick_boost', { boosts: or(fact.boosts.map((b) => m('rule.boost', { value: num(b) }))) }),
          );
        if (fact.ends) sentences.push(m('rule.pick_end'));
        break;
      case 'pick_cash':
        sentences.push(m('rule.pick_cash', { count: fact.count }));
        break;
      case 'pick_limits':
        sentences.push(m('rule.pick_limits', { guaranteed: num(fact.guaranteed), max: num(fact.max) }));
        break;
      case 'buy_free_spins':
      case 'buy_hold': {
        const price = prize(fact.times);
        sentences.push(
          fact.id === 'buy_free_spins'
            ? m('rule.buy_free_spins', { spins: spins(fact.spins), price })
            : m('rule.buy_hold', { count: num(fact.count), money: words.symbol(fact.money), price }),
        );
        if (fact.rtp !== null) sentences.push(m('rule.buy_rtp', { rtp: rtp(fact.rtp) }));
        break;
      }
      case 'ante':
        sentences.push(
          fact.symbol === null
            ? m('rule.ante_plain', { price: prize(fact.times) })
            : m('rule.ante', { price: prize(fact.times), symbol: words.symbol(fact.symbol) }),
        );
        if (fact.rtp !== null) sentences.push(m('rule.ante_rtp', { rtp: rtp(fact.rtp) }));
        break;
      case 'max_win':
        sentences.push(m(fact.cap ? 'rule.max_win_cap' : 'rule.max_win', { prize: prize(fact.times) }));
        break;
      case 'max_win_chance':
        if (options.maxWinChance)
          sentences.push(
            m(`rule.chance.${fact.kind}`, {
              oneIn: oneIn(fact.oneIn),
              mode: fact.mode === 'base' ? '' : m(`rule.chance.${fact.mode}`),
            }),
          );
        break;
    }
  }
  return sentences;
}

/** The rules in English, as the server's game description gives them (the maximum win's chance included). */
export function englishRules(facts: readonly RuleFact[], symbolName: (code: string) => string): string[] {
  const plurals = new Intl.PluralRules('en');
  return ruleTexts(
    facts,
    {
      language: 'en',
      message: (key, values = {}) => fillMessage(RULE_MESSAGES_EN[key], values, plurals),
      symbol: symbolName,
    },
    { maxWinChance: true },
  );
}
