// Reports (finance, admin): the summary by day, game and currency across operators, with charts and
// CSV export; a day's transactions for one operator as CSV.
import { minorUnits, toMinor } from '../../../src/logic/money.ts';
import { get, operatorNames, query } from '../api.ts';
import { chart, legend } from '../chart.ts';
import { h, table } from '../dom.ts';
import { action, clear, field, heading, input, latestLoad, notice, operatorSelect } from '../ui.ts';

interface Row {
  date: string;
  game_symbol: string;
  currency: string;
  rounds: number;
  stakes: string;
  wins: string;
  free_round_wins: string;
  ggr: string;
  rtp: string | null;
  rollbacks?: number;
  final?: boolean;
  operator_id?: string;
}

function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

export async function reportsPage(main: HTMLElement): Promise<void> {
  const out = notice();
  const operator = await operatorSelect({ all: 'All operators' });
  const nameOf = await operatorNames();
  const percent = (ratio: string | null) => (ratio === null ? '—' : `${(Number(ratio) * 100).toFixed(2)}%`);
  const from = input('from', { type: 'date', value: day(-13), required: true });
  const to = input('to', { type: 'date', value: day(0), required: true });
  const results = h('div');
  const csv = h('a', { class: 'button secondary', download: 'summary.csv' }, 'Export CSV');
  const form = h(
    'form',
    { class: 'filters', 'aria-label': 'Report period' },
    field('From (UTC day)', from),
    field('To (UTC day)', to),
    field('Operator', operator),
    h('button', { type: 'submit' }, 'Show'),
    csv,
  );
  const txDate = input('date', { type: 'date', value: day(-1), required: true });
  const txOperator = await operatorSelect();
  const txLink = h('a', { class: 'button secondary' }, 'Download transactions (CSV)');
  const updateTxLink = () => {
    txLink.setAttribute(
      'href',
      `/api/admin/v1/reports/transactions${query({ date: txDate.value, operator_id: txOperator.value, format: 'csv' })}`,
    );
    txLink.setAttribute('download', `transactions-${txOperator.value}-${txDate.value}.csv`);
  };
  txDate.addEventListener('change', updateTxLink);
  txOperator.addEventListener('change', updateTxLink);
  updateTxLink();

  const loads = latestLoad();
  const load = async () => {
    const current = loads.begin();
    const params = { from: from.value, to: to.value, operator_id: operator.value };
    csv.setAttribute('href', `/api/admin/v1/reports/summary${query({ ...params, format: 'csv' })}`);
    csv.setAttribute('download', `summary-${from.value}-${to.value}.csv`);
    const answer = await get<{ days: Row[] }>(
      `/api/admin/v1/reports/summary${query({ ...params, format: 'json' })}`,
    );
    if (!current()) return;
    const days = answer.days;
    const currencies = [...new Set(days.map((d) => d.currency))].sort();
    // Every day of the period on the axis (days without rounds show as zero), at most 92 of them.
    const dates: string[] = [];
    for (
      let t = Date.parse(`${from.value}T00:00:00Z`);
      t <= Date.parse(`${to.value}T00:00:00Z`);
      t += 86_400_000
    ) {
      dates.push(new Date(t).toISOString().slice(0, 10));
      if (dates.length >= 92) break;
    }
    for (const d of days) if (!dates.includes(d.date)) dates.push(d.date);
    dates.sort();
    // Each day's totals per currency, summed once and exactly in minor units (GGR = stakes − wins);
    // only the bars' heights become floating point.
    const totals = new Map<string, { stakes: bigint; wins: bigint }>();
    for (const d of days) {
      const key = `${d.currency}\n${d.date}`;
      const sum = totals.get(key) ?? { stakes: 0n, wins: 0n };
      sum.stakes += toMinor(d.stakes, d.currency);
      sum.wins += toMinor(d.wins, d.currency);
      totals.set(key, sum);
    }
    const charts = currencies.map((currency) => {
      const scale = 10 ** minorUnits(currency);
      const sums = dates.map((date) => totals.get(`${currency}\n${date}`) ?? { stakes: 0n, wins: 0n });
      const major = (minor: bigint) => Number(minor) / scale;
      const money = [
        { name: 'Stakes', values: sums.map((t) => major(t.stakes)), className: 's1' },
        { name: 'Wins', values: sums.map((t) => major(t.wins)), className: 's2' },
        { name: 'GGR', values: sums.map((t) => major(t.stakes - t.wins)), className: 's3' },
      ];
      const rtp = [
        {
          name: 'RTP realised %',
          values: sums.map((t) =>
            t.stakes > 0n ? Math.round((Number(t.wins) / Number(t.stakes)) * 10000) / 100 : null,
          ),
          className: 's4',
        },
      ];
      return h(
        'section',
        { class: 'panel', 'aria-label': `Charts in ${currency}` },
        h('h2', null, `${currency}: stakes, wins and GGR by day`),
        chart({
          title: `Stakes, wins and GGR in ${currency} by day`,
          description: `Grouped bars for ${dates.length} day(s); the table below has every figure.`,
          labels: dates.map((d) => d.slice(5)),
          series: money,
          kind: 'bar',
        }),
        legend(money),
        h('h3', null, `RTP realised (${currency})`),
        chart({
          title: `RTP realised in ${currency} by day`,
          description: 'Wins (free rounds apart) divided by stakes, per day.',
          labels: dates.map((d) => d.slice(5)),
          series: rtp,
          kind: 'line',
          format: (v) => `${v}%`,
        }),
      );
    });
    clear(
      results,
      charts,
      table(
        [
          'Day',
          'Operator',
          'Game',
          'Currency',
          'Rounds',
          'Stakes',
          'Wins',
          'Free-round wins',
          'GGR',
          'RTP',
          'Final',
        ],
        days.map((d) => [
          d.date,
          d.operator_id ? nameOf(d.operator_id) : '—',
          d.game_symbol,
          d.currency,
          String(d.rounds),
          d.stakes,
          d.wins,
          d.free_round_wins,
          d.ggr,
          percent(d.rtp),
          d.final === undefined ? '—' : d.final ? 'yes' : 'not yet',
        ]),
        `Summary ${from.value} to ${to.value}`,
      ),
    );
  };
  form.addEventListener('submit', action(out, load));
  clear(
    main,
    heading(
      'Reports',
      'Stakes, wins, GGR and RTP by UTC day, game and currency; a day is final once it is over.',
    ),
    out.element,
    form,
    results,
    h(
      'section',
      { class: 'panel', 'aria-labelledby': 'tx-export' },
      h('h2', { id: 'tx-export' }, "A day's wallet transactions"),
      h('div', { class: 'filters' }, field('Day (UTC)', txDate), field('Operator', txOperator), txLink),
    ),
  );
  await load();
}
