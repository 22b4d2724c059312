// The jackpot meters above the reels (issue 28): GET jackpots every 2 s while the tab is visible and
// at once after a spin (so a tier just won shows its reset), each tier's value climbing to the new
// reading (held still under reduced motion), the bar hidden when the session has no jackpots.
import type { RuntimeClient } from '../api/runtime.ts';
import type { JackpotsAnswer } from '../api/types.ts';
import { language } from '../i18n/i18n.ts';
import { meterBetween, metersOf, pollDelay, type TierMeter, tierName } from '../logic/jackpots.ts';
import { formatAmount, formatMoney } from '../logic/money.ts';
import { motion } from '../scene/tween.ts';
import { h } from '../ui/dom.ts';

/** How long a meter takes to climb to a new reading (a little under the poll interval). */
const CLIMB_MS = 1_600;

interface ShownTier {
  item: HTMLElement;
  value: HTMLOutputElement;
  meter: TierMeter;
  /** The amount on screen now (minor units), on its way to `meter.minor`. */
  shown: bigint;
  from: bigint;
}

export class JackpotMeters {
  private readonly client: RuntimeClient;
  private readonly bar: HTMLElement;
  private readonly list: HTMLElement;
  private answer: JackpotsAnswer | null = null;
  private readonly tiers = new Map<string, ShownTier>();
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private reading: Promise<void> | null = null;
  /** A read was asked for while one was under way: it goes again once that one is answered. */
  private again = false;
  private stopped = false;
  private climbStart = 0;
  private climbing = false;
  private readonly onVisibility = () => {
    if (document.visibilityState === 'visible') void this.refresh();
    else this.clearTimer();
  };

  constructor(options: { client: RuntimeClient; bar: HTMLElement }) {
    this.client = options.client;
    this.bar = options.bar;
    this.list = h('ul', { class: 'jp-list' });
    this.bar.replaceChildren(this.list);
  }

  /** The last answer (the rules screen's jackpot section is written from it). */
  get latest(): JackpotsAnswer | null {
    return this.answer;
  }

  /** The colour tone of a pool's tier by its name (the win screen wears it), or null. */
  toneOf(poolId: string, tierName: string): string | null {
    for (const tier of this.tiers.values())
      if (tier.meter.poolId === poolId && tier.meter.tier.name === tierName) return tier.meter.tone;
    return null;
  }

  start(): Promise<void> {
    document.addEventListener('visibilitychange', this.onVisibility);
    return this.refresh();
  }

  stop(): void {
    this.stopped = true;
    this.clearTimer();
    document.removeEventListener('visibilitychange', this.onVisibility);
  }

  /** Reads the meters now (after a spin: a reset shows at once, not at the next tick). */
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
      this.answer = await this.client.jackpots();
      this.failures = 0;
    } catch {
      this.failures++; // the meters on screen stay; the next read backs off
      return;
    }
    // Eligibility is the session's (its market, its play mode): it does not change while it lasts.
    if (!this.answer.eligible) this.stop();
    this.render(metersOf(this.answer));
  }

  private schedule(): void {
    if (this.stopped || document.visibilityState !== 'visible') return;
    this.timer = setTimeout(() => void this.refresh(), pollDelay(this.failures));
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private render(meters: TierMeter[]): void {
    this.bar.hidden = meters.length === 0;
    const keys = meters.map((meter) => meter.key);
    if (keys.join('\n') !== [...this.tiers.keys()].join('\n')) {
      const before = new Map(this.tiers);
      this.tiers.clear();
      for (const meter of meters) {
        const value = h('output', { class: 'jp-value', 'aria-live': 'off', 'data-testid': 'jackpot-value' });
        const item = h(
          'li',
          { class: 'jp-tier', 'data-tone': meter.tone, 'data-testid': 'jackpot-tier' },
          h('span', { class: 'jp-name' }, tierName(meter.tier.name)),
          value,
        );
        const old = before.get(meter.key);
        const shown = old && old.meter.currency === meter.currency ? old.shown : meter.minor;
        this.tiers.set(meter.key, { item, value, meter, shown, from: shown });
      }
      this.list.replaceChildren(...[...this.tiers.values()].map((tier) => tier.item));
      this.bar.dataset.count = String(meters.length);
    }
    for (const meter of meters) {
      const tier = this.tiers.get(meter.key) as ShownTier;
      tier.meter = meter;
      tier.from = tier.shown;
      tier.item.dataset.tier = meter.tier.name;
      // The reading itself, for tests and tools; the text may still be climbing to it.
      tier.value.dataset.amount = formatAmount(meter.minor, meter.currency);
    }
    this.climbStart = performance.now();
    if (motion.reduced || document.visibilityState !== 'visible') this.paint(1);
    else if (!this.climbing) {
      this.climbing = true;
      requestAnimationFrame(this.frame);
    }
  }

  private readonly frame = (now: number) => {
    const progress = Math.min(1, (now - this.climbStart) / CLIMB_MS);
    this.paint(progress);
    if (progress < 1 && !motion.reduced) requestAnimationFrame(this.frame);
    else this.climbing = false;
  };

  private paint(progress: number): void {
    for (const tier of this.tiers.values()) {
      const next = meterBetween(tier.from, tier.meter.minor, progress);
      if (next === tier.shown && tier.value.textContent) continue;
      tier.shown = next;
      tier.value.textContent = formatMoney(next, tier.meter.currency, language());
    }
  }
}
