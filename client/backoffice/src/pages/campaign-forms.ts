// The Tournaments & drops page's form (issue 29): a new tournament (scoring, best N, prize table by
// place: cash, free rounds or a share of a pool) or a prize drop (prizes with counts: cash, a
// multiple of the bet up to a cap, free rounds), for one operator or a network with a rate for each
// other currency. Every field starts at a value that works; a 400 is shown under the field it names
// (the server's checkCampaignRequest names it, e.g. "places[1].prize.amount: …").
import type { Scoring } from '../../../../src/domain/campaigns.ts';
import type { CampaignView } from '../../../../src/services/campaigns.ts';
import { type Game, games, gameTitle, HttpError, json, operators } from '../api.ts';
import { checkbox, h, uid } from '../dom.ts';
import { action, clear, field, input, type Notice, select } from '../ui.ts';

const SCORING: Record<Scoring, [string, string]> = {
  max_multiplier: ['Highest single win ÷ bet', 'The best multiplier of one round'],
  best_n_ratio: ['Total win ÷ total bet, best N rounds', 'Rewards steady play over the best rounds'],
  total_bet: ['Total bet', 'Everything staked on qualifying rounds'],
  qualifying_rounds: ['Number of qualifying rounds', 'One point a qualifying round'],
};
const PLACE_PRIZES: Array<[string, string]> = [
  ['cash', 'Cash'],
  ['free_rounds', 'Free rounds'],
  ['pool_share', 'Share of the pool'],
];
const DROP_PRIZES: Array<[string, string]> = [
  ['bet_multiple', 'Multiple of the bet (capped)'],
  ['cash', 'Cash'],
  ['free_rounds', 'Free rounds'],
];

/** An input that a 400 can point at: `data-field` holds the request's path of the field. */
function at<T extends HTMLElement>(path: string, element: T): T {
  element.dataset.field = path;
  return element;
}

/** "2026-12-01T18:00" for a datetime-local input, read as UTC. */
const utcInput = (date: Date) => date.toISOString().slice(0, 16);

function freeRoundsInputs(path: string, gameList: Game[], chosen: string[]): HTMLElement[] {
  const options = (chosen.length > 0 ? gameList.filter((g) => chosen.includes(g.symbol)) : gameList).map(
    (game): [string, string] => [game.symbol, gameTitle(game)],
  );
  return [
    field('Game', at(`${path}.game`, select('fr_game', options))),
    field('Rounds', at(`${path}.rounds`, input('fr_rounds', { value: '10', inputmode: 'numeric' }))),
    field('Coin', at(`${path}.coin`, input('fr_coin', { value: '0.10', inputmode: 'decimal' }))),
    field('Bet level', at(`${path}.bet_level`, input('fr_bet_level', { value: '1', inputmode: 'numeric' }))),
  ];
}

function readFreeRounds(row: HTMLElement) {
  const value = (name: string) => (row.querySelector(`[name="${name}"]`) as HTMLInputElement).value.trim();
  return {
    game: value('fr_game'),
    rounds: Number(value('fr_rounds')),
    coin: value('fr_coin'),
    bet_level: Number(value('fr_bet_level')),
  };
}

const readValue = (row: HTMLElement, name: string) =>
  (row.querySelector(`[name="${name}"]`) as HTMLInputElement | null)?.value.trim() ?? '';

/** A whole number as typed, or the text itself so that the server's 400 names the field. */
const wholeOrText = (text: string): number | string => (/^\d+$/.test(text) ? Number(text) : text);

/** One row of the prize table: places from–to and their prize. */
function placeRow(
  index: number,
  from: number,
  to: number,
  kind: string,
  amount: string,
  gameList: Game[],
  chosenGames: () => string[],
  onChange: () => void,
): HTMLElement {
  const path = `places[${index}]`;
  const row = h('fieldset', { class: 'prize-row', 'data-field': path });
  const kindSelect = at(`${path}.prize.kind`, select('prize_kind', PLACE_PRIZES, kind));
  const details = h('div', { class: 'prize-fields' });
  const draw = () => {
    const prize = `${path}.prize`;
    if (kindSelect.value === 'cash')
      clear(
        details,
        field('Amount', at(`${prize}.amount`, input('amount', { value: amount, inputmode: 'decimal' }))),
      );
    else if (kindSelect.value === 'pool_share')
      clear(
        details,
        field(
          'Share of the pool %',
          at(`${prize}.share_percent`, input('share_percent', { value: '10', inputmode: 'decimal' })),
          'Each place in the range gets this share',
        ),
      );
    else clear(details, freeRoundsInputs(`${prize}.free_rounds`, gameList, chosenGames()));
    onChange();
  };
  kindSelect.addEventListener('change', draw);
  const remove = h(
    'button',
    { type: 'button', class: 'link', 'aria-label': `Remove places row ${index + 1}` },
    'remove',
  );
  remove.addEventListener('click', () => {
    row.remove();
    onChange();
  });
  row.append(
    h('legend', null, 'Places'),
    h(
      'div',
      { class: 'prize-line' },
      field(
        'From place',
        at(`${path}.from`, input('from', { value: String(from), inputmode: 'numeric', size: 4 })),
      ),
      field('To place', at(`${path}.to`, input('to', { value: String(to), inputmode: 'numeric', size: 4 }))),
      field('Prize', kindSelect),
      details,
      index > 0 ? remove : null,
    ),
  );
  draw();
  return row;
}

function dropRow(
  index: number,
  count: number,
  kind: string,
  gameList: Game[],
  chosenGames: () => string[],
  onRemove: () => void,
): HTMLElement {
  const path = `drops[${index}]`;
  const row = h('fieldset', { class: 'prize-row', 'data-field': path });
  const kindSelect = at(`${path}.prize.kind`, select('prize_kind', DROP_PRIZES, kind));
  const details = h('div', { class: 'prize-fields' });
  const draw = () => {
    const prize = `${path}.prize`;
    if (kindSelect.value === 'cash')
      clear(
        details,
        field('Amount', at(`${prize}.amount`, input('amount', { value: '10.00', inputmode: 'decimal' }))),
      );
    else if (kindSelect.value === 'bet_multiple')
      clear(
        details,
        field(
          'Multiplier ×',
          at(`${prize}.multiplier`, input('multiplier', { value: '10', inputmode: 'numeric', size: 5 })),
        ),
        field(
          'Bet counted up to',
          at(`${prize}.bet_cap`, input('bet_cap', { value: '1.00', inputmode: 'decimal' })),
          'The prize is multiplier × the winning bet, the bet counted up to this',
        ),
      );
    else clear(details, freeRoundsInputs(`${prize}.free_rounds`, gameList, chosenGames()));
  };
  kindSelect.addEventListener('change', draw);
  const remove = h(
    'button',
    { type: 'button', class: 'link', 'aria-label': `Remove prize row ${index + 1}` },
    'remove',
  );
  remove.addEventListener('click', () => {
    row.remove();
    onRemove();
  });
  row.append(
    h('legend', null, 'Prizes'),
    h(
      'div',
      { class: 'prize-line' },
      field(
        'How many',
        at(`${path}.count`, input('count', { value: String(count), inputmode: 'numeric', size: 5 })),
      ),
      field('Prize', kindSelect),
      details,
      index > 0 ? remove : null,
    ),
  );
  draw();
  return row;
}

/** Shows a 400's problem under the field it names (or the nearest enclosing one); false if none. */
export function showFieldError(form: HTMLElement, detail: string): boolean {
  const match = /^([A-Za-z_][\w.[\]]*): (.+)$/s.exec(detail);
  if (!match) return false;
  let path = match[1] as string;
  const problem = match[2] as string;
  for (;;) {
    const target = form.querySelector<HTMLElement>(`[data-field="${CSS.escape(path)}"]`);
    if (target && !target.closest('[hidden]')) {
      const message = h('span', { class: 'field-error', id: uid('err'), role: 'alert' }, `${problem}`);
      target.setAttribute('aria-invalid', 'true');
      target.setAttribute(
        'aria-describedby',
        [target.getAttribute('aria-describedby'), message.id].filter(Boolean).join(' '),
      );
      (target.closest('.field') ?? target).append(message);
      // Typing a new value takes the complaint away; the next submit checks again.
      target.addEventListener(
        'input',
        () => {
          message.remove();
          target.removeAttribute('aria-invalid');
        },
        { once: true },
      );
      const focusable = target.matches('input, select, textarea')
        ? target
        : target.querySelector<HTMLElement>('input, select, textarea');
      focusable?.focus();
      return true;
    }
    const shorter = path.replace(/(\.[^.[\]]+|\[\d+\])$/, '');
    if (shorter === path || shorter === '') return false;
    path = shorter;
  }
}

function clearFieldErrors(form: HTMLElement): void {
  for (const message of form.querySelectorAll('.field-error')) message.remove();
  for (const invalid of form.querySelectorAll('[aria-invalid="true"]')) {
    invalid.removeAttribute('aria-invalid');
    const rest = (invalid.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter((id) => id !== '' && !id.startsWith('err-'))
      .join(' ');
    if (rest) invalid.setAttribute('aria-describedby', rest);
    else invalid.removeAttribute('aria-describedby');
  }
}

export async function campaignForm(
  out: Notice,
  done: (campaign: CampaignView) => Promise<void>,
): Promise<HTMLElement> {
  const [ops, gameList] = await Promise.all([operators(), games()]);
  const liveGames = gameList.filter((game) => game.live);
  const offered = liveGames.length > 0 ? liveGames : gameList;

  const kind = select(
    'kind',
    [
      ['tournament', 'Tournament'],
      ['drop', 'Prize drop'],
    ],
    'tournament',
  );
  at('kind', kind);
  const name = at(
    'name',
    input('name', { required: true, maxlength: 80, placeholder: 'Friday Multiplier Race' }),
  );
  const scope = at(
    'scope',
    select(
      'scope',
      [
        ['network', 'Network: operators who opt in'],
        ['operator', 'One operator'],
      ],
      'network',
    ),
  );
  const owner = at(
    'operator_id',
    select(
      'operator_id',
      ops.map((op): [string, string] => [op.id, `${op.name} (${op.currency})`]),
    ),
  );
  const ownerField = field('Operator', owner);
  const operatorBoxes = ops.map((op) =>
    h('input', {
      type: 'checkbox',
      name: 'operators',
      value: op.id,
      checked: true,
      'data-currency': op.currency,
    }),
  );
  const operatorSet = at(
    'operators',
    h(
      'fieldset',
      { class: 'choices' },
      h('legend', null, 'Operators invited (each opts in through the provider API)'),
      ops.length === 0
        ? h('p', { class: 'meta' }, 'No operators yet.')
        : ops.map((op, i) => checkbox(`${op.name} · ${op.currency}`, operatorBoxes[i] as HTMLInputElement)),
    ),
  );
  const currency = at(
    'currency',
    input('currency', { value: ops[0]?.currency ?? 'EUR', maxlength: 3, required: true, size: 4 }),
  );
  const rates = h('div', { class: 'rates', 'data-field': 'rates' });
  const rateValues = new Map<string, string>();
  const chosenOperators = () =>
    scope.value === 'operator'
      ? ops.filter((op) => op.id === owner.value)
      : ops.filter((_op, i) => (operatorBoxes[i] as HTMLInputElement).checked);
  const drawRates = () => {
    for (const el of rates.querySelectorAll<HTMLInputElement>('input'))
      rateValues.set(el.name.slice(5), el.value);
    const code = currency.value.trim().toUpperCase();
    const others = [...new Set(chosenOperators().map((op) => op.currency))].filter((c) => c !== code);
    clear(
      rates,
      others.length === 0
        ? null
        : [
            h(
              'p',
              { class: 'hint' },
              `Players in other currencies score and win in theirs, at these rates to ${code}:`,
            ),
            h(
              'div',
              { class: 'inline-form' },
              others.map((other) =>
                field(
                  `1 ${other} =`,
                  at(
                    `rates.${other}`,
                    input(`rate_${other}`, {
                      value: rateValues.get(other) ?? '',
                      required: true,
                      inputmode: 'decimal',
                      placeholder: '1.00',
                      size: 8,
                    }),
                  ),
                  code,
                ),
              ),
            ),
          ],
    );
  };

  const gameBoxes = offered.map((game, i) =>
    h('input', { type: 'checkbox', name: 'games', value: game.symbol, checked: i === 0 }),
  );
  const gameSet = at(
    'games',
    h(
      'fieldset',
      { class: 'choices' },
      h('legend', null, 'Games'),
      offered.map((game, i) => checkbox(`${gameTitle(game)}`, gameBoxes[i] as HTMLInputElement)),
    ),
  );
  const chosenGames = () =>
    offered.filter((_g, i) => (gameBoxes[i] as HTMLInputElement).checked).map((g) => g.symbol);

  const start = new Date(Math.ceil((Date.now() + 30 * 60_000) / 3_600_000) * 3_600_000);
  const startsAt = at(
    'starts_at',
    input('starts_at', { type: 'datetime-local', value: utcInput(start), required: true }),
  );
  const endsAt = at(
    'ends_at',
    input('ends_at', {
      type: 'datetime-local',
      value: utcInput(new Date(start.getTime() + 86_400_000)),
      required: true,
    }),
  );
  const minBet = at('min_bet', input('min_bet', { value: '0.20', inputmode: 'decimal', size: 8 }));
  const optIn = at(
    'opt_in_required',
    h('input', { type: 'checkbox', name: 'opt_in_required', checked: true }),
  );

  // Tournament.
  const scoring = at(
    'scoring',
    select(
      'scoring',
      (Object.keys(SCORING) as Scoring[]).map((key): [string, string] => [key, SCORING[key][0]]),
      'max_multiplier',
    ),
  );
  const scoringHint = h('span', { class: 'hint' });
  const bestN = at('best_n', input('best_n', { value: '10', inputmode: 'numeric', size: 4 }));
  const bestNField = field('Best N rounds', bestN, 'How many of each player’s best rounds count');
  const drawScoring = () => {
    scoringHint.textContent = SCORING[scoring.value as Scoring][1];
    bestNField.hidden = scoring.value !== 'best_n_ratio';
  };
  scoring.addEventListener('change', drawScoring);
  const places = h('div', { class: 'prize-rows' });
  const poolAmount = at('pool_amount', input('pool_amount', { value: '1000.00', inputmode: 'decimal' }));
  const poolField = field(
    'Pool to share',
    poolAmount,
    'What the “share of the pool” places divide, in the campaign currency',
  );
  const placeRows = () => [...places.querySelectorAll<HTMLElement>('fieldset.prize-row')];
  const renumber = (rows: HTMLElement[], prefix: 'places' | 'drops') =>
    rows.forEach((row, index) => {
      for (const el of [row, ...row.querySelectorAll<HTMLElement>('[data-field]')])
        el.dataset.field = (el.dataset.field ?? '').replace(/^(places|drops)\[\d+\]/, `${prefix}[${index}]`);
    });
  const placesChanged = () => {
    renumber(placeRows(), 'places');
    poolField.hidden = !placeRows().some(
      (row) => (row.querySelector('select[name="prize_kind"]') as HTMLSelectElement).value === 'pool_share',
    );
  };
  const addPlace = (from: number, to: number, prizeKind: string, amount: string) =>
    places.append(
      placeRow(placeRows().length, from, to, prizeKind, amount, offered, chosenGames, placesChanged),
    );
  addPlace(1, 1, 'cash', '500.00');
  addPlace(2, 2, 'cash', '250.00');
  // Cash by default: a free-rounds prize needs a campaign of one currency (no rates).
  addPlace(3, 10, 'cash', '25.00');
  placesChanged();
  const addPlaceButton = h('button', { type: 'button', class: 'secondary' }, 'Add places');
  addPlaceButton.addEventListener('click', () => {
    const last = placeRows().at(-1);
    const next = last ? Number(readValue(last, 'to')) + 1 || 1 : 1;
    addPlace(next, next, 'cash', '10.00');
    placesChanged();
  });

  // Drop.
  const drops = h('div', { class: 'prize-rows' });
  const dropRows = () => [...drops.querySelectorAll<HTMLElement>('fieldset.prize-row')];
  const dropsChanged = () => renumber(dropRows(), 'drops');
  drops.append(
    dropRow(0, 50, 'bet_multiple', offered, chosenGames, dropsChanged),
    dropRow(1, 10, 'cash', offered, chosenGames, dropsChanged),
  );
  const addDropButton = h('button', { type: 'button', class: 'secondary' }, 'Add prizes');
  addDropButton.addEventListener('click', () => {
    drops.append(dropRow(dropRows().length, 10, 'cash', offered, chosenGames, dropsChanged));
    dropsChanged();
  });

  const tournamentPart = h(
    'div',
    { 'data-part': 'tournament' },
    h('h3', null, 'Scoring'),
    h('div', { class: 'grid-form' }, field('Scored by', scoring), bestNField),
    scoringHint,
    h('h3', null, 'Prize table'),
    h(
      'p',
      { class: 'hint' },
      'Places run on from 1 without gaps. Equal scores: the earlier one places first.',
    ),
    places,
    h('div', { class: 'actions' }, addPlaceButton),
    poolField,
  );
  const dropPart = h(
    'div',
    { 'data-part': 'drop', hidden: true },
    h('h3', null, 'Prizes'),
    h(
      'p',
      { class: 'hint' },
      'Each prize lands on the first qualifying spin after a moment drawn at approval from the certified RNG and committed before the start: who plays never chooses where it lands.',
    ),
    drops,
    h('div', { class: 'actions' }, addDropButton),
  );

  const drawKind = () => {
    tournamentPart.hidden = kind.value !== 'tournament';
    dropPart.hidden = kind.value !== 'drop';
    name.placeholder = kind.value === 'tournament' ? 'Friday Multiplier Race' : 'Hourly Cash Drops';
  };
  const drawScope = () => {
    ownerField.hidden = scope.value !== 'operator';
    operatorSet.hidden = scope.value !== 'network';
    drawRates();
  };
  kind.addEventListener('change', drawKind);
  scope.addEventListener('change', drawScope);
  owner.addEventListener('change', drawRates);
  currency.addEventListener('input', drawRates);
  for (const box of operatorBoxes) box.addEventListener('change', drawRates);
  drawKind();
  drawScope();
  drawScoring();

  const submit = h('button', { type: 'submit' }, 'Create campaign');
  const form = h(
    'form',
    { 'aria-label': 'New campaign', novalidate: true },
    h(
      'div',
      { class: 'grid-form' },
      field('Kind', kind, 'A tournament ranks players; a drop lands prizes on random qualifying spins'),
      field('Name', name, 'Shown to players'),
      field('Scope', scope),
      ownerField,
    ),
    operatorSet,
    h(
      'div',
      { class: 'grid-form' },
      field('Currency', currency, 'The campaign’s amounts and prizes (ISO 4217)'),
      field('Starts (UTC)', startsAt, 'In the future: a drop’s schedule is committed before the start'),
      field('Ends (UTC)', endsAt, 'At most 92 days after the start'),
      field('Minimum bet', minBet, 'The least bet that qualifies, in the campaign currency'),
    ),
    rates,
    gameSet,
    checkbox('Players opt in before their rounds count (recommended; some markets require it)', optIn),
    tournamentPart,
    dropPart,
    h(
      'p',
      { class: 'hint' },
      'The campaign’s budget (the most it can pay in cash) is worked out from the prizes; a second admin approves it before the campaign can run.',
    ),
    h('div', { class: 'actions' }, submit),
  );

  const prizeOf = (row: HTMLElement): Record<string, unknown> => {
    const prizeKind = (row.querySelector('select[name="prize_kind"]') as HTMLSelectElement).value;
    if (prizeKind === 'cash') return { kind: 'cash', amount: readValue(row, 'amount') };
    if (prizeKind === 'pool_share')
      return { kind: 'pool_share', share_percent: readValue(row, 'share_percent') };
    if (prizeKind === 'bet_multiple')
      return {
        kind: 'bet_multiple',
        multiplier: wholeOrText(readValue(row, 'multiplier')),
        bet_cap: readValue(row, 'bet_cap'),
      };
    return { kind: 'free_rounds', free_rounds: readFreeRounds(row) };
  };

  const body = (): Record<string, unknown> => {
    const code = currency.value.trim().toUpperCase();
    const rateEntries = [...rates.querySelectorAll<HTMLInputElement>('input')].map((el) => [
      el.name.slice(5),
      el.value.trim(),
    ]);
    const common: Record<string, unknown> = {
      kind: kind.value,
      name: name.value.trim(),
      scope: scope.value,
      currency: code,
      games: chosenGames(),
      starts_at: startsAt.value ? `${startsAt.value}:00Z` : '',
      ends_at: endsAt.value ? `${endsAt.value}:00Z` : '',
      min_bet: minBet.value.trim() || '0',
      opt_in_required: (optIn as HTMLInputElement).checked,
      ...(rateEntries.length > 0 ? { rates: Object.fromEntries(rateEntries) } : {}),
    };
    if (scope.value === 'operator') common.operator_id = owner.value;
    else common.operators = chosenOperators().map((op) => op.id);
    if (kind.value === 'drop')
      return {
        ...common,
        drops: dropRows().map((row) => ({
          count: wholeOrText(readValue(row, 'count')),
          prize: prizeOf(row),
        })),
      };
    const table = placeRows().map((row) => ({
      from: wholeOrText(readValue(row, 'from')),
      to: wholeOrText(readValue(row, 'to')),
      prize: prizeOf(row),
    }));
    return {
      ...common,
      scoring: scoring.value,
      ...(scoring.value === 'best_n_ratio' ? { best_n: wholeOrText(bestN.value.trim()) } : {}),
      places: table,
      ...(poolField.hidden ? {} : { pool_amount: poolAmount.value.trim() }),
    };
  };

  form.addEventListener(
    'submit',
    action(out, async () => {
      clearFieldErrors(form);
      try {
        const { campaign } = await json<{ campaign: CampaignView }>(
          'POST',
          '/api/admin/v1/campaigns',
          body(),
        );
        panel.open = false;
        // The rest stays as it was: the next campaign is often the same with another name.
        name.value = '';
        await done(campaign);
      } catch (error) {
        if (error instanceof HttpError && error.status === 400) showFieldError(form, error.detail);
        throw error;
      }
    }),
  );
  const panel = h(
    'details',
    { class: 'panel', 'data-testid': 'new-campaign' },
    h('summary', null, 'New tournament or prize drop'),
    form,
  );
  return panel;
}
