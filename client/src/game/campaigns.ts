// Tournaments and prize drops in the game (issue 29): a badge in the notes line above the reels
// while the session has campaigns, opening a panel beside the reels (not a modal: play goes on)
// with each campaign's rules, the opt-in, the live leaderboard (the top ten and the player's own
// place) and the prizes won; a banner that celebrates a prize when the player's prizes grow. GET
// campaigns every 2 s while the tab is visible and at once after each spin; a demo session or a
// market without promotions never asks (what is shown and in what words: logic/campaigns.ts).
import type { RuntimeClient } from '../api/runtime.ts';
import type { SessionCampaign } from '../api/types.ts';
import { language, t } from '../i18n/i18n.ts';
import {
  boardRows,
  campaignsToShow,
  clockText,
  newPrizes,
  phaseOf,
  placesText,
  placeText,
  prizePaid,
  prizeSpecText,
  rulesOf,
  tabOrder,
  wonText,
} from '../logic/campaigns.ts';
import { pollDelay } from '../logic/jackpots.ts';
import { h } from '../ui/dom.ts';

/** How long a prize's banner stays (it never blocks play; the close button ends it sooner). */
const BANNER_MS = 7_000;
/** Without campaigns the session is asked again now and then, for one that starts later. */
const IDLE_POLL_MS = 30_000;
/**
 * How often a leaderboard is read while shown: a round is scored within 200 ms of its settling
 * (the server's flush), so another player's round shows here within 1.7 s.
 */
const LIVE_POLL_MS = 1_500;

/** A campaign's start or end: the date and the minute, in the player's language and time zone. */
const periodDate = (date: Date) =>
  new Intl.DateTimeFormat(language(), { dateStyle: 'medium', timeStyle: 'short' }).format(date);

export interface CampaignOptions {
  client: RuntimeClient;
  /** The HUD's root: the badge goes in its notes line, the panel and banner over its reels' area. */
  root: HTMLElement;
  playerId: string;
  currency: string;
  game: { symbol: string; title: string };
  /** Demo play or a market that bans promotions: nothing to show, nothing asked. */
  enabled: boolean;
}

export class CampaignWidget {
  private readonly client: RuntimeClient;
  private readonly options: CampaignOptions;
  private readonly badge: HTMLButtonElement;
  private readonly panel: HTMLElement;
  private readonly banner: HTMLElement;
  private entries: SessionCampaign[] = [];
  private selected: string | null = null;
  /** Prize ids the player has been shown; null until the first reading (old prizes are not news). */
  private seen: Set<string> | null = null;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private bannerTimer: ReturnType<typeof setTimeout> | null = null;
  private reading: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private joining: string | null = null;
  private joinFailed: string | null = null;
  private readonly onVisibility = () => {
    if (document.visibilityState === 'visible') void this.refresh();
    else this.clearTimer();
  };
  private readonly onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !this.panel.hidden) {
      this.toggle(false);
      this.badge.focus();
    }
  };

  constructor(options: CampaignOptions) {
    this.options = options;
    this.client = options.client;
    const notes = options.root.querySelector<HTMLElement>('.notes') ?? options.root;
    const area = notes.parentElement ?? options.root;
    this.badge = h('button', {
      type: 'button',
      class: 'cmp-badge',
      'data-testid': 'campaign-badge',
      'aria-expanded': 'false',
      'aria-controls': 'campaign-panel',
      hidden: true,
    });
    this.badge.addEventListener('click', () => this.toggle(this.panel.hidden));
    this.panel = h('section', {
      class: 'cmp-panel',
      id: 'campaign-panel',
      'data-testid': 'campaign-panel',
      'aria-label': t('campaign.panel'),
      hidden: true,
    });
    this.banner = h('div', {
      class: 'cmp-banner',
      role: 'status',
      'data-testid': 'campaign-banner',
      hidden: true,
    });
    notes.append(this.badge);
    area.append(this.panel, this.banner);
  }

  /** The campaigns as last read (tests and tools). */
  get latest(): readonly SessionCampaign[] {
    return this.entries;
  }

  start(): Promise<void> {
    if (!this.options.enabled) {
      this.stopped = true;
      return Promise.resolve();
    }
    document.addEventListener('visibilitychange', this.onVisibility);
    document.addEventListener('keydown', this.onKey);
    window.addEventListener('resize', this.fitAboveControls);
    return this.refresh();
  }

  stop(): void {
    this.stopped = true;
    this.clearTimer();
    document.removeEventListener('visibilitychange', this.onVisibility);
    document.removeEventListener('keydown', this.onKey);
    window.removeEventListener('resize', this.fitAboveControls);
  }

  /** Reads the campaigns now (after a spin: its score and any drop it took show at once). */
  refresh(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.reading) {
      this.again = true;
      return this.reading;
    }
    this.clearTimer();
    this.reading = this.read().finally(() => {
      this.reading = null;
      if (this.again) {
        this.again = false;
        void this.refresh();
      } else this.schedule();
    });
    return this.reading;
  }

  private async read(): Promise<void> {
    try {
      const answer = await this.client.campaigns();
      this.failures = 0;
      this.take(answer.campaigns);
    } catch {
      this.failures++; // what is on screen stays; the next read backs off
    }
  }

  private take(campaigns: SessionCampaign[]): void {
    this.entries = campaignsToShow(campaigns, Date.now());
    const fresh = this.seen ? newPrizes(this.seen, this.entries) : [];
    this.seen ??= new Set();
    for (const entry of this.entries) for (const prize of entry.prizes ?? []) this.seen.add(prize.prize_id);
    if (!this.entries.some((entry) => entry.campaign.campaign_id === this.selected))
      this.selected = this.entries[0]?.campaign.campaign_id ?? null;
    this.render();
    const prize = fresh[0];
    if (prize) this.celebrate(prize, fresh.length);
  }

  private schedule(): void {
    if (this.stopped || document.visibilityState !== 'visible') return;
    const delay =
      this.entries.length === 0
        ? IDLE_POLL_MS
        : this.failures === 0
          ? LIVE_POLL_MS
          : pollDelay(this.failures);
    this.timer = setTimeout(() => void this.refresh(), delay);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private toggle(open: boolean): void {
    this.panel.hidden = !open || this.entries.length === 0;
    this.badge.setAttribute('aria-expanded', String(!this.panel.hidden));
    if (!this.panel.hidden) {
      this.fitAboveControls();
      this.renderPanel();
    }
  }

  /** Where the controls begin: a narrow screen's sheet stops above them (campaigns.css). */
  private readonly fitAboveControls = () => {
    const controls = this.options.root.querySelector('footer');
    if (!controls) return;
    const gap = window.innerHeight - controls.getBoundingClientRect().top + 6;
    this.panel.style.setProperty('--cmp-above-controls', `${Math.max(6, Math.round(gap))}px`);
  };

  private get current(): SessionCampaign | undefined {
    return this.entries.find((entry) => entry.campaign.campaign_id === this.selected) ?? this.entries[0];
  }

  private gameTitle = (symbol: string) =>
    symbol === this.options.game.symbol ? this.options.game.title : symbol;

  private render(): void {
    const entry = this.entries[0];
    this.badge.hidden = !entry;
    if (!entry) {
      this.toggle(false);
      return;
    }
    const now = Date.now();
    const { campaign } = entry;
    const stand =
      campaign.kind === 'tournament' && entry.me
        ? h(
            'span',
            { class: 'cmp-badge-place', 'data-testid': 'campaign-badge-place' },
            placeText(entry.me.place),
          )
        : entry.can_enter
          ? h('span', { class: 'cmp-badge-join' }, t('campaign.join'))
          : null;
    this.badge.dataset.kind = campaign.kind;
    this.badge.dataset.phase = phaseOf(entry, now);
    this.badge.replaceChildren(
      h('span', { class: 'cmp-icon', 'aria-hidden': 'true' }),
      h('span', { class: 'cmp-badge-kind' }, t(`campaign.kind.${campaign.kind}`)),
      stand ?? '',
      h('span', { class: 'cmp-badge-clock' }, clockText(entry, now)),
      this.entries.length > 1
        ? h('span', { class: 'cmp-badge-more' }, t('campaign.badge.more', { count: this.entries.length - 1 }))
        : '',
      // Named by what it shows, then what it opens (a speech user says what they see).
      h('span', { class: 'sr-only' }, `, ${t('campaign.badge.label', { name: campaign.name })}`),
    );
    if (!this.panel.hidden) this.renderPanel();
  }

  private renderPanel(): void {
    const entry = this.current;
    if (!entry) return;
    const { campaign } = entry;
    const now = Date.now();
    const close = h(
      'button',
      {
        type: 'button',
        class: 'cmp-close',
        'aria-label': t('campaign.close'),
        title: t('campaign.close'),
        'data-key': 'close',
      },
      '×',
    );
    close.addEventListener('click', () => {
      this.toggle(false);
      this.badge.focus();
    });
    const tabs =
      this.entries.length > 1
        ? h(
            'div',
            { class: 'cmp-tabs', role: 'group', 'aria-label': t('campaign.panel') },
            ...tabOrder(this.entries).map((other) => {
              const tab = h(
                'button',
                {
                  type: 'button',
                  class: 'cmp-tab',
                  'data-key': `tab:${other.campaign.campaign_id}`,
                  'aria-pressed': String(other.campaign.campaign_id === campaign.campaign_id),
                },
                other.campaign.name,
              );
              tab.addEventListener('click', () => {
                this.selected = other.campaign.campaign_id;
                this.renderPanel();
              });
              return tab;
            }),
          )
        : null;
    // Drawn again every reading: the scroll and the keyboard's place carry over to the new elements.
    const scroll = this.panel.querySelector('.cmp-body')?.scrollTop ?? 0;
    const focused = this.panel.contains(document.activeElement)
      ? (document.activeElement as HTMLElement).dataset.key
      : undefined;
    // Focusable, so a keyboard can scroll it (the rules run long on a phone).
    const body = h(
      'div',
      { class: 'cmp-body', tabindex: 0, role: 'region', 'aria-label': campaign.name, 'data-key': 'body' },
      this.standSection(entry),
      campaign.kind === 'tournament' ? this.boardSection(entry) : null,
      this.prizeTable(entry),
      this.wonSection(entry),
      this.rulesSection(entry),
    );
    this.panel.dataset.kind = campaign.kind;
    this.panel.dataset.campaign = campaign.campaign_id;
    this.panel.replaceChildren(
      h(
        'header',
        { class: 'cmp-head' },
        h('span', { class: 'cmp-icon', 'aria-hidden': 'true' }),
        h(
          'div',
          { class: 'cmp-titles' },
          h('span', { class: 'cmp-kind' }, t(`campaign.kind.${campaign.kind}`)),
          h('h2', { class: 'cmp-name' }, campaign.name),
          h('span', { class: 'cmp-clock', 'data-testid': 'campaign-clock' }, clockText(entry, now)),
        ),
        close,
      ),
      tabs ?? '',
      body,
    );
    body.scrollTop = scroll;
    // The Join button goes once the player is in: the keyboard carries on in the panel's body.
    if (focused)
      (
        this.panel.querySelector<HTMLElement>(`[data-key="${focused}"]`) ?? (focused === 'join' ? body : null)
      )?.focus();
  }

  /** The player's own standing, or the way in: the Join button where they may opt in. */
  private standSection(entry: SessionCampaign): HTMLElement {
    const { campaign } = entry;
    const id = campaign.campaign_id;
    if (entry.can_enter) {
      const join = h(
        'button',
        { type: 'button', class: 'cmp-join', 'data-testid': 'campaign-join', 'data-key': 'join' },
        this.joining === id ? t('campaign.joining') : t('campaign.join'),
      );
      // Not disabled while it works: a disabled button would drop the keyboard's focus.
      join.setAttribute('aria-disabled', String(this.joining === id));
      join.addEventListener('click', () => {
        if (this.joining === null) void this.join(id);
      });
      return h(
        'div',
        { class: 'cmp-stand cmp-stand-join' },
        h('p', {}, t('campaign.join_hint')),
        join,
        this.joinFailed === id
          ? h('p', { class: 'cmp-error', role: 'alert' }, t('campaign.join_failed'))
          : null,
      );
    }
    const me = entry.me;
    const lines: Array<HTMLElement | null> = [
      entry.entered
        ? h('span', { class: 'cmp-in', 'data-testid': 'campaign-joined' }, t('campaign.joined'))
        : null,
    ];
    if (campaign.kind === 'tournament')
      lines.push(
        me
          ? h(
              'span',
              { class: 'cmp-me', 'data-testid': 'campaign-me' },
              h('strong', {}, placeText(me.place)),
              h('span', {}, t('campaign.me.score', { score: me.score_text })),
            )
          : h('span', { class: 'cmp-me' }, t('campaign.me.none')),
      );
    return h('div', { class: 'cmp-stand' }, ...lines);
  }

  private boardSection(entry: SessionCampaign): HTMLElement {
    const rows = boardRows(entry, this.options.playerId);
    const players = entry.standings?.players ?? 0;
    const table = rows.length
      ? h(
          'table',
          { class: 'cmp-board', 'data-testid': 'campaign-board' },
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              h('th', { scope: 'col' }, t('campaign.board.place')),
              h('th', { scope: 'col' }, t('campaign.board.player')),
              h('th', { scope: 'col' }, t('campaign.board.score')),
            ),
          ),
          h(
            'tbody',
            {},
            ...rows.map((row) =>
              h(
                'tr',
                {
                  class: `${row.mine ? 'mine' : ''}${row.apart ? ' apart' : ''}`.trim() || undefined,
                  'data-testid': row.mine ? 'campaign-my-row' : 'campaign-row',
                  'data-place': row.place,
                  'aria-current': row.mine ? 'true' : undefined,
                },
                h('td', { class: 'cmp-place' }, String(row.place)),
                h('td', { class: 'cmp-player' }, row.mine ? t('campaign.board.you') : row.player),
                h('td', { class: 'cmp-score' }, row.score),
              ),
            ),
          ),
        )
      : h('p', { class: 'cmp-empty' }, t('campaign.board.empty'));
    return h(
      'section',
      { class: 'cmp-section' },
      h(
        'h3',
        {},
        t('campaign.board'),
        h(
          'small',
          {},
          entry.standings?.final ? t('campaign.final') : t('campaign.board.players', { count: players }),
        ),
      ),
      table,
    );
  }

  private prizeTable(entry: SessionCampaign): HTMLElement {
    const { campaign } = entry;
    const spec = (prize: Record<string, unknown>) =>
      prizeSpecText(prize, campaign.currency, campaign.pool_amount, this.gameTitle);
    const items =
      campaign.kind === 'tournament'
        ? (campaign.places ?? []).map((place) =>
            h('li', {}, h('span', {}, placesText(place.from, place.to)), h('strong', {}, spec(place.prize))),
          )
        : (campaign.drops ?? []).map((drop) =>
            h(
              'li',
              {},
              h('span', {}, t('campaign.prizes.count', { count: drop.count })),
              h('strong', {}, spec(drop.prize)),
            ),
          );
    return h(
      'section',
      { class: 'cmp-section' },
      h('h3', {}, t('campaign.prizes')),
      h('ul', { class: 'cmp-prizes', 'data-testid': 'campaign-prize-table' }, ...items),
    );
  }

  private wonSection(entry: SessionCampaign): HTMLElement | null {
    const prizes = entry.prizes ?? [];
    if (prizes.length === 0) return null;
    return h(
      'section',
      { class: 'cmp-section' },
      h('h3', {}, t('campaign.your_prizes')),
      h(
        'ul',
        { class: 'cmp-won', 'data-testid': 'campaign-won' },
        ...prizes.map((prize) =>
          h(
            'li',
            { 'data-status': prize.status },
            h(
              'span',
              {},
              prize.source === 'place' && prize.place !== null
                ? placeText(prize.place)
                : t('campaign.kind.drop'),
            ),
            h('strong', {}, wonText(prize, this.gameTitle)),
            h('em', {}, prizePaid(prize) ? t('campaign.prize.paid') : t('campaign.prize.pending')),
          ),
        ),
      ),
    );
  }

  private rulesSection(entry: SessionCampaign): HTMLElement {
    const { campaign } = entry;
    const commit = campaign.drop_commit
      ? h(
          'p',
          { class: 'cmp-commit' },
          t('campaign.commit'),
          ' ',
          h('code', { 'data-testid': 'campaign-commit' }, campaign.drop_commit),
          campaign.drop_salt
            ? h('span', {}, ` ${t('campaign.salt')} `, h('code', {}, campaign.drop_salt))
            : null,
        )
      : null;
    return h(
      'section',
      { class: 'cmp-section' },
      h('h3', {}, t('campaign.rules')),
      h(
        'ul',
        { class: 'cmp-rules', 'data-testid': 'campaign-rules' },
        ...rulesOf(entry, this.options.currency, periodDate).map((line) => h('li', {}, line)),
      ),
      commit,
    );
  }

  private async join(campaignId: string): Promise<void> {
    this.joining = campaignId;
    this.joinFailed = null;
    this.renderPanel();
    try {
      const entered = await this.client.enterCampaign(campaignId);
      this.entries = this.entries.map((entry) =>
        entry.campaign.campaign_id === campaignId ? entered : entry,
      );
    } catch {
      this.joinFailed = campaignId;
    } finally {
      this.joining = null;
    }
    this.render();
    this.renderPanel();
    void this.refresh();
  }

  /** A banner over the top of the reels: it says what was won and goes by itself. */
  private celebrate(prize: SessionCampaign['prizes'][number], count: number): void {
    const entry = this.entries.find((e) => e.campaign.campaign_id === prize.campaign_id);
    const close = h(
      'button',
      {
        type: 'button',
        class: 'cmp-close',
        'aria-label': t('campaign.won.close'),
        title: t('campaign.won.close'),
      },
      '×',
    );
    close.addEventListener('click', () => this.hideBanner());
    this.banner.dataset.source = prize.source;
    this.banner.replaceChildren(
      h('span', { class: 'cmp-icon', 'aria-hidden': 'true' }),
      h(
        'div',
        { class: 'cmp-banner-text' },
        h('strong', {}, prize.source === 'drop' ? t('campaign.won.title') : t('campaign.won.place_title')),
        h(
          'span',
          { 'data-testid': 'campaign-banner-prize' },
          t('campaign.won.text', {
            prize: wonText(prize, this.gameTitle),
            name: entry?.campaign.name ?? '',
          }),
          count > 1 ? ` ${t('campaign.badge.more', { count: count - 1 })}` : '',
        ),
      ),
      close,
    );
    this.banner.hidden = false;
    if (this.bannerTimer) clearTimeout(this.bannerTimer);
    this.bannerTimer = setTimeout(() => this.hideBanner(), BANNER_MS);
  }

  private hideBanner(): void {
    if (this.bannerTimer) clearTimeout(this.bannerTimer);
    this.bannerTimer = null;
    this.banner.hidden = true;
  }
}
