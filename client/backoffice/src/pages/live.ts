// Live figures: rounds per second and wallet latency/failures by operator, refreshed every 5 s.
import { get, operatorNames } from '../api.ts';
import { chart } from '../chart.ts';
import { h, table } from '../dom.ts';
import { clear, heading, notice } from '../ui.ts';

interface Live {
  at: string;
  window_seconds: number;
  rounds_per_second: number;
  by_operator: Array<{
    operator_id: string;
    wallet_p50_ms: number | null;
    wallet_p99_ms: number | null;
    wallet_failures: number;
    wallet_calls: number;
  }>;
}

const EVERY_MS = 5_000;

export async function livePage(main: HTMLElement): Promise<() => void> {
  const out = notice();
  const nameOf = await operatorNames();
  const figures = h('div', { 'data-testid': 'live' });
  const history: Array<{ at: string; rps: number }> = [];
  const ms = (v: number | null) => (v === null ? '—' : `${v} ms`);
  const show = (live: Live) => {
    history.push({ at: live.at.slice(11, 19), rps: live.rounds_per_second });
    if (history.length > 24) history.shift();
    clear(
      figures,
      h(
        'div',
        { class: 'big-figures' },
        h(
          'p',
          null,
          h('span', { class: 'big', 'data-testid': 'rps' }, String(live.rounds_per_second)),
          ' rounds per second',
        ),
        h(
          'p',
          { class: 'meta' },
          `This node, over the last ${live.window_seconds} s · ${live.at.replace('T', ' ').slice(0, 19)} UTC`,
        ),
      ),
      history.length > 1
        ? chart({
            title: 'Rounds per second, recent samples',
            description: `The last ${history.length} readings, one every ${EVERY_MS / 1000} seconds.`,
            labels: history.map((x) => x.at),
            series: [{ name: 'Rounds per second', values: history.map((x) => x.rps), className: 's1' }],
            kind: 'line',
          })
        : null,
      table(
        ['Operator', 'Wallet calls', 'Failures', 'p50 latency', 'p99 latency'],
        live.by_operator.map((op) => [
          nameOf(op.operator_id),
          String(op.wallet_calls),
          h('span', { class: op.wallet_failures > 0 ? 'warn-text' : '' }, String(op.wallet_failures)),
          ms(op.wallet_p50_ms),
          ms(op.wallet_p99_ms),
        ]),
        'Operator wallets (callback mode)',
      ),
    );
  };
  const load = async () => {
    try {
      show(await get<Live>('/api/admin/v1/live'));
    } catch (error) {
      out.error(error);
    }
  };
  clear(main, heading('Live', 'What this node is doing now, from its own metrics.'), out.element, figures);
  await load();
  const timer = setInterval(() => void load(), EVERY_MS);
  return () => clearInterval(timer);
}
