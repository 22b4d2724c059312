// The round details page (round_details_url) for an operator's support desk: the round's screens,
// re-derived on the server from its stored draws, drawn with the game's own symbol art, then its
// wins, features, wallet transactions, and the game, RTP variant and model hash it was played on.
import './styles/round.css';
import type { OutcomeJson } from '../../src/engine/outcome.ts';
import type { RoundPage } from '../../src/services/round-details.ts';
import type { GameRules, Screen } from './api/types.ts';
import { formatAmount, toMinor } from './logic/money.ts';
import { createStage } from './scene/stage.ts';
import { SymbolArt } from './scene/symbols.ts';
import { h } from './ui/dom.ts';

const data = JSON.parse(document.getElementById('rf-round')?.textContent ?? '{}') as RoundPage;
const main = document.getElementById('round') as HTMLElement;

const hex = (color: number) => `#${color.toString(16).padStart(6, '0')}`;

function row(label: string, value: string, testId?: string) {
  return h(
    'tr',
    {},
    h('th', { scope: 'row' }, label),
    h('td', testId ? { 'data-testid': testId } : {}, value),
  );
}

function screenGrid(screen: Screen, art: SymbolArt | null, rules: GameRules, marked: Set<string>) {
  const reels = screen.symbols.length;
  const rows = Math.max(...screen.symbols.map((reel) => reel.length));
  const grid = h('div', { class: 'grid' });
  // Through the CSSOM: the page's CSP allows no inline style attributes.
  grid.style.setProperty('--reels', String(reels));
  for (let r = 0; r < rows; r++) {
    for (let reel = 0; reel < reels; reel++) {
      const id = screen.symbols[reel]?.[r] ?? -1;
      const symbol = rules.symbols[id];
      const value = screen.values?.[reel]?.[r] ?? 0;
      const url = art && id >= 0 ? art.iconUrl(id, 64) : '';
      const name = symbol?.name ?? 'empty';
      const cell = h(
        'div',
        { class: `cell${marked.has(`${reel},${r}`) ? ' win' : ''}`, title: name },
        url ? h('img', { src: url, alt: name }) : h('span', { class: 'name' }, id >= 0 ? name : ''),
        value > 0
          ? h('span', { class: 'value' }, symbol?.kind === 'multiplier' ? `×${value}` : `${value}`)
          : null,
      );
      if (art && id >= 0) cell.style.setProperty('--tile', hex(art.colorOf(id)));
      grid.append(cell);
    }
  }
  return grid;
}

function featureText(feature: OutcomeJson['features'][number]): string {
  switch (feature.type) {
    case 'free_spins':
      return `${feature.retrigger ? 'Retrigger: +' : ''}${feature.awarded} free spins`;
    case 'pick':
      return `Pick bonus: ${feature.picks.length} picks, ×${feature.multiplier}, ${feature.coins} coins`;
    case 'hold_and_collect':
      return `Hold & collect: ${feature.respins} respins${feature.full ? ', full screen' : ''}, ${feature.coins} coins`;
    case 'multiplier':
      return `Multiplier ×${feature.factor} on screen ${feature.screen + 1}`;
    case 'max_win':
      return 'Maximum win reached';
  }
}

async function render(): Promise<void> {
  const { round, outcome, game } = data;
  const rules = data.rules as GameRules;
  document.documentElement.style.setProperty('--accent', game.palette.accent);
  document.documentElement.style.setProperty('--bg', game.palette.background);
  let art: SymbolArt | null = null;
  try {
    const host = h('div', { class: 'offscreen', 'aria-hidden': 'true' });
    document.body.append(host);
    const stage = await createStage(host);
    art = new SymbolArt(rules.symbols, game.palette, stage.app.renderer);
  } catch {
    art = null; // no renderer: symbols are named instead of drawn
  }

  const money = (amount: string) => `${amount} ${round.currency}`;
  const summary = h(
    'table',
    { class: 'facts' },
    row('Round', round.round_id, 'round-id'),
    row('Player', round.player_id),
    row('Game', `${game.title} (${game.symbol})`, 'game'),
    row('RTP variant', data.variant, 'variant'),
    row('Model hash', data.model_hash, 'model-hash'),
    row('Played', new Date(round.created_at).toUTCString()),
    row('Status', round.status + (round.cancel_reason ? ` (${round.cancel_reason})` : '')),
    row(
      'Kind',
      round.free_round
        ? `free round of campaign ${round.free_round.campaign_id}`
        : `${round.kind}, ${round.mode} mode`,
    ),
    row('Bet', `coin ${round.coin} × level ${round.bet_level}`),
    row('Stake', money(round.stake), 'stake'),
    row('Win', money(round.win), 'win'),
    // A free round's win is what was paid: the campaign's max_win may have cut the game's.
    ...(round.status === 'settled' && BigInt(outcome.totalWin) > toMinor(round.win, round.currency)
      ? [
          row(
            'Capped',
            `the game's win of ${money(formatAmount(BigInt(outcome.totalWin), round.currency))} was cut to ${money(round.win)} by the free-rounds campaign's max_win`,
            'capped',
          ),
        ]
      : []),
    row(
      'Replay',
      data.replay_verified ? 'the stored draws re-derive this outcome exactly' : 'NOT verified',
      'replay',
    ),
  );

  const screens = outcome.screens.map((screen, i) => {
    const wins = outcome.wins.filter((w) => w.screen === i);
    const marked = new Set(wins.flatMap((w) => w.positions.map(([reel, r]) => `${reel},${r}`)));
    return h(
      'section',
      { class: 'screen', 'data-testid': 'screen' },
      h('h3', {}, `Screen ${i + 1} · ${screen.phase}`),
      screenGrid(screen as Screen, art, rules, marked),
    );
  });

  const wins = h(
    'ul',
    { class: 'wins', 'data-testid': 'wins' },
    ...(outcome.wins.length === 0
      ? [h('li', {}, 'No win')]
      : outcome.wins.map((w) => {
          const name = rules.symbols[w.symbol]?.name ?? w.kind;
          const where = w.line !== null ? ` on line ${w.line + 1}` : '';
          const won = formatAmount(BigInt(w.amount), round.currency);
          return h(
            'li',
            {},
            `Screen ${w.screen + 1}: ${w.count} × ${name}${where} (${w.kind}): ${money(won)}`,
          );
        })),
  );
  const features = h(
    'ul',
    { class: 'features', 'data-testid': 'features' },
    ...(outcome.features.length === 0
      ? [h('li', {}, 'None')]
      : outcome.features.map((f) => h('li', {}, featureText(f)))),
  );
  const transactions = h(
    'table',
    { class: 'transactions', 'data-testid': 'transactions' },
    h(
      'tr',
      {},
      ...['Transaction', 'Type', 'Action', 'Amount', 'Status'].map((t) => h('th', { scope: 'col' }, t)),
    ),
    ...round.transactions.map((tx) =>
      h(
        'tr',
        {},
        ...[tx.transaction_id, tx.type, tx.action_type, money(tx.amount), tx.status].map((t) =>
          h('td', {}, t),
        ),
      ),
    ),
  );

  main.replaceChildren(
    h('h1', {}, `${game.title} — round details`),
    summary,
    h('h2', {}, 'Screens'),
    h('div', { class: 'screens' }, ...screens),
    h('h2', {}, 'Wins'),
    wins,
    h('h2', {}, 'Features'),
    features,
    h('h2', {}, 'Wallet transactions'),
    transactions,
  );
  main.dataset.state = 'ready';
}

void render();
