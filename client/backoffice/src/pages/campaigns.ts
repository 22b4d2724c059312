// Tournaments & drops (issue 29): every campaign with its status; the ones waiting for a second
// admin, with Approve for any admin but their creator; a campaign's terms, operators and rates, its
// live standings (every player named, refreshed every 2 s), its flagged players and its prizes with
// their delivery status; and, for admins, the new-campaign form (campaign-forms.ts).
import type { CampaignView, PrizeView, StandingsView } from '../../../../src/services/campaigns.ts';
import { games, gameTitle, get, json, operatorNames, session } from '../api.ts';
import { formatTime, h, table } from '../dom.ts';
import {
  action,
  allowed,
  badge,
  clear,
  confirmButton,
  field,
  heading,
  input,
  type Notice,
  needs,
  notice,
} from '../ui.ts';
import { campaignForm } from './campaign-forms.ts';

const LIST_EVERY_MS = 5_000;
const STANDINGS_EVERY_MS = 2_000;

interface Flag {
  operator_id: string;
  player_id: string;
  reason: string;
  detail: unknown;
  flagged_at: string;
}

const STATUS_KIND: Record<CampaignView['status'], 'ok' | 'warn' | 'off' | 'info'> = {
  pending: 'warn',
  scheduled: 'info',
  running: 'ok',
  ended: 'info',
  frozen: 'off',
  cancelled: 'off',
};
const STATUS_TEXT: Record<CampaignView['status'], string> = {
  pending: 'waiting for approval',
  scheduled: 'scheduled',
  running: 'running',
  ended: 'ended, freezing',
  frozen: 'final',
  cancelled: 'cancelled',
};
const SCORING_TEXT: Record<NonNullable<CampaignView['scoring']>, string> = {
  max_multiplier: 'highest single win ÷ bet',
  best_n_ratio: 'total win ÷ total bet over the best N rounds',
  total_bet: 'total bet',
  qualifying_rounds: 'qualifying rounds',
};
const DELIVERY: Record<PrizeView['status'], [string, 'ok' | 'warn' | 'off' | 'info']> = {
  pending: ['being paid', 'warn'],
  acknowledged: ['paid', 'ok'],
  failed: ['parked for staff', 'off'],
  resolved: ['resolved by staff', 'info'],
};

const statusBadge = (campaign: Pick<CampaignView, 'status'>) =>
  badge(STATUS_TEXT[campaign.status], STATUS_KIND[campaign.status]);

const isOwn = (campaign: CampaignView) => campaign.created_by === `staff:${session.staff?.email}`;

function prizeText(prize: Record<string, unknown>, currency: string): string {
  const rounds = prize.free_rounds as
    | { rounds?: number; game?: string; coin?: string; bet_level?: number }
    | undefined;
  switch (prize.kind) {
    case 'cash':
      return `${String(prize.amount)} ${currency}`;
    case 'pool_share':
      return `${String(prize.share_percent)} % of the pool`;
    case 'bet_multiple':
      return `${String(prize.multiplier)}× the bet (bet counted up to ${String(prize.bet_cap)} ${currency})`;
    case 'free_rounds':
      return `${rounds?.rounds} free rounds of ${rounds?.game} at ${rounds?.coin} × ${rounds?.bet_level}`;
    default:
      return JSON.stringify(prize);
  }
}

function scheduleText(campaign: CampaignView): string {
  return `${formatTime(campaign.starts_at)} → ${formatTime(campaign.ends_at)}`;
}

function scopeText(campaign: CampaignView, nameOf: (id: string) => string): string {
  if (campaign.scope === 'operator' && campaign.owner_operator_id) return nameOf(campaign.owner_operator_id);
  const joined = campaign.operators.filter((op) => op.joined_at !== null).length;
  return `network · ${joined} of ${campaign.operators.length} opted in`;
}

function termsList(
  campaign: CampaignView,
  nameOf: (id: string) => string,
  titleOf: (symbol: string) => string,
): HTMLElement {
  const row = (term: string, ...value: Array<Node | string>) => [
    h('dt', null, term),
    h('dd', null, ...value),
  ];
  return h(
    'dl',
    { class: 'facts' },
    row('Kind', campaign.kind === 'tournament' ? 'Tournament' : 'Prize drop'),
    row('Status', statusBadge(campaign)),
    row('Runs (UTC)', scheduleText(campaign)),
    row('Games', campaign.games.map(titleOf).join(', ')),
    row('Minimum bet', `${campaign.min_bet} ${campaign.currency}`),
    campaign.scoring
      ? row(
          'Scored by',
          `${SCORING_TEXT[campaign.scoring]}${campaign.best_n ? ` (N = ${campaign.best_n})` : ''}`,
        )
      : [],
    row('Players opt in', campaign.opt_in_required ? 'yes' : 'no (a market may still require it)'),
    row('Budget', h('strong', null, `${campaign.budget} ${campaign.currency}`)),
    campaign.pool_amount ? row('Pool', `${campaign.pool_amount} ${campaign.currency}`) : [],
    row('Scope', scopeText(campaign, nameOf)),
    row('Created by', `${campaign.created_by} ${formatTime(campaign.created_at)}`),
    row('Approved by', campaign.approved_by ?? '—'),
    campaign.drop_commit ? row('Drop schedule commitment', h('code', null, campaign.drop_commit)) : [],
    campaign.drop_salt ? row('Schedule salt (revealed)', h('code', null, campaign.drop_salt)) : [],
  );
}

function prizeTable(campaign: CampaignView): HTMLElement {
  if (campaign.places)
    return table(
      ['Places', 'Prize'],
      campaign.places.map((place) => [
        place.from === place.to ? `${place.from}` : `${place.from}–${place.to}`,
        prizeText(place.prize, campaign.currency),
      ]),
      'Prize table',
    );
  return table(
    ['How many', 'Prize'],
    (campaign.drops ?? []).map((drop) => [String(drop.count), prizeText(drop.prize, campaign.currency)]),
    'Drop prizes',
  );
}

function operatorsTable(campaign: CampaignView, nameOf: (id: string) => string): HTMLElement {
  return table(
    ['Operator', 'Opted in (UTC)'],
    campaign.operators.map((op) => [
      nameOf(op.operator_id),
      op.joined_at ? formatTime(op.joined_at) : badge('invited', 'warn'),
    ]),
    'Operators',
  );
}

function standingsTable(standings: StandingsView, nameOf: (id: string) => string): HTMLElement {
  return table(
    ['Place', 'Player', 'Operator', 'Score', 'Rounds', 'Reached (UTC)'],
    standings.top.map((row) => [
      String(row.place),
      row.player_id ?? row.player,
      row.operator_id ? nameOf(row.operator_id) : '—',
      h('span', { class: 'figure' }, row.score_text),
      String(row.rounds),
      formatTime(row.score_at),
    ]),
    standings.final
      ? `Final standings · ${standings.players} players`
      : `Live standings · ${standings.players} players · refreshed every ${STANDINGS_EVERY_MS / 1000} s (updated ${formatTime(standings.updated_at)})`,
  );
}

function flagsTable(flags: Flag[], nameOf: (id: string) => string): HTMLElement {
  return table(
    ['Player', 'Operator', 'Why', 'Flagged (UTC)'],
    flags.map((flag) => [
      flag.player_id,
      nameOf(flag.operator_id),
      h(
        'span',
        null,
        flag.reason.replaceAll('_', ' '),
        h('pre', { class: 'small' }, JSON.stringify(flag.detail)),
      ),
      formatTime(flag.flagged_at),
    ]),
    'Flagged players (a fixed cadence and stake over a long stretch)',
  );
}

/** A parked prize's actions (support and admin): send it again, or close it as settled by hand. */
function parkedActions(prize: PrizeView, out: Notice, done: (message: string) => Promise<void>): HTMLElement {
  const path = `/api/admin/v1/campaigns/prizes/${encodeURIComponent(prize.prize_id)}`;
  const again = h('button', { type: 'button', class: 'secondary' }, 'Send again');
  again.addEventListener(
    'click',
    action(out, async () => {
      await json('POST', `${path}/retry`);
      await done(`Prize ${prize.prize_id} is being sent again (same transaction ${prize.transaction_id}).`);
    }),
  );
  const note = input('note', { maxlength: 1000, placeholder: 'e.g. paid by the operator, ticket 42' });
  const resolve = h('form', { class: 'inline-form', 'aria-label': `Settle prize ${prize.prize_id} by hand` });
  resolve.append(
    field('How it was settled', note),
    h('button', { type: 'submit', class: 'secondary' }, 'Resolve'),
  );
  resolve.addEventListener(
    'submit',
    action(out, async () => {
      await json('POST', `${path}/resolve`, { note: note.value.trim() });
      await done(`Prize ${prize.prize_id} is closed as settled by hand.`);
    }),
  );
  return h('div', { class: 'row-actions' }, again, resolve);
}

function prizesTable(
  prizes: PrizeView[],
  nameOf: (id: string) => string,
  act: ((prize: PrizeView) => HTMLElement) | null,
): HTMLElement {
  return table(
    ['Won', 'Player', 'Operator', 'Prize', 'Delivery', 'Transaction', 'Paid (UTC)'],
    prizes.map((prize) => {
      const [text, kind] = DELIVERY[prize.status];
      return [
        prize.source === 'place' ? `place ${prize.place}` : 'drop',
        prize.player_id,
        nameOf(prize.operator_id),
        prize.kind === 'cash'
          ? `${prize.amount} ${prize.currency}`
          : `free rounds${prize.free_round_grant_id ? ` (${prize.free_round_grant_id})` : ''}`,
        h('span', null, badge(text, kind), prize.status === 'failed' && act ? act(prize) : null),
        h('code', null, prize.transaction_id),
        formatTime(prize.paid_at),
      ];
    }),
    'Prizes and their delivery',
  );
}

export async function campaignsPage(main: HTMLElement): Promise<() => void> {
  const out = notice();
  const isAdmin = allowed('admin');
  const pending = h('div');
  const list = h('div', { 'data-testid': 'campaigns' });
  const detail = h('section', { class: 'panel', 'aria-labelledby': 'cmp-detail-title', hidden: true });
  const live = h('div', { 'data-testid': 'campaign-live' });
  let openId: string | null = null;
  let stopped = false;

  const approveButton = (campaign: CampaignView) => {
    if (!isAdmin) return null;
    const own = isOwn(campaign);
    const approve = h(
      'button',
      {
        type: 'button',
        disabled: own,
        title: own ? 'A different admin must approve' : undefined,
        'aria-label': `Approve ${campaign.name}`,
      },
      'Approve',
    );
    approve.addEventListener(
      'click',
      action(out, async () => {
        const { campaign: approved } = await json<{ campaign: CampaignView }>(
          'POST',
          `/api/admin/v1/campaigns/${encodeURIComponent(campaign.campaign_id)}/approve`,
        );
        await reload(`Approved “${approved.name}”: ${STATUS_TEXT[approved.status]}.`);
      }),
    );
    return h(
      'span',
      { class: 'row-actions' },
      approve,
      own ? h('span', { class: 'note' }, 'Yours: another admin approves it') : null,
    );
  };

  const canSettle = allowed('support');
  /** Redraws the standings, flags and prizes; not while someone is typing in them (unless `force`). */
  const drawLive = async (campaign: CampaignView, force = false) => {
    const typing = () => live.contains(document.activeElement) && document.activeElement?.matches('input');
    if (!force && typing()) return;
    const id = encodeURIComponent(campaign.campaign_id);
    const [{ standings }, { flags }, { prizes }, nameOf] = await Promise.all([
      get<{ standings: StandingsView }>(`/api/admin/v1/campaigns/${id}/standings`),
      get<{ flags: Flag[] }>(`/api/admin/v1/campaigns/${id}/flags`),
      get<{ prizes: PrizeView[] }>(`/api/admin/v1/campaigns/${id}/prizes`),
      operatorNames(),
    ]);
    if (openId !== campaign.campaign_id || (!force && typing())) return;
    clear(
      live,
      campaign.kind === 'tournament' || standings.top.length > 0 ? standingsTable(standings, nameOf) : null,
      flagsTable(flags, nameOf),
      prizesTable(
        prizes,
        nameOf,
        canSettle
          ? (prize) =>
              parkedActions(prize, out, async (message) => {
                await drawLive(campaign, true);
                out.ok(message);
              })
          : null,
      ),
    );
  };

  const openCampaign = async (id: string, focus = true) => {
    openId = id;
    const [{ campaign }, nameOf, gameList] = await Promise.all([
      get<{ campaign: CampaignView }>(`/api/admin/v1/campaigns/${encodeURIComponent(id)}`),
      operatorNames(),
      games(),
    ]);
    const titles = new Map(gameList.map((game) => [game.symbol, gameTitle(game)]));
    const titleOf = (symbol: string) => titles.get(symbol) ?? symbol;
    const stoppable = campaign.status !== 'frozen' && campaign.status !== 'cancelled';
    clear(
      detail,
      h('h2', { id: 'cmp-detail-title', tabindex: -1 }, `${campaign.name} `, statusBadge(campaign)),
      h('p', { class: 'meta' }, campaign.campaign_id),
      campaign.status === 'pending'
        ? h('div', { class: 'panel waiting' }, 'Waiting for a second admin. ', approveButton(campaign))
        : null,
      termsList(campaign, nameOf, titleOf),
      prizeTable(campaign),
      campaign.scope === 'network' ? operatorsTable(campaign, nameOf) : null,
      campaign.rates.length > 0
        ? table(
            ['Currency', `Rate (1 unit = … ${campaign.currency})`],
            campaign.rates.map((rate) => [rate.currency, rate.rate]),
            'Currency rates',
          )
        : null,
      live,
      isAdmin && stoppable
        ? h(
            'div',
            { class: 'actions danger-zone' },
            confirmButton(
              'Cancel campaign…',
              'Yes, cancel it',
              async () => {
                await json(
                  'POST',
                  `/api/admin/v1/campaigns/${encodeURIComponent(campaign.campaign_id)}/cancel`,
                );
                await reload(`“${campaign.name}” is cancelled.`);
              },
              out,
              `Cancel the campaign ${campaign.name}`,
            ),
            h('span', { class: 'hint' }, 'Nothing more scores and no prize is awarded.'),
          )
        : null,
    );
    detail.hidden = false;
    await drawLive(campaign);
    if (focus) detail.querySelector<HTMLElement>('h2')?.focus();
  };

  const load = async () => {
    const [{ campaigns }, nameOf] = await Promise.all([
      get<{ campaigns: CampaignView[] }>('/api/admin/v1/campaigns'),
      operatorNames(),
    ]);
    const waiting = campaigns.filter((campaign) => campaign.status === 'pending');
    clear(
      pending,
      waiting.length === 0
        ? null
        : h(
            'section',
            {
              class: 'panel waiting',
              'aria-label': 'Waiting for a second admin',
              'data-testid': 'campaign-approvals',
            },
            h('h2', null, 'Waiting for a second admin'),
            h(
              'ul',
              null,
              waiting.map((campaign) =>
                h(
                  'li',
                  null,
                  h('strong', null, campaign.name),
                  ` · ${campaign.kind === 'tournament' ? 'tournament' : 'prize drop'} · budget ${campaign.budget} ${campaign.currency} · ${scopeText(campaign, nameOf)} · ${scheduleText(campaign)} · by ${campaign.created_by} `,
                  approveButton(campaign),
                ),
              ),
            ),
          ),
    );
    clear(
      list,
      table(
        ['Campaign', 'Kind', 'Scope', 'Runs (UTC)', 'Budget', 'Status'],
        campaigns.map((campaign) => {
          const open = h('button', { type: 'button', class: 'link' }, campaign.name);
          open.addEventListener(
            'click',
            action(out, () => openCampaign(campaign.campaign_id)),
          );
          return [
            open,
            campaign.kind === 'tournament' ? 'Tournament' : 'Prize drop',
            scopeText(campaign, nameOf),
            scheduleText(campaign),
            `${campaign.budget} ${campaign.currency}`,
            statusBadge(campaign),
          ];
        }),
        `Tournaments and prize drops (refreshed every ${LIST_EVERY_MS / 1000} s)`,
      ),
    );
  };

  const reload = async (message: string) => {
    await load();
    if (openId) await openCampaign(openId, false);
    out.ok(message);
  };

  const create = isAdmin
    ? await campaignForm(out, async (campaign) => {
        await reload(
          campaign.status === 'pending'
            ? `“${campaign.name}” is waiting for a second admin's approval (budget ${campaign.budget} ${campaign.currency}).`
            : `“${campaign.name}” is ${STATUS_TEXT[campaign.status]}.`,
        );
      })
    : needs('admin', 'Creating, approving or cancelling a campaign');

  clear(
    main,
    heading(
      'Tournaments & drops',
      'Leaderboard tournaments and prize drops, for one operator or a network of operators who opt in. Every campaign has a prize budget: a second admin approves it before it runs.',
    ),
    out.element,
    pending,
    list,
    detail,
    create,
  );
  await load();
  const listTimer = setInterval(() => {
    if (!stopped) void load().catch((error: unknown) => out.error(error));
  }, LIST_EVERY_MS);
  const liveTimer = setInterval(() => {
    if (stopped || !openId || detail.hidden) return;
    const id = openId;
    void get<{ campaign: CampaignView }>(`/api/admin/v1/campaigns/${encodeURIComponent(id)}`)
      .then(({ campaign }) => drawLive(campaign))
      .catch((error: unknown) => out.error(error));
  }, STANDINGS_EVERY_MS);
  return () => {
    stopped = true;
    clearInterval(listTimer);
    clearInterval(liveTimer);
  };
}
