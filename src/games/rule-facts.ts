// A game's rules as facts (which rule, with which numbers and symbols), so each player reads them in
// their own language from the client's message catalog; `englishRule` is the sentence the paytable
// showed before there were catalogs, and what the API documents.
import type { GameModel } from '../engine/model.ts';

/** Symbols are named by their code: the client's catalog holds the names in each language. */
export type RuleFact =
  | { id: 'lines'; lines: number }
  | { id: 'ways'; ways: number }
  | { id: 'anywhere'; count: number }
  | { id: 'wild'; symbol: string }
  | { id: 'tumble' }
  | { id: 'multiplier'; symbol: string }
  | { id: 'scatter'; count: number; symbol: string; spins: number }
  | { id: 'retrigger'; count: number; spins: number }
  | { id: 'wild_multiplier'; factor: number }
  | { id: 'expanding' }
  | { id: 'collect'; collector: string; money: string }
  | { id: 'hold'; count: number; money: string; respins: number }
  | { id: 'pick'; count: number; symbol: string }
  | { id: 'max_win'; multiplier: number };

export function ruleFactsOf(model: GameModel): RuleFact[] {
  const code = (id: number) => model.symbols[id]?.code ?? String(id);
  const facts: RuleFact[] = [];
  const ev = model.evaluation;
  if (ev.kind === 'lines') facts.push({ id: 'lines', lines: ev.lines.length });
  if (ev.kind === 'ways') facts.push({ id: 'ways', ways: model.rows ** model.reels });
  if (ev.kind === 'anywhere') facts.push({ id: 'anywhere', count: ev.minCount });
  const wild = model.symbols.find((s) => s.kind === 'wild');
  if (wild) facts.push({ id: 'wild', symbol: wild.code });
  if (model.tumble) facts.push({ id: 'tumble' });
  if (model.multiplier) facts.push({ id: 'multiplier', symbol: code(model.multiplier.symbol) });
  const scatter = model.scatter;
  if (scatter) {
    const min = scatter.trigger.findIndex((n) => n > 0);
    if (min > 0)
      facts.push({
        id: 'scatter',
        count: min,
        symbol: code(scatter.symbol),
        spins: scatter.trigger[min] as number,
      });
    const again = scatter.retrigger.findIndex((n) => n > 0);
    if (again > 0) facts.push({ id: 'retrigger', count: again, spins: scatter.retrigger[again] as number });
  }
  const fs = model.freeSpins;
  if (fs && fs.wildMultiplier > 1) facts.push({ id: 'wild_multiplier', factor: fs.wildMultiplier });
  if (fs?.expandingSymbols) facts.push({ id: 'expanding' });
  const collect = model.collect;
  if (collect) {
    facts.push({ id: 'collect', collector: code(collect.collectorSymbol), money: code(collect.moneySymbol) });
    facts.push({
      id: 'hold',
      count: collect.holdTrigger,
      money: code(collect.moneySymbol),
      respins: collect.respins,
    });
  }
  if (model.pick) facts.push({ id: 'pick', count: model.pick.trigger, symbol: code(model.pick.bonusSymbol) });
  facts.push({ id: 'max_win', multiplier: model.maxWinMultiplier });
  return facts;
}

/** The English sentence of a fact. */
export function englishRule(fact: RuleFact, model: GameModel): string {
  const name = (code: string) => model.symbols.find((s) => s.code === code)?.name ?? code;
  switch (fact.id) {
    case 'lines':
      return `${fact.lines} paylines pay left to right from the first reel.`;
    case 'ways':
      return `${fact.ways} ways: matching symbols on adjacent reels from the left pay, once per way.`;
    case 'anywhere':
      return `${fact.count} or more of a symbol anywhere pay.`;
    case 'wild':
      return `${name(fact.symbol)} substitutes for every paying symbol.`;
    case 'tumble':
      return 'Winning symbols vanish and new ones fall in; wins repeat until none is left.';
    case 'multiplier':
      return `Every ${name(fact.symbol)} in view after the tumbles adds its factor; the sum multiplies the spin's wins.`;
    case 'scatter':
      return `${fact.count} or more ${name(fact.symbol)} anywhere award ${fact.spins} free spins; they pay anywhere too.`;
    case 'retrigger':
      return `${fact.count} or more during free spins add ${fact.spins} spins.`;
    case 'wild_multiplier':
      return `During free spins each wild multiplies the line it completes by ${fact.factor}.`;
    case 'expanding':
      return 'Before free spins one symbol is chosen; it expands over whole reels and pays on every line.';
    case 'collect':
      return `${name(fact.collector)} collects the value of every ${name(fact.money)} in view.`;
    case 'hold':
      return `${fact.count} or more ${name(fact.money)} start hold-and-collect: ${fact.respins} respins, reset by every new one.`;
    case 'pick':
      return `${fact.count} or more ${name(fact.symbol)} open the pick bonus.`;
    case 'max_win':
      return `Wins of a spin and its feature are capped at ${fact.multiplier}× the base total bet.`;
  }
}
