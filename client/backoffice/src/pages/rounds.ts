// Rounds: search by operator, player, round id or transaction id; a round's transactions, its
// signed details page (drawn by the game's renderer) and the staff replay.
import type { TransactionView } from '../../../../src/domain/transactions.ts';
import { get, HttpError, json, operatorNames, query } from '../api.ts';
import { formatTime, h, table } from '../dom.ts';
import {
  action,
  allowed,
  badge,
  clear,
  field,
  heading,
  input,
  latestLoad,
  needs,
  notice,
  operatorSelect,
  select,
} from '../ui.ts';

interface Round {
  id: string;
  operator_id: string;
  player_id: string;
  game_symbol: string;
  currency: string;
  status: string;
  stake: string;
  win: string;
  wallet_mode: string;
  variant: string;
  created_at: string;
  round_details_url: string;
  transactions: TransactionView[];
}

function detailsOf(
  round: Round,
  nameOf: (id: string) => string,
  out: ReturnType<typeof notice>,
): HTMLElement {
  const replayResult = h('div', { 'aria-live': 'polite', class: 'replay-result' });
  const replay = h('button', { type: 'button' }, 'Replay this round (staff)');
  replay.addEventListener(
    'click',
    action(out, async () => {
      try {
        const result = await json<{
          matches: boolean;
          certificate_hash: string | null;
          differences?: string[];
          certificate_checked?: boolean;
        }>('POST', `/api/admin/v1/rounds/${encodeURIComponent(round.id)}/replay`);
        clear(
          replayResult,
          h(
            'p',
            { class: 'notice ok' },
            result.matches ? 'Replay matches the stored round.' : 'Replay differs from the stored round.',
          ),
          h('p', { class: 'meta' }, 'Certificate ', h('code', null, result.certificate_hash)),
        );
      } catch (error) {
        if (error instanceof HttpError && error.status === 409) {
          clear(replayResult, h('p', { class: 'notice error' }, `Replay does not match: ${error.detail}`));
        } else throw error;
      }
    }),
  );
  const frame = h('iframe', {
    src: round.round_details_url,
    title: `Round ${round.id} drawn by the game`,
    class: 'round-frame',
    loading: 'lazy',
  });
  return h(
    'section',
    { class: 'panel', 'aria-labelledby': 'round-title' },
    h('h2', { id: 'round-title', tabindex: -1 }, `Round ${round.id}`),
    h(
      'dl',
      { class: 'facts' },
      [
        ['Operator', nameOf(round.operator_id)],
        ['Player', round.player_id],
        ['Game', `${round.game_symbol} (${round.variant})`],
        ['Stake', `${round.stake} ${round.currency}`],
        ['Win', `${round.win} ${round.currency}`],
        ['Status', round.status],
        ['Wallet', round.wallet_mode],
        ['Played', formatTime(round.created_at)],
      ].map(([term, value]) => [h('dt', null, term), h('dd', null, value)]),
    ),
    h('h3', null, 'Wallet transactions'),
    table(
      ['Transaction', 'Type', 'Amount', 'Status', 'Attempts', 'Last error'],
      round.transactions.map((tx) => [
        h('code', null, tx.id),
        tx.type,
        `${tx.amount} ${tx.currency}`,
        badge(tx.status, tx.status === 'failed' ? 'warn' : 'info'),
        String(tx.attempts),
        tx.last_error ?? '—',
      ]),
    ),
    h('h3', null, 'Replay'),
    allowed('support') ? replay : needs('support', 'Replaying a round'),
    replayResult,
    h(
      'p',
      null,
      h(
        'a',
        { href: round.round_details_url, target: '_blank', rel: 'noopener' },
        'Open the round details page in a new tab',
      ),
    ),
    frame,
  );
}

export async function roundsPage(main: HTMLElement): Promise<void> {
  const out = notice();
  const operator = await operatorSelect({ all: 'Any operator' });
  const nameOf = await operatorNames();
  const player = input('player_id', { maxlength: 64 });
  const roundId = input('round_id', { maxlength: 64 });
  const txId = input('transaction_id', { maxlength: 64 });
  const status = select('status', [
    ['', 'Any status'],
    ['open', 'Open'],
    ['settled', 'Settled'],
    ['cancelled', 'Cancelled'],
  ]);
  const results = h('div');
  const details = h('div');
  const form = h(
    'form',
    { class: 'filters', role: 'search', 'aria-label': 'Find rounds' },
    field('Operator', operator),
    field('Player id', player),
    field('Round id', roundId),
    field('Transaction id', txId),
    field('Status', status),
    h('button', { type: 'submit' }, 'Search'),
  );
  let before: string | null = null;
  const searches = latestLoad();
  const search = async (more: boolean) => {
    const current = searches.begin();
    const answer = await get<{ rounds: Round[]; next_before: string | null }>(
      `/api/admin/v1/rounds${query({
        operator_id: operator.value,
        player_id: player.value.trim(),
        round_id: roundId.value.trim(),
        transaction_id: txId.value.trim(),
        status: status.value,
        limit: 25,
        before: more ? before : undefined,
      })}`,
    );
    if (!current()) return;
    before = answer.next_before;
    const rows = answer.rounds.map((round) => {
      const open = h('button', { type: 'button', class: 'link' }, round.id);
      open.addEventListener('click', () => {
        clear(details, detailsOf(round, nameOf, out));
        details.querySelector<HTMLElement>('h2')?.focus();
      });
      return [
        open,
        nameOf(round.operator_id),
        round.player_id,
        round.game_symbol,
        `${round.stake} ${round.currency}`,
        `${round.win} ${round.currency}`,
        round.status,
        formatTime(round.created_at),
      ];
    });
    const next = h('button', { type: 'button', class: 'secondary' }, 'Older rounds');
    next.addEventListener(
      'click',
      action(out, () => search(true)),
    );
    clear(
      results,
      table(
        ['Round', 'Operator', 'Player', 'Game', 'Stake', 'Win', 'Status', 'Played (UTC)'],
        rows,
        `${rows.length} round(s)`,
      ),
      before ? next : null,
    );
    if (answer.rounds.length === 1 && (roundId.value || txId.value)) {
      clear(details, detailsOf(answer.rounds[0] as Round, nameOf, out));
    }
  };
  form.addEventListener(
    'submit',
    action(out, () => search(false)),
  );
  clear(
    main,
    heading('Rounds', 'Find a round; see its wallet transactions, its screens and replay it.'),
    out.element,
    form,
    results,
    details,
  );
  await search(false);
}
